import * as React from "react";
import { Badge, statusBadgeVariant } from "#app/components/ui/badge.tsx";
import { changesNotLive } from "#app/features/post-editor/held-post.ts";
import { statusSummary } from "#app/features/post-editor/post-actions.ts";
import type { PostEditorState } from "#app/features/post-editor/use-post-editor.ts";
import { useViewerZone } from "#app/lib/staff-time.ts";
import { AutosaveStatus } from "./autosave-status.tsx";
import { PostActionsBar } from "./post-actions-bar.tsx";
import { RestoreOffer } from "./restore-offer.tsx";

/** Where the site's own header ends: the editor's header sticks just below it. */
const SITE_HEADER_REM = 4;

/**
 * The editor's header (docs/product/editor.md#editor-header): it stays in view, just below the
 * site's header, however long the post: the status the server holds, whether the changes are
 * saved (and, for a public post, that they are not live), and the actions, the main one last.
 * On a phone only the main action is here; the others are in the bar under it. The offer to
 * restore this browser's copy sits in it too, so it is seen wherever the page opens scrolled to.
 * The content's toolbar sticks just below it (`--editor-toolbar-top`, kept to its height).
 */
export function EditorHeader({
  editor,
  children,
}: {
  editor: PostEditorState;
  /** What follows the header in the page: its height places their sticky toolbar. */
  children: React.ReactNode;
}) {
  const { held, localCopy } = editor;
  const header = React.useRef<HTMLDivElement>(null);
  const [height, setHeight] = React.useState(0);
  React.useEffect(() => {
    const element = header.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => setHeight(element.offsetHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const summary = statusSummary(held, useViewerZone());
  return (
    <div
      style={
        {
          "--editor-toolbar-top": `calc(${SITE_HEADER_REM}rem + ${height}px)`,
        } as React.CSSProperties
      }
      className="space-y-6"
    >
      <div
        ref={header}
        data-slot="editor-header"
        className="sticky top-16 z-30 -mx-4 space-y-3 border-b border-night-700 bg-night-950 px-4 py-3 sm:-mx-6 sm:px-6"
      >
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
            <Badge
              variant={held.status ? statusBadgeVariant(held.status) : "neutral"}
              aria-label={`Status: ${summary.label}`}
            >
              {summary.label}
            </Badge>
            <AutosaveStatus state={editor.autosaveState} notLive={changesNotLive(held)} />
          </div>
          <PostActionsBar
            status={held.status}
            pending={editor.pending}
            onAction={(action) => void editor.perform(action)}
            show="header"
          />
        </div>
        {localCopy.offer ? (
          <RestoreOffer
            draft={localCopy.offer}
            heldUpdatedAt={held.updatedAt}
            onRestore={localCopy.restore}
            onDiscard={localCopy.discard}
          />
        ) : null}
      </div>
      {children}
    </div>
  );
}
