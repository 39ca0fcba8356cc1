import { EditorContent, useEditor } from "@tiptap/react";
import * as React from "react";
import { cn } from "#app/lib/cn.ts";
import { editorExtensions } from "#common/editor/extensions.ts";
import { EditorToolbar, TOOLBAR } from "./editor-toolbar.tsx";
import { UploadStatus } from "./upload-status.tsx";
import { type UploadImageFile, useImageUploads } from "./use-image-uploads.ts";

export type RichTextEditorProps = {
  /** HTML; a change from outside (a video's details filled in) replaces the content. */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** The id of the editable area, for a label's aria-labelledby and for focusing it. */
  id: string;
  /** The id of the element that names the editor. */
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  /** The site's public origin, so links to it stay inside the site (see editorExtensions). */
  siteUrl?: string | null;
  /** Classes of the editable area; its minimum height is 300 px unless these say more. */
  contentClassName?: string;
  /** Uploads an image put into the content (toolbar, paste or drop); answers its address. */
  uploadImage: UploadImageFile;
};

/**
 * The rich-text editor (TipTap) with its toolbar. The editable area is styled like the public
 * post page's content (prose-post), so a post looks while written as it will when published.
 * Images come in through the toolbar, a paste or a drop, each uploaded behind a placeholder,
 * with a status line under the content. Loaded on its own, only where a post is edited: see the
 * lazy import in the post editor.
 */
export function RichTextEditor({
  value,
  onChange,
  onBlur,
  id,
  labelledBy,
  describedBy,
  invalid = false,
  siteUrl = null,
  contentClassName,
  uploadImage,
}: RichTextEditorProps) {
  const onChangeRef = React.useRef(onChange);
  const onBlurRef = React.useRef(onBlur);
  React.useEffect(() => {
    onChangeRef.current = onChange;
    onBlurRef.current = onBlur;
  });
  // The last HTML this editor reported, to tell its own changes from ones made outside.
  const reported = React.useRef(value);
  const extensions = React.useMemo(() => editorExtensions({ siteUrl }), [siteUrl]);

  const attributes = React.useMemo(
    () => ({
      id,
      role: "textbox",
      "aria-multiline": "true",
      "aria-labelledby": labelledBy,
      ...(describedBy ? { "aria-describedby": describedBy } : {}),
      ...(invalid ? { "aria-invalid": "true" } : {}),
      class: cn(
        "prose-post min-h-[300px] max-w-none px-4 py-4 text-base focus-visible:outline-none sm:px-6",
        // A selected image (to edit its alt text, or delete it) shows that it is selected.
        "[&_img.ProseMirror-selectednode]:outline-2 [&_img.ProseMirror-selectednode]:outline-offset-2 [&_img.ProseMirror-selectednode]:outline-diamond-400",
        contentClassName,
      ),
    }),
    [id, labelledBy, describedBy, invalid, contentClassName],
  );

  const editor = useEditor({
    extensions,
    content: value,
    // The dashboard renders on the server first; the editor exists only in the browser.
    immediatelyRender: false,
    // The toolbar follows the editor through useEditorState; nothing else needs a re-render.
    shouldRerenderOnTransaction: false,
    editorProps: { attributes },
    onUpdate: ({ editor: current }) => {
      const html = current.getHTML();
      reported.current = html;
      onChangeRef.current(html);
    },
    onBlur: () => onBlurRef.current?.(),
  });

  React.useEffect(() => {
    editor?.setOptions({ editorProps: { attributes } });
  }, [editor, attributes]);

  const images = useImageUploads(editor, uploadImage);
  const insertImage = (file: File, pos: number, alt: string) => images.start([file], pos, alt);

  React.useEffect(() => {
    if (!editor || value === reported.current) return;
    reported.current = value;
    // Reported back as the editor writes it, so the form holds what will be saved.
    if (value !== editor.getHTML()) editor.commands.setContent(value);
  }, [editor, value]);

  return (
    <div
      data-slot="rich-text-editor"
      className={cn(
        // Clipped rather than hidden: overflow hidden would make this frame a scroll container,
        // and the sticky toolbar would then stick inside it instead of below the page header.
        "overflow-clip rounded-md bg-night-950 ring-1 ring-night-600 focus-within:ring-2 focus-within:ring-diamond-400",
        invalid && "ring-redstone-400",
      )}
    >
      {editor ? (
        <EditorToolbar
          editor={editor}
          label="Formatting"
          onInsertImage={insertImage}
          uploadImage={uploadImage}
        />
      ) : (
        <div aria-hidden="true" className={TOOLBAR} />
      )}
      {editor ? null : <div className={cn("min-h-[300px]", contentClassName)} />}
      <EditorContent editor={editor} />
      <UploadStatus
        uploads={images.uploads}
        notice={images.notice}
        onDismiss={images.dismissNotice}
      />
    </div>
  );
}

export default RichTextEditor;
