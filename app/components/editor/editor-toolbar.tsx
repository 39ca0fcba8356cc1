import type { Editor } from "@tiptap/core";
import { useEditorState } from "@tiptap/react";
import {
  BoldIcon,
  CodeIcon,
  Heading1Icon,
  Heading2Icon,
  Heading3Icon,
  ItalicIcon,
  LinkIcon,
  ListIcon,
  ListOrderedIcon,
  type LucideIcon,
  Redo2Icon,
  TextQuoteIcon,
  Undo2Icon,
} from "lucide-react";
import * as React from "react";
import { cn } from "#app/lib/cn.ts";
import type { GalleryImage } from "#common/editor/embed-markup.ts";
import { EmbedButtons } from "./embed-buttons.tsx";
import { ImageButton } from "./image-button.tsx";
import { LinkDialog } from "./link-dialog.tsx";
import type { UploadImageFile } from "./use-image-uploads.ts";

type ToggleButton = {
  label: string;
  icon: LucideIcon;
  isActive: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
};

const FORMATTING: ToggleButton[][] = [
  [
    {
      label: "Bold",
      icon: BoldIcon,
      isActive: (e) => e.isActive("bold"),
      run: (e) => e.chain().focus().toggleBold().run(),
    },
    {
      label: "Italic",
      icon: ItalicIcon,
      isActive: (e) => e.isActive("italic"),
      run: (e) => e.chain().focus().toggleItalic().run(),
    },
  ],
  ([1, 2, 3] as const).map((level) => ({
    label: `Heading ${level}`,
    icon: [Heading1Icon, Heading2Icon, Heading3Icon][level - 1] as LucideIcon,
    isActive: (e: Editor) => e.isActive("heading", { level }),
    run: (e: Editor) => e.chain().focus().toggleHeading({ level }).run(),
  })),
  [
    {
      label: "Bullet list",
      icon: ListIcon,
      isActive: (e) => e.isActive("bulletList"),
      run: (e) => e.chain().focus().toggleBulletList().run(),
    },
    {
      label: "Ordered list",
      icon: ListOrderedIcon,
      isActive: (e) => e.isActive("orderedList"),
      run: (e) => e.chain().focus().toggleOrderedList().run(),
    },
    {
      label: "Blockquote",
      icon: TextQuoteIcon,
      isActive: (e) => e.isActive("blockquote"),
      run: (e) => e.chain().focus().toggleBlockquote().run(),
    },
    {
      label: "Inline code",
      icon: CodeIcon,
      isActive: (e) => e.isActive("code"),
      run: (e) => e.chain().focus().toggleCode().run(),
    },
  ],
];

/** The toolbar's own frame; also the shape of its stand-in while the editor loads. */
export const TOOLBAR =
  "sticky top-[var(--editor-toolbar-top,4rem)] z-20 flex min-h-12 flex-wrap items-center gap-1 rounded-t-md border-b border-night-700 bg-night-900 p-1.5";

const BUTTON =
  "inline-flex size-9 items-center justify-center rounded-md text-zinc-300 transition-colors hover:bg-white/10 hover:text-white focus-visible:ring-2 focus-visible:ring-diamond-400 focus-visible:outline-none disabled:pointer-events-none disabled:opacity-40 aria-pressed:bg-grass-500 aria-pressed:text-night-950 [&_svg]:size-4";

/**
 * The rich-text toolbar (docs/product/editor.md#editor,
 * docs/product/departures.md#link-button-and-alt-text): marks and blocks as toggle buttons that say
 * whether they are on (aria-pressed), undo and redo, a link, an image, a marketplace item card and
 * an image gallery. It stays in view below
 * the site's fixed header while a long post scrolls (`--editor-toolbar-top`, 4rem by default, says
 * how far down), with a background of its own so the text scrolling under it does not show through.
 */
