import * as React from "react";
import { useFormState, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { editPostPath } from "#app/components/dashboard/sections.ts";
import { useConfirm } from "#app/components/ui/confirm-dialog.tsx";
import { useZodForm } from "#app/components/ui/form.tsx";
import { browserTimeZone } from "#app/lib/browser-time-zone.ts";
import { postPath } from "#common/paths.ts";
import type { VersionConflict } from "./api/autosave-post.ts";
import { type HeldPost, heldFromPost, sameEditorValues, withStoredImage } from "./held-post.ts";
import { localDraftKey } from "./local-draft.ts";
import { type ChosenSchedule, type EditorAction, opensScheduleDialog } from "./post-actions.ts";
import { type EditingTarget, PostEditorSchema, type PostEditorValues } from "./post-form.ts";
import { slugFromTitle } from "./slug.ts";
import { listedZone, SCHEDULE_TIME_ZONES, SETTINGS_TIME_ZONES, zoneChoices } from "./time-zones.ts";
import { useAutosave } from "./use-autosave.ts";
import { KEEP_EDITOR_STATE, useLeaveGuard } from "./use-leave-guard.ts";
import { useLocalDraft } from "./use-local-draft.ts";
import { type AfterSave, useSavePost } from "./use-save-post.ts";
import { useServerCopyActions } from "./use-server-copy-actions.ts";
import { useSignedOut } from "./use-signed-out.ts";
import { useYouTubeAutoFill } from "./use-youtube-auto-fill.ts";

/**
 * The post editor's state: the form, validated by the shared schema, beside what the server
 * holds (`held`); whether they differ (unsaved changes), with the local copy and the guard
 * against leaving that follow from it; Edit or Preview; the Schedule dialog; the time zones to
 * choose from; the title that the slug follows until the post is first published; YouTube
 * auto-fill; and the actions, which set the status only by saving.
 */
export function usePostEditor({
  initialValues,
  initialHeld,
  editing: initialEditing,
  storageKey: initialStorageKey,
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
  // A new post becomes a draft on its first autosave: from then on it is edited like any post.
  const [editing, setEditing] = React.useState(initialEditing);
  const [storageKey, setStorageKey] = React.useState(initialStorageKey);
  const navigate = useNavigate();
  const [startValues] = React.useState<PostEditorValues>(() => ({
    ...initialValues,
    timezone: listedZone(initialValues.timezone, SETTINGS_TIME_ZONES),
  }));
  const form = useZodForm(PostEditorSchema, { defaultValues: startValues });
  // Read by callbacks at the moment they run; `shown` is the copy the page renders.
  const held = React.useRef<HeldPost>({ ...initialHeld, values: startValues });
  const [shown, setShown] = React.useState(held.current);
  const [mode, setMode] = React.useState<"edit" | "preview">("edit");
  const [scheduleAction, setScheduleAction] = React.useState<EditorAction | null>(null);
  const [pending, setPending] = React.useState<EditorAction | null>(null);
  const busy = React.useRef(false);
  // Bumped to mount the fields afresh with restored values (the content editor and the tags
  // line read theirs once, when they mount).
  const [fieldsKey, setFieldsKey] = React.useState(0);
  const browserZone = React.useMemo(() => listedZone(browserTimeZone(), SETTINGS_TIME_ZONES), []);
  const slugFollowsTitle = editing?.publishedAt == null;
  const confirm = useConfirm();

  const settingsZones = React.useMemo(
    () => zoneChoices(SETTINGS_TIME_ZONES, browserZone, initialValues.timezone),
    [browserZone, initialValues.timezone],
  );
  const scheduleTimezone = form.getValues("timezone");
  const scheduleZones = React.useMemo(
    () => zoneChoices(SCHEDULE_TIME_ZONES, browserZone, scheduleTimezone),
    [browserZone, scheduleTimezone],
  );

  const [dirty, setDirty] = React.useState(false);
  const localDraft = useLocalDraft({ storageKey, held, getValues: form.getValues });
  const guard = useLeaveGuard(dirty);
  const { noteChange } = localDraft;
  React.useEffect(() => {
    const subscription = form.watch(() => {
      setDirty(!sameEditorValues(form.getValues(), held.current.values));
      noteChange();
    });
    return () => subscription.unsubscribe();
  }, [form, noteChange]);

  const [conflict, setConflict] = React.useState<{
    conflict: VersionConflict;
    /** The action that ran into it; null for an autosave. */
    action: EditorAction | null;
    chosen: ChosenSchedule | null;
  } | null>(null);
  const [historyOpen, setHistoryOpen] = React.useState(false);

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
   * A featured image sent inline (a data: URL, from the video lookup) is stored by the server as
   * a file: the form takes the file's name, so later autosaves send the name, not the image
   * again (which would store it again each time). Unless the person has changed it meanwhile.
   */
  const adoptStoredImage = React.useCallback(
    (sent: PostEditorValues, stored: PostEditorValues) => {
      if (sent.featuredImage === stored.featuredImage) return;
      if (form.getValues("featuredImage") !== sent.featuredImage) return;
      form.setValue("featuredImage", stored.featuredImage);
    },
    [form],
  );

  const autosave = useAutosave({
    form,
    enabled: initialEditing === null || initialHeld.version !== null,
    target: () => ({ id: held.current.id, version: held.current.version }),
    onCreated: (post, sent) => {
      // The copy moves to the post's own key, and the address to the post's, with no remount.
      localDraft.clear();
      setStorageKey(localDraftKey(post.id, null));
      setEditing({ id: post.id, type: "post", publishedAt: null, madeByAutosave: true });
      const values = withStoredImage(sent, post.featuredImage);
      serverHolds(heldFromPost(post, values));
      adoptStoredImage(sent, values);
      navigate(editPostPath(post.id), {
        replace: true,
        state: KEEP_EDITOR_STATE,
      });
    },
    onSaved: (result, sent) => {
      const now = held.current;
      const values = withStoredImage(sent, result.featuredImage);
      serverHolds(
        result.target === "post"
          ? { ...now, version: result.version, updatedAt: result.savedAt, values }
          : { ...now, values, workingCopy: { savedAt: result.savedAt, savedBy: null } },
      );
      adoptStoredImage(sent, values);
    },
    onConflict: (found) => setConflict({ conflict: found, action: null, chosen: null }),
  });

  // The session ended: the sign-in redirect is half a second away. The copy is written now,
  // and the redirect goes without the browser asking whether to leave.
  useSignedOut(() => {
    localDraft.flush();
    guard.release();
  });

  // After a first attempt to save, fields changed by code are checked again at once, as typed
  // ones are.
  const { isSubmitted } = useFormState({ control: form.control });

  const setTitle = React.useCallback(
    (title: string) => {
      form.setValue("title", title, { shouldDirty: true, shouldValidate: isSubmitted });
      if (slugFollowsTitle) {
        form.setValue("slug", slugFromTitle(title), {
          shouldDirty: true,
          shouldValidate: isSubmitted,
        });
      }
    },
    [form, slugFollowsTitle, isSubmitted],
  );

  const category = useWatch({ control: form.control, name: "category" });
  const youtube = useYouTubeAutoFill({
    form,
    enabled: category === "youtube",
    revalidate: isSubmitted,
    setTitle,
  });

  /** Problems show under the fields, so Preview gives way to them. */
  const showProblems = () => setMode("edit");
  const save = useSavePost({
    form,
    editing,
    held,
    browserZone,
    onInvalid: showProblems,
    onSaved: (post, values) => {
      // The server holds the form now: no copy, no question on the way to All Posts.
      localDraft.clear();
      guard.release();
      autosave.scheduler.markSaved();
      held.current = heldFromPost(post, values);
      setShown(held.current);
      setDirty(false);
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
    // An autosave on its way ends first, so the save names the version it left.
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
    localDraft.flush();
    guard.release();
    await onReload();
  }

  const { restore: restoreRevisionNow, discard: discardChanges } = useServerCopyActions({
    form,
    held,
    scheduler: autosave.scheduler,
    serverHolds,
    remountFields: () => setFieldsKey((key) => key + 1),
    forgetLocalCopy: () => {
      localDraft.clear();
      guard.release();
    },
    onReload,
    onConflict: (found) => setConflict({ conflict: found, action: null, chosen: null }),
  });

  /** An action's button: Schedule and Reschedule ask for a time, Unpublish asks first. */
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

  /** "Publish and e-mail subscribers": after one question, Publish, then start the sending. */
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

  /** Restore: every field as the local copy holds it; the status stays the server's. */
  function restore() {
    const offer = localDraft.offer;
    if (!offer) return;
    const values = { ...offer.values, status: held.current.values.status };
    form.reset(values, { keepDefaultValues: true });
    setFieldsKey((key) => key + 1);
    setDirty(!sameEditorValues(values, held.current.values));
    localDraft.acceptOffer();
    // Restored changes are changes: autosave takes them to the server like typed ones.
    if (!sameEditorValues(values, held.current.values)) autosave.scheduler.change();
  }

  return {
    form,
    held: shown,
    dirty,
    mode,
    setMode,
    scheduleOpen: scheduleAction !== null,
    closeSchedule: () => setScheduleAction(null),
    pending,
    settingsZones,
    scheduleZones,
    scheduleTimezone,
    slugFollowsTitle,
    setTitle,
    youtubeStatus: youtube.status,
    perform,
    publishAndEmail: () => void publishAndEmail(),
    schedule,
    fieldsKey,
    localCopy: {
      offer: localDraft.offer,
      failed: localDraft.failed,
      restore,
      discard: localDraft.discardOffer,
    },
    leaveBlocker: guard.blocker,
    editing,
    autosaveState: autosave.state,
    conflict: conflict?.conflict ?? null,
    overwrite,
    reloadTheirs: () => void reloadTheirs(),
    closeConflict: () => setConflict(null),
    history: {
      open: historyOpen,
      setOpen: setHistoryOpen,
      restore: restoreRevisionNow,
    },
    discardChanges: () => void discardChanges(),
  };
}

/** The editor's state and actions, as the editor's parts read them. */
export type PostEditorState = ReturnType<typeof usePostEditor>;
