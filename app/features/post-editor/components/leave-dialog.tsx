import type { Blocker } from "react-router";
import {
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogShell,
} from "#app/components/ui/alert-dialog.tsx";
import { Button } from "#app/components/ui/button.tsx";
import type { LeaveChoice, LeaveChoices } from "#app/features/post-editor/use-leave-choices.ts";

/**
 * Shown while a navigation inside the site is held (docs/product/editor.md#leaving-the-editor).
 * For a public post, whose changes are saved but not live: "Update now", "Keep as draft changes"
 * or "Discard" (each then goes on), or Stay. Otherwise, unsaved changes: "Leave without saving?",
 * Stay (or Escape) or Leave; the copy this browser keeps is offered back next time.
 */
export function LeaveDialog({
  blocker,
  notLive,
  publicPath,
  choices,
}: {
  blocker: Blocker;
  /** A public post: its changes wait for Update. */
  notLive: boolean;
  publicPath: string | null;
  choices: LeaveChoices;
}) {
  const open = blocker.state === "blocked";
  const onOpenChange = (next: boolean) => {
    if (!next && blocker.state === "blocked" && choices.running === null) blocker.reset();
  };
  if (notLive) {
    const choice = (
      name: LeaveChoice,
      label: string,
      variant: "primary" | "secondary" | "destructive",
    ) => (
      <Button
        variant={variant}
        disabled={choices.running !== null}
        aria-busy={choices.running === name ? true : undefined}
        onClick={(event) => {
          event.preventDefault();
          choices.choose(name);
        }}
      >
        {choices.running === name ? "Saving..." : label}
      </Button>
    );
    return (
      <AlertDialogShell
        open={open}
        onOpenChange={onOpenChange}
        slot="leave-dialog"
        title="Your changes are saved but not live"
        description={`The public page${publicPath ? ` ${publicPath}` : ""} still shows the last Update. Put your changes live now, keep them here for later, or discard them.`}
      >
        <AlertDialogCancel asChild>
          <Button variant="ghost" disabled={choices.running !== null}>
            Stay
          </Button>
        </AlertDialogCancel>
        {choice("discard", "Discard", "destructive")}
        {choice("keep", "Keep as draft changes", "secondary")}
        <AlertDialogAction asChild>{choice("update", "Update now", "primary")}</AlertDialogAction>
      </AlertDialogShell>
    );
  }
  return (
    <AlertDialogShell
      open={open}
      onOpenChange={onOpenChange}
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