export function EditorToolbar({
  editor,
  label,
  onInsertImage,
  uploadImage,
}: {
  editor: Editor;
  label: string;
  /** Uploads an image file and inserts it at `pos` with its description. */
  onInsertImage: (file: File, pos: number, alt: string) => void;
  /** Uploads an image file (a gallery's) and answers its address. */
  uploadImage: UploadImageFile;
}) {
  const state = useToolbarState(editor);
  return (
    <div role="toolbar" aria-label={label} aria-orientation="horizontal" className={TOOLBAR}>
      {FORMATTING.map((group, groupIndex) => (
        <React.Fragment key={group[0]?.label}>
          {groupIndex > 0 ? <Separator /> : null}
          {group.map((button) => (
            <ToolbarButton
              key={button.label}
              label={button.label}
              icon={button.icon}
              pressed={state.active[button.label] ?? false}
              disabled={!state.editable}
              onClick={() => button.run(editor)}
            />
          ))}
        </React.Fragment>
      ))}
      <Separator />
      <LinkControls editor={editor} state={state} />
      <ImageButton
        editor={editor}
        className={BUTTON}
        selectedImage={state.image}
        disabled={!state.editable}
        onInsert={onInsertImage}
      />
      <EmbedButtons
        editor={editor}
        className={BUTTON}
        selectedGallery={state.gallery}
        disabled={!state.editable}
        uploadImage={uploadImage}
      />
      <Separator />
      <ToolbarButton
        label="Undo"
        icon={Undo2Icon}
        disabled={!state.canUndo}
        onClick={() => editor.chain().focus().undo().run()}
      />
      <ToolbarButton
        label="Redo"
        icon={Redo2Icon}
        disabled={!state.canRedo}
        onClick={() => editor.chain().focus().redo().run()}
      />
    </div>
  );
}

/** What the toolbar shows of the editor: which marks and blocks are on, the link, the image. */
function useToolbarState(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      active: Object.fromEntries(
        FORMATTING.flat().map((button) => [button.label, button.isActive(current)]),
      ) as Record<string, boolean>,
      link: current.isActive("link"),
      href: (current.getAttributes("link").href as string | undefined) ?? "",
      image: current.isActive("image")
        ? { alt: (current.getAttributes("image").alt as string | null | undefined) ?? "" }
        : null,
      gallery: current.isActive("imageGallery")
        ? (current.getAttributes("imageGallery").images as GalleryImage[])
        : null,
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
      editable: current.isEditable,
    }),
  });
}

/** A button that acts on the editor without taking the focus from it; a toggle when `pressed`. */
function ToolbarButton({
  label,
  icon: Icon,
  pressed,
  disabled,
  onClick,
}: {
  label: string;
  icon: LucideIcon;
  pressed?: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={BUTTON}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onMouseDown={keepEditorFocus}
      onClick={onClick}
    >
      <Icon aria-hidden="true" />
    </button>
  );
}

/** Link (or Edit link, on a link) and its dialog, which sets, changes or removes the link. */
function LinkControls({
  editor,
  state,
}: {
  editor: Editor;
  state: ReturnType<typeof useToolbarState>;
}) {
  const [linkOpen, setLinkOpen] = React.useState(false);
  return (
    <>
      <button
        type="button"
        className={BUTTON}
        aria-label={state.link ? "Edit link" : "Link"}
        title={state.link ? "Edit link" : "Link"}
        aria-pressed={state.link}
        aria-haspopup="dialog"
        disabled={!state.editable}
        onClick={() => setLinkOpen(true)}
      >
        <LinkIcon aria-hidden="true" />
      </button>
      <LinkDialog
        open={linkOpen}
        onOpenChange={setLinkOpen}
        onClosed={() => editor.commands.focus()}
        initialHref={state.href}
        onSave={(href) => {
          setLinkOpen(false);
          const chain = editor.chain().extendMarkRange("link");
          if (editor.state.selection.empty && !state.link) {
            // Nothing selected: the address itself becomes the linked text.
            chain
              .insertContent({
                type: "text",
                text: href,
                marks: [{ type: "link", attrs: { href } }],
              })
              .run();
          } else {
            chain.setLink({ href }).run();
          }
        }}
        onRemove={() => {
          setLinkOpen(false);
          editor.chain().extendMarkRange("link").unsetLink().run();
        }}
      />
    </>
  );
}

/**
 * A press on a toolbar button must not move focus out of the editor: leaving and re-entering
 * it resyncs the selection, which drops a mark switched on for the next typed text.
 */
function keepEditorFocus(event: React.MouseEvent) {
  event.preventDefault();
}

function Separator() {
  return <span aria-hidden="true" className={cn("mx-1 h-6 w-px bg-night-700")} />;
}
