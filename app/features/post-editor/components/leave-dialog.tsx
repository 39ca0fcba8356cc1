import type { Blocker } from "react-router";
import {
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogShell,
} from "#app/components/ui/alert-dialog.tsx";
import { Button } from "#app/components/ui/button.tsx";

/**
 * "Leave without saving?" (docs/product/editor.md#editor): shown while a navigation inside the site
 * is held because the form has unsaved changes. Stay (or Escape) cancels it; Leave lets it go on.
 * The copy this browser keeps is not dropped: the editor offers it back next time.
 */
export function LeaveDialog({ blocker }: { blocker: Blocker }) {
  const open = blocker.state === "blocked";
  return (
    <AlertDialogShell
      open={open}
      onOpenChange={(next) => {
        if (!next && blocker.state === "blocked") blocker.reset();
      }}
      slot="leave-dialog"
      title="Leave without saving?"
      description="Your changes are not saved. This browser keeps a copy, and the editor offers it back the next time you open this post."
    >
      <AlertDialogCancel asChild>
        <Button variant="secondary">Stay</Button>
      </AlertDialogCancel>
      <AlertDialogAction asChild>
        <Button
          variant="destructive"
          onClick={(event) => {
            event.preventDefault();
            if (blocker.state === "blocked") blocker.proceed();
          }}
        >
          Leave
        </Button>
      </AlertDialogAction>
    </AlertDialogShell>
  );
}
