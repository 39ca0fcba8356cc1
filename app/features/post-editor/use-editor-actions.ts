import * as React from "react";
import { useConfirm } from "#app/components/ui/confirm-dialog.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { postPath } from "#common/paths.ts";
import { heldFromPost } from "./held-post.ts";
import {
  type EditorAction,
  keyboardSaveAction,
  opensScheduleDialog,
  type ScheduleChoice,
  scheduleToSend,
} from "./post-actions.ts";
import type { EditorAutosave } from "./use-editor-autosave.ts";
import type { EditorCore } from "./use-editor-core.ts";
import { type AfterSave, type SaveEnding, useSavePost } from "./use-save-post.ts";

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
    editing: core.editingNow,
    held,
    browserZone,
    onInvalid: showProblems,
    onSaved: (post, values, stays) => {
      localDraft.clear();
      autosave.scheduler.markSaved();
      held.current = heldFromPost(post, values);
      core.setShown(held.current);
      core.setDirty(false);
      if (!stays) {
        // The server holds the form now: no question on the way to All Posts.
        guard.release();
        return;
      }
      // Staying: the post is now made, so later saves of this editor save it.
      const target = core.editingNow.current;
      if (target === null) core.adoptNewPost(post.id, false);
      else if (target.madeByAutosave) core.setEditing({ ...target, madeByAutosave: false });
    },
    onConflict: (found, action, chosen) => setConflict({ conflict: found, action, chosen }),
  });

  /** Saves with `action`; answers whether it was saved. */
  async function run(action: EditorAction, ending: SaveEnding = {}): Promise<boolean> {
    if (busy.current) return false;
    busy.current = true;
    setPending(action);
    autosave.scheduler.pause();
    try {
      // An autosave on its way ends first: a new post it creates is the one this save updates.
      await autosave.scheduler.idle();
      const stay = ending.stay ?? action === "save-draft";
      let saved = false;
      await form.handleSubmit(async (input) => {
        saved = await save(input, action, { ...ending, stay });
      }, showProblems)();
      return saved;
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
  const toast = useToast();
  const scheduling = useScheduleDialog(form, run);

  async function perform(action: EditorAction) {
    if (busy.current) return;
    if (opensScheduleDialog(action)) {
      scheduling.open(action);
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
    await run("publish", { after: afterPublish });
  }

  /**
   * Ctrl/Cmd+S: saves and stays. A draft is saved as a draft and a post scheduled for later into
   * what goes live; a public post's changes are saved at once, not published (that is Update).
   */
  async function keyboardSave() {
    if (busy.current) return;
    const action = keyboardSaveAction(held.current.status);
    if (action) {
      await run(action, { stay: true });
      return;
    }
    if (await autosave.scheduler.flush()) {
      toast({
        title: "Content saved successfully!",
        description: "Your changes are saved. The public page shows them when you press Update.",
      });
    }
  }

  /** The person chose to save over someone else's version: the same save, from theirs. */
  function overwrite() {
    if (!conflict) return;
    held.current = { ...held.current, version: conflict.conflict.version };
    const { action, chosen } = conflict;
    setConflict(null);
    if (action) void run(action, { chosen });
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
    keyboardSave: () => void keyboardSave(),
    publishAndEmail: () => void publishAndEmail(),
    schedule: scheduling.schedule,
    scheduleOpen: scheduling.isOpen,
    closeSchedule: scheduling.close,
    overwrite,
    reloadTheirs: () => void reloadTheirs(),
    closeConflict: () => setConflict(null),
  };
}

/** The Schedule dialog: which action opened it, and saving the time it hands over. */
function useScheduleDialog(form: EditorCore["form"], run: EditorSave["run"]) {
  const [scheduleAction, setScheduleAction] = React.useState<EditorAction | null>(null);

  /**
   * The Schedule dialog's time, saved; the dialog closes once it is. The post keeps its own Time
   * zone unless the person asked to make the dialog's zone the post's: the time is then sent as
   * the instant it stands for. A refused time stays in the dialog, its reason under the field.
   */
  async function schedule(choice: ScheduleChoice) {
    const { timezone, makePostZone } = choice;
    const action = scheduleAction ?? "schedule";
    const chosen = scheduleToSend(choice, form.getValues("timezone"));
    if (makePostZone) form.setValue("timezone", timezone, { shouldDirty: true });
    form.clearErrors("scheduledAt");
    const saved = await run(action, { chosen });
    // Any other problem (a field of the post, someone else's save) is shown outside the dialog.
    if (saved || !form.getFieldState("scheduledAt").error) setScheduleAction(null);
  }

  /** Closing the dialog forgets a refused time's reason, so it opens afresh. */
  function closeSchedule() {
    form.clearErrors("scheduledAt");
    setScheduleAction(null);
  }

  return {
    open: setScheduleAction,
    isOpen: scheduleAction !== null,
    schedule: (choice: ScheduleChoice) => void schedule(choice),
    close: closeSchedule,
  };
}
