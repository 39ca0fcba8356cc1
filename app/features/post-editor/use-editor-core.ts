import * as React from "react";
import { useNavigate } from "react-router";
import { editPostPath } from "#app/components/dashboard/sections.ts";
import { useZodForm } from "#app/components/ui/form.tsx";
import type { VersionConflict } from "./api/autosave-post.ts";
import { changesNotLive, type HeldPost, sameEditorValues } from "./held-post.ts";
import { localDraftKey } from "./local-draft.ts";
import type { ChosenSchedule, EditorAction } from "./post-actions.ts";
import { type EditingTarget, PostEditorSchema, type PostEditorValues } from "./post-form.ts";
import { listedZone, SETTINGS_TIME_ZONES } from "./time-zones.ts";
import { KEEP_EDITOR_STATE, useLeaveGuard } from "./use-leave-guard.ts";
import { useLocalDraft } from "./use-local-draft.ts";

/** Someone else's save that the editor ran into, and what it was doing then. */
type EditorConflict = {
  conflict: VersionConflict;
  /** The action that ran into it; null for an autosave. */
  action: EditorAction | null;
  chosen: ChosenSchedule | null;
};

/**
 * The editor's form beside what the server holds (`held`, read by callbacks at the moment they
 * run; `shown`, the copy the page renders), whether they differ (`dirty`), and what follows
 * from that: the local copy and the guard against leaving. Also Edit or Preview, the key that
 * mounts the fields afresh, and the version conflict being shown.
 */
export function useEditorCore({
  initialValues,
  initialHeld,
  editing: initialEditing,
  storageKey: initialStorageKey,
}: {
  initialValues: PostEditorValues;
  initialHeld: HeldPost;
  editing: EditingTarget | null;
  storageKey: string;
}) {
  const navigate = useNavigate();
  // A new post becomes a draft on its first autosave or save: from then on it is edited like
  // any post. Saves read `editingNow`, so a save that waited for an autosave to create the post
  // (behind a confirmation, or after it) updates that post instead of creating another.
  const [editing, setEditingState] = React.useState(initialEditing);
  const editingNow = React.useRef(initialEditing);
  const setEditing = React.useCallback((next: EditingTarget | null) => {
    editingNow.current = next;
    setEditingState(next);
  }, []);
  const [storageKey, setStorageKey] = React.useState(initialStorageKey);
  const [startValues] = React.useState<PostEditorValues>(() => ({
    ...initialValues,
    timezone: listedZone(initialValues.timezone, SETTINGS_TIME_ZONES),
  }));
  const form = useZodForm(PostEditorSchema, { defaultValues: startValues });
  const held = React.useRef<HeldPost>({ ...initialHeld, values: startValues });
  const [shown, setShown] = React.useState(held.current);
  const [mode, setMode] = React.useState<"edit" | "preview">("edit");
  // Bumped to mount the fields afresh with restored values (the content editor and the tags
  // line read theirs once, when they mount).
  const [fieldsKey, setFieldsKey] = React.useState(0);
  const [conflict, setConflict] = React.useState<EditorConflict | null>(null);
  const [dirty, setDirty] = React.useState(false);
  const localDraft = useLocalDraft({ storageKey, held, getValues: form.getValues });
  const guard = useLeaveGuard({ unsaved: dirty, notLive: changesNotLive(shown) });
  const { noteChange } = localDraft;
  React.useEffect(() => {
    const subscription = form.watch(() => {
      setDirty(!sameEditorValues(form.getValues(), held.current.values));
      noteChange();
    });
    return () => subscription.unsubscribe();
  }, [form, noteChange]);

  /** The server holds something new for the form: the copy and the guard follow. */
  const serverHolds = React.useCallback(
    (next: HeldPost) => {
      held.current = next;
      setShown(next);
      const unsaved = !sameEditorValues(form.getValues(), next.values);
      setDirty(unsaved);
      if (!unsaved) localDraft.clear();
    },
    [form, localDraft.clear],
  );

  /**
   * The server made the new post `id` (an autosave, or a save that stays in the editor): this
   * browser's copy and the address move to it, without mounting the editor afresh.
   */
  const adoptNewPost = React.useCallback(
    (id: string, madeByAutosave: boolean) => {
      setStorageKey(localDraftKey(id, null));
      setEditing({ id, type: "post", publishedAt: null, madeByAutosave });
      navigate(editPostPath(id), { replace: true, state: KEEP_EDITOR_STATE });
    },
    [navigate, setEditing],
  );

  return {
    editing,
    editingNow,
    setEditing,
    adoptNewPost,
    setStorageKey,
    form,
    held,
    shown,
    setShown,
    dirty,
    setDirty,
    localDraft,
    guard,
    serverHolds,
    mode,
    setMode,
    fieldsKey,
    remountFields: React.useCallback(() => setFieldsKey((key) => key + 1), []),
    conflict,
    setConflict,
  };
}

export type EditorCore = ReturnType<typeof useEditorCore>;
