import type { Editor } from "@tiptap/core";
import { ImageIcon } from "lucide-react";
import * as React from "react";
import { ImageDialog, type ImageDialogMode } from "./image-dialog.tsx";

/**
 * The toolbar's image button: `Insert image` asks for a file and its description, then uploads
 * it at the cursor, or inserts an image of the media library with its alt text; on a selected
 * image it reads `Edit alt text` and changes its description.
 */
export function ImageButton({
  editor,
  className,
  selectedImage,
  disabled,
  onInsert,
}: {
  editor: Editor;
  className: string;
  /** The alt text of the selected image; null when no image is selected. */
  selectedImage: { alt: string } | null;
  disabled: boolean;
  /** Uploads `file` and inserts it at `pos` with `alt`. */
  onInsert: (file: File, pos: number, alt: string) => void;
}) {
  const [mode, setMode] = React.useState<ImageDialogMode | null>(null);
  const label = selectedImage ? "Edit alt text" : "Insert image";
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={label}
        title={label}
        aria-pressed={selectedImage !== null}
        aria-haspopup="dialog"
        disabled={disabled}
        onClick={() =>
          setMode(selectedImage ? { kind: "edit", alt: selectedImage.alt } : { kind: "insert" })
        }
      >
        <ImageIcon aria-hidden="true" />
      </button>
      <ImageDialog
        mode={mode}
        onOpenChange={(open) => {
          if (!open) setMode(null);
        }}
        onClosed={() => editor.commands.focus()}
        onInsert={(file, alt) => {
          setMode(null);
          // After the selection, so selected text stays; the cursor stays where it was.
          onInsert(file, editor.state.selection.to, alt);
        }}
        onPick={(src, alt) => {
          setMode(null);
          editor
            .chain()
            .insertContentAt(editor.state.selection.to, { type: "image", attrs: { src, alt } })
            .run();
        }}
        onDescribe={(alt) => {
          setMode(null);
          editor.chain().updateAttributes("image", { alt }).run();
        }}
      />
    </>
  );
}
