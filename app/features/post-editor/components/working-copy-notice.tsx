import { CircleDotIcon } from "lucide-react";
import { Button } from "#app/components/ui/button.tsx";
import type { HeldPost } from "#app/features/post-editor/held-post.ts";
import { savedTimeLabel } from "#app/lib/saved-time.ts";

/**
 * For a public post whose form differs from what the public gets (docs/decisions/008-editor-saves.md):
 * says which version the public sees (the last Update, and when it was) and that these changes go
 * live only on Update, and offers to drop the changes kept on the server. A post scheduled for
 * later saves its changes into itself, so it gets this only for changes kept before it did.
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
  const published = held.status === "published";
  if (!published && !(held.status === "scheduled" && held.workingCopy)) return null;
  if (!held.workingCopy && !dirty) return null;
  const lastUpdate = held.updatedAt ? ` (${savedTimeLabel(held.updatedAt)})` : "";
  return (
    <div
      role="note"
      aria-label="Changes not live"
      className="flex flex-wrap items-center justify-between gap-3 rounded-md bg-diamond-400/10 p-3 text-sm text-diamond-300 ring-1 ring-diamond-400/40"
    >
      <p className="flex items-start gap-2">
        <CircleDotIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          <strong className="font-semibold">Changes not live.</strong>{" "}
          {published
            ? `The public page shows the version of the last Update${lastUpdate}; these changes go live when you press Update.`
            : `What goes live at the scheduled time is the last Update${lastUpdate}; press Update, or keep writing, to put these changes into it.`}
          {held.workingCopy
            ? ` Saved on the server ${savedTimeLabel(held.workingCopy.savedAt)}${held.workingCopy.savedBy ? ` by ${held.workingCopy.savedBy}` : ""}.`
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
