import { EyeIcon, HistoryIcon, MailIcon, PencilIcon } from "lucide-react";
import type * as React from "react";
import { Button } from "#app/components/ui/button.tsx";
import type { PostEditorState } from "#app/features/post-editor/use-post-editor.ts";
import { PostActionsBar } from "./post-actions-bar.tsx";

/**
 * The bar over the editor's form, under its header (docs/product/editor.md#editor): Edit or
 * Preview, History, the newsletter buttons of a post (not of a marketplace item), and on a phone
 * the actions the header leaves out.
 */
export function EditorBar({
  editor,
  mailable,
  onNewsletter,
}: {
  editor: PostEditorState;
  /** Only posts go out as newsletters; a marketplace item is not one. */
  mailable: boolean;
  onNewsletter: () => void;
}) {
  const { held, mode, setMode } = editor;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <fieldset className="inline-flex rounded-lg bg-night-900 p-1 ring-1 ring-night-700">
        <legend className="sr-only">View</legend>
        <ModeButton pressed={mode === "edit"} onClick={() => setMode("edit")}>
          <PencilIcon aria-hidden="true" />
          Edit
        </ModeButton>
        <ModeButton pressed={mode === "preview"} onClick={() => setMode("preview")}>
          <EyeIcon aria-hidden="true" />
          Preview
        </ModeButton>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        {held.id ? (
          <Button type="button" variant="ghost" onClick={() => editor.history.setOpen(true)}>
            <HistoryIcon aria-hidden="true" />
            History
          </Button>
        ) : null}
        {mailable && held.id && held.status === "published" ? (
          <Button type="button" variant="outline" onClick={onNewsletter}>
            <MailIcon aria-hidden="true" />
            Send as newsletter
          </Button>
        ) : null}
        {mailable && (held.status === "draft" || held.status === null) ? (
          <Button
            type="button"
            variant="outline"
            disabled={editor.pending !== null}
            onClick={editor.publishAndEmail}
          >
            <MailIcon aria-hidden="true" />
            Publish and e-mail subscribers
          </Button>
        ) : null}
        <PostActionsBar
          status={held.status}
          pending={editor.pending}
          onAction={(action) => void editor.perform(action)}
          show="others"
        />
      </div>
    </div>
  );
}

function ModeButton({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className="inline-flex items-center gap-2 rounded-md px-4 py-1.5 text-sm font-semibold text-zinc-300 transition-colors hover:text-white focus-visible:ring-2 focus-visible:ring-diamond-400 focus-visible:outline-none aria-pressed:bg-grass-500 aria-pressed:text-night-950 [&_svg]:size-4"
    >
      {children}
    </button>
  );
}
