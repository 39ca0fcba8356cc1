import { useMutation } from "@tanstack/react-query";
import type * as React from "react";
import { useConfirm } from "#app/components/ui/confirm-dialog.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { type VersionConflict, versionConflictOf } from "./api/autosave-post.ts";
import { type RestoreResult, restoreRevision } from "./api/restore-revision.ts";
import { discardWorkingCopy } from "./api/working-copy.ts";
import type { AutosaveScheduler } from "./autosave-scheduler.ts";
import { type HeldPost, heldFromPost } from "./held-post.ts";
import { type PostEditorForm, postToFormValues, workingCopyToFormValues } from "./post-form.ts";
import { useFailureToast } from "./use-failure-toast.ts";

/**
 * The editor's calls that replace what the server holds without a save of the form
 * (docs/decisions/008-editor-saves.md): restoring a revision from the History, and discarding a
 * public post's changes that are not live. Autosave waits while either runs, so it
 * never sends the form from before.
 */
export function useServerCopyActions({
  form,
  held,
  scheduler,
  serverHolds,
  remountFields,
  forgetLocalCopy,
  onReload,
  onConflict,
}: {
  form: PostEditorForm;
  held: React.RefObject<HeldPost>;
  scheduler: AutosaveScheduler;
  /** The server now holds this. */
  serverHolds: (next: HeldPost) => void;
  /** Mounts the fields afresh (the content editor reads its value once). */
  remountFields: () => void;
  /** Drops this browser's copy and lets the editor go without asking. */
  forgetLocalCopy: () => void;
  onReload: () => Promise<void>;
  onConflict: (conflict: VersionConflict) => void;
}) {
  const toast = useToast();
  const confirm = useConfirm();
  const failed = useFailureToast();
  // Mutations, so a 401 reaches the dashboard's one sign-in redirect like any other call's.
  const restoreCall = useMutation({
    mutationFn: (input: { id: string; revisionId: string; version: number }) =>
      restoreRevision(input.id, input.revisionId, input.version),
  });
  const discardCall = useMutation({ mutationFn: discardWorkingCopy });

  /** Restores a revision into the form and the server; null when it did not happen. */
  async function restore(revisionId: string): Promise<RestoreResult | null> {
    const id = held.current.id;
    if (id === null) return null;
    scheduler.pause();
    try {
      await scheduler.idle();
      const result = await restoreCall.mutateAsync({
        id,
        revisionId,
        version: held.current.version ?? 1,
      });
      const zone = form.getValues("timezone");
      const values = result.workingCopy
        ? workingCopyToFormValues(result.post, result.workingCopy.values, zone)
        : postToFormValues(result.post, zone);
      form.reset(values);
      remountFields();
      serverHolds(
        heldFromPost(
          result.post,
          values,
          new Date(),
          result.workingCopy
            ? { savedAt: result.workingCopy.savedAt, savedBy: result.workingCopy.savedBy }
            : null,
        ),
      );
      scheduler.markSaved();
      toast({
        title: "Version restored",
        description: result.workingCopy
          ? "It is in the editor as changes that are not live. The public page changes when you press Update."
          : "The draft now holds this version.",
      });
      return result;
    } catch (error) {
      const conflict = versionConflictOf(error);
      if (conflict) onConflict(conflict);
      else failed("restore the version", error);
      return null;
    } finally {
      scheduler.resume();
    }
  }

  /**
   * Drops the changes that are not live: the editor shows the post as the public gets it. Asks
   * first unless the person has already chosen (the leave dialog's Discard, which then goes on
   * without loading the post again). Answers whether they were dropped.
   */
  async function discard({ ask = true, reload = true } = {}): Promise<boolean> {
    const id = held.current.id;
    if (id === null) return false;
    if (ask) {
      const confirmed = await confirm({
        title: "Discard the changes that are not live?",
        description:
          "The editor goes back to what the public gets. The changes stay in the History.",
        confirmLabel: "Discard changes",
        destructive: true,
      });
      if (!confirmed) return false;
    }
    scheduler.pause();
    try {
      await scheduler.idle();
      await discardCall.mutateAsync(id);
      forgetLocalCopy();
      if (reload) await onReload();
      return true;
    } catch (error) {
      scheduler.resume();
      failed("discard the changes", error);
      return false;
    }
  }

  return { restore, discard };
}
