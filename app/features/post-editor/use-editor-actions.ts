import * as React from "react";
import { useConfirm } from "#app/components/ui/confirm-dialog.tsx";
import { postPath } from "#common/paths.ts";
import { heldFromPost } from "./held-post.ts";
import { type ChosenSchedule, type EditorAction, opensScheduleDialog } from "./post-actions.ts";
import type { EditorAutosave } from "./use-editor-autosave.ts";
import type { EditorCore } from "./use-editor-core.ts";
import { type AfterSave, useSavePost } from "./use-save-post.ts";

/**
 * Saving with one of the editor's actions (post-actions.ts), one at a time: an autosave on its
 * way ends first, so the save names the version it left; problems show under the fields, so
 * Preview gives way to them.
 */
export function useEditorSave(core: EditorCore, autosave: EditorAutosave, browserZone: string) {
  const { form, held, localDraft, guard, setMode, setConflict } = core;
  const [pending, setPending] = React.useState<EditorAction | null>(null);
  const busy = React.useRef(false);
  const showProblems = () => setMode("edit");
  const save = useSavePost({
    form,
    editing: core.editing,
    held,
    browserZone,
    onInvalid: showProblems,
    onSaved: (post, values) => {
      // The server holds the form now: no copy, no question on the way to All Posts.
      localDraft.clear();
      guard.release();
      autosave.scheduler.markSaved();
      held.current = heldFromPost(post, values);
      core.setShown(held.current);
      core.setDirty(false);
    },
    onConflict: (found, action, chosen) => setConflict({ conflict: found, action, chosen }),
  });

  async function run(
    action: EditorAction,
    chosen: ChosenSchedule | null = null,
    after?: AfterSave,
  ) {
    if (busy.current) return;
    busy.current = true;
    setPending(action);
    autosave.scheduler.pause();
    try {
      await autosave.scheduler.idle();
      await form.handleSubmit((input) => save(input, action, chosen, after), showProblems)();
    } finally {
      busy.current = false;
      setPending(null);
      autosave.scheduler.resume();
    }
  }

  return { run, pending, busy };
}

type EditorSave = ReturnType<typeof useEditorSave>;

/**
 * What the editor's buttons do: Schedule and Reschedule ask for a time, Unpublish asks first,
 * "Publish and e-mail subscribers" asks once and then publishes and starts the sending; and the
 * two ways out of a version conflict.
 */
export function useEditorActions(
  core: EditorCore,
  autosave: EditorAutosave,
  { run, busy }: EditorSave,
  { afterPublish, onReload }: { afterPublish: AfterSave; onReload: () => Promise<void> },
) {
  const { form, held, conflict, setConflict } = core;
  const confirm = useConfirm();
  const [scheduleAction, setScheduleAction] = React.useState<EditorAction | null>(null);

  async function perform(action: EditorAction) {
    if (busy.current) return;
    if (opensScheduleDialog(action)) {
      setScheduleAction(action);
      return;
    }
    if (action === "unpublish") {
      const path = postPath(held.current.slug ?? "");
      const confirmed = await confirm({
        title: "Unpublish this post?",
        description: `The public page ${path} will disappear: visitors get 'Post Not Found' there until the post is published again. The post and your changes are kept as a draft.`,
        confirmLabel: "Unpublish",
        destructive: true,
      });
      if (!confirmed) return;
    }
    await run(action);
  }

  async function publishAndEmail() {
    if (busy.current) return;
    const confirmed = await confirm({
      title: "Publish and e-mail subscribers?",
      description:
        "The post goes live on the site now, and then it is e-mailed to every active subscriber. The sending cannot be stopped once it starts.",
      confirmLabel: "Publish and e-mail",
    });
    if (!confirmed) return;
    await run("publish", null, afterPublish);
  }

  /** The Schedule dialog's time: kept in the form (so a refused time can be corrected), then saved. */
  function schedule(scheduledAt: string, timezone: string) {
    const action = scheduleAction ?? "schedule";
    form.setValue("scheduledAt", scheduledAt, { shouldDirty: true });
    form.setValue("timezone", timezone, { shouldDirty: true });
    setScheduleAction(null);
    void run(action, { scheduledAt, timezone });
  }

  /** The person chose to save over someone else's version: the same save, from theirs. */
  function overwrite() {
    if (!conflict) return;
    held.current = { ...held.current, version: conflict.conflict.version };
    const { action, chosen } = conflict;
    setConflict(null);
    if (action) void run(action, chosen);
    else autosave.scheduler.resume();
  }

  /** The person chose their colleague's version: theirs loads; the copy offers back what was typed. */
  async function reloadTheirs() {
    setConflict(null);
    core.localDraft.flush();
    core.guard.release();
    await onReload();
  }

  return {
    perform,
    publishAndEmail: () => void publishAndEmail(),
    schedule,
    scheduleOpen: scheduleAction !== null,
    closeSchedule: () => setScheduleAction(null),
    overwrite,
    reloadTheirs: () => void reloadTheirs(),
    closeConflict: () => setConflict(null),
  };
}
