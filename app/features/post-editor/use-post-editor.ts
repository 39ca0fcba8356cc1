import * as React from "react";
import { type HeldPost, sameEditorValues } from "./held-post.ts";
import type { EditingTarget, PostEditorValues } from "./post-form.ts";
import { useEditorActions, useEditorSave } from "./use-editor-actions.ts";
import { useEditorAutosave } from "./use-editor-autosave.ts";
import { type EditorCore, useEditorCore } from "./use-editor-core.ts";
import { useEditorZones, useTitleFields } from "./use-editor-fields.ts";
import { useLeaveChoices } from "./use-leave-choices.ts";
import type { AfterSave } from "./use-save-post.ts";
import { useServerCopyActions } from "./use-server-copy-actions.ts";
import { useSignedOut } from "./use-signed-out.ts";

/**
 * The post editor's state: the form, validated by the shared schema, beside what the server
 * holds (`held`); whether they differ (unsaved changes), with the local copy and the guard
 * against leaving that follow from it (useEditorCore); autosave (useEditorAutosave); Edit or
 * Preview; the Schedule dialog and the time zones to choose from (useEditorZones); the title
 * that the slug follows until the post is first published, and YouTube auto-fill
 * (useTitleFields); the actions, which set the status only by saving (useEditorSave,
 * useEditorActions); and what replaces the form from elsewhere: this browser's copy, a revision
 * from the History, the public version (useServerCopyActions).
 */
export function usePostEditor({
  initialValues,
  initialHeld,
  editing,
  storageKey,
  onReload,
  afterPublish,
}: {
  initialValues: PostEditorValues;
  /** What the server holds when the editor opens (its values are `initialValues`). */
  initialHeld: HeldPost;
  editing: EditingTarget | null;
  /** Where the local copy is kept (local-draft.ts). */
  storageKey: string;
  /** Starts the editor afresh from what the server holds now. */
  onReload: () => Promise<void>;
  /** "Publish and e-mail subscribers": what follows once the post is published. */
  afterPublish: AfterSave;
}) {
  const core = useEditorCore({ initialValues, initialHeld, editing, storageKey });
  const { form, localDraft, guard } = core;
  const zones = useEditorZones(form, initialValues.timezone);
  const autosave = useEditorAutosave(core, {
    enabled: editing === null || initialHeld.version !== null,
  });
  // The session ended: the sign-in redirect is half a second away. The copy is written now,
  // and the redirect goes without the browser asking whether to leave.
  useSignedOut(() => {
    localDraft.flush();
    guard.release();
  });
  const fields = useTitleFields(core);
  const saving = useEditorSave(core, autosave, zones.browserZone);
  const actions = useEditorActions(core, autosave, saving, { afterPublish, onReload });
  const serverCopy = useServerCopyActions({
    form,
    held: core.held,
    scheduler: autosave.scheduler,
    serverHolds: core.serverHolds,
    remountFields: core.remountFields,
    forgetLocalCopy: () => {
      localDraft.clear();
      guard.release();
    },
    onReload,
    onConflict: (found) => core.setConflict({ conflict: found, action: null, chosen: null }),
  });
  const [historyOpen, setHistoryOpen] = React.useState(false);
  const leaveChoices = useLeaveChoices({
    blocker: guard.blocker,
    update: () => saving.run("update", { stay: true }),
    keep: () => autosave.scheduler.flush(),
    discard: () => serverCopy.discard({ ask: false, reload: false }),
  });

  return {
    ...fields,
    ...actions,
    ...zones,
    form,
    held: core.shown,
    dirty: core.dirty,
    mode: core.mode,
    setMode: core.setMode,
    pending: saving.pending,
    fieldsKey: core.fieldsKey,
    localCopy: {
      offer: localDraft.offer,
      failed: localDraft.failed,
      restore: localCopyRestorer(core, autosave.scheduler),
      discard: localDraft.discardOffer,
    },
    leaveBlocker: guard.blocker,
    leaveChoices,
    editing: core.editing,
    autosaveState: autosave.state,
    conflict: core.conflict?.conflict ?? null,
    history: { open: historyOpen, setOpen: setHistoryOpen, restore: serverCopy.restore },
    discardChanges: () => void serverCopy.discard(),
  };
}

/** Restore: every field as this browser's copy holds it; the status stays the server's. */
function localCopyRestorer(
  { form, held, localDraft, remountFields, setDirty }: EditorCore,
  scheduler: { change: () => void },
) {
  return () => {
    const offer = localDraft.offer;
    if (!offer) return;
    const values = { ...offer.values, status: held.current.values.status };
    form.reset(values, { keepDefaultValues: true });
    remountFields();
    setDirty(!sameEditorValues(values, held.current.values));
    localDraft.acceptOffer();
    // Restored changes are changes: autosave takes them to the server like typed ones.
    if (!sameEditorValues(values, held.current.values)) scheduler.change();
  };
}

/** The editor's state and actions, as the editor's parts read them. */
export type PostEditorState = ReturnType<typeof usePostEditor>;
