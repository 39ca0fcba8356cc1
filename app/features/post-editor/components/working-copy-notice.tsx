import { CircleDotIcon } from "lucide-react";
import { Button } from "#app/components/ui/button.tsx";
import type { HeldPost } from "#app/features/post-editor/held-post.ts";
import { savedTimeLabel } from "#app/lib/saved-time.ts";

/**
 * For a published or scheduled post whose form differs from what the public gets: says plainly
 * that the public page still shows the last Update, and offers to drop the changes kept on the
 * server (docs/decisions/008-editor-saves.md).
 */
export function WorkingCopyNotice({
  held,
  dirty,
  onDiscard,
}: {
  held: HeldPost;
  dirty: boolean;
  onDiscard: () => void;
}) {
  if (held.status !== "published" && held.status !== "scheduled") return null;
  if (!held.workingCopy && !dirty) return null;
  const page =
    held.status === "published" ? "The public page" : "What goes live at the scheduled time";
  const verb = held.status === "published" ? "still shows" : "is still";
  return (
    <div
      role="note"
      aria-label="Unpublished changes"
      className="flex flex-wrap items-center justify-between gap-3 rounded-md bg-diamond-400/10 p-3 text-sm text-diamond-300 ring-1 ring-diamond-400/40"
    >
      <p className="flex items-start gap-2">
        <CircleDotIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          <strong className="font-semibold">Unpublished changes.</strong> {page} {verb} the version
          from the last Update; press Update to put these changes live.
          {held.workingCopy
            ? ` Kept on the server since ${savedTimeLabel(held.workingCopy.savedAt)}${held.workingCopy.savedBy ? ` (${held.workingCopy.savedBy})` : ""}.`
            : ""}
        </span>
      </p>
      {held.workingCopy ? (
        <Button type="button" size="sm" variant="ghost" onClick={onDiscard}>
          Discard changes
        </Button>
      ) : null}
    </div>
  );
}
