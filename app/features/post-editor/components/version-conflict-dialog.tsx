import { AlertDialogCancel, AlertDialogShell } from "#app/components/ui/alert-dialog.tsx";
import { Button } from "#app/components/ui/button.tsx";
import type { VersionConflict } from "#app/features/post-editor/api/autosave-post.ts";
import { browserTimeZone } from "#app/lib/browser-time-zone.ts";
import { formatStaffTime } from "#app/lib/staff-time.ts";

/** Who saved the post and when, in this browser's zone (app/lib/staff-time.ts). */
function conflictText({ updatedAt, updatedBy }: VersionConflict): string {
  const when = formatStaffTime(updatedAt, browserTimeZone());
  return `${updatedBy ?? "Someone else"} saved this post at ${when}. Reload it to see their changes, or overwrite them with yours.`;
}

/**
 * A save ran into someone else's (409, docs/decisions/008-editor-saves.md): the person chooses
 * to load their version (what they typed stays in the browser's safety net, offered back) or to
 * overwrite it with their own. Nothing is lost either way; closing decides nothing.
 */
export function VersionConflictDialog({
  conflict,
  onReload,
  onOverwrite,
  onClose,
}: {
  conflict: VersionConflict | null;
  onReload: () => void;
  onOverwrite: () => void;
  onClose: () => void;
}) {
  return (
    <AlertDialogShell
      open={conflict !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="This post was changed by someone else"
      description={`${conflict ? conflictText(conflict) : ""} Your changes are kept in this browser either way.`}
    >
      <AlertDialogCancel asChild>
        <Button variant="secondary">Decide later</Button>
      </AlertDialogCancel>
      <Button variant="outline" onClick={onReload}>
        Load their version
      </Button>
      <Button variant="destructive" onClick={onOverwrite}>
        Overwrite with mine
      </Button>
    </AlertDialogShell>
  );
}
