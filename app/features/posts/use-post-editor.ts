import * as React from "react";
import { useFormState, useWatch } from "react-hook-form";
import { useZodForm } from "#app/components/ui/form.tsx";
import type { PostStatus } from "#common/constants.ts";
import { type EditingTarget, PostEditorSchema, type PostEditorValues } from "./post-form.ts";
import { slugFromTitle } from "./slug.ts";
import {
  browserTimeZone,
  listedZone,
  SCHEDULE_TIME_ZONES,
  SETTINGS_TIME_ZONES,
  zoneChoices,
} from "./time-zones.ts";
import { useSavePost } from "./use-save-post.ts";
import { useYouTubeAutoFill } from "./use-youtube-auto-fill.ts";

/**
 * The post editor's state: the form, validated by the shared schema; Edit or Preview; the
 * Schedule dialog; the time zones to choose from; the title that the slug follows until the
 * post is first published; YouTube auto-fill; and the actions that set the status and save.
 */
export function usePostEditor({
  initialValues,
  editing,
}: {
  initialValues: PostEditorValues;
  editing: EditingTarget | null;
}) {
  const form = useZodForm(PostEditorSchema, {
    defaultValues: {
      ...initialValues,
      timezone: listedZone(initialValues.timezone, SETTINGS_TIME_ZONES),
    },
  });
  const [mode, setMode] = React.useState<"edit" | "preview">("edit");
  const [scheduleOpen, setScheduleOpen] = React.useState(false);
  const browserZone = React.useMemo(() => listedZone(browserTimeZone(), SETTINGS_TIME_ZONES), []);
  const slugFollowsTitle = editing?.publishedAt == null;

  const settingsZones = React.useMemo(
    () => zoneChoices(SETTINGS_TIME_ZONES, browserZone, initialValues.timezone),
    [browserZone, initialValues.timezone],
  );
  const scheduleTimezone = form.getValues("timezone");
  const scheduleZones = React.useMemo(
    () => zoneChoices(SCHEDULE_TIME_ZONES, browserZone, scheduleTimezone),
    [browserZone, scheduleTimezone],
  );

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
  const { save, saving } = useSavePost({ form, editing, browserZone, onInvalid: showProblems });

  /** Save as Draft, Publish, Publish Now and Save Draft: set the status, then submit. */
  function submitAs(status: PostStatus) {
    if (saving) return;
    form.setValue("status", status, { shouldDirty: true });
    void form.handleSubmit(save, showProblems)();
  }

  function schedule(scheduledAt: string, timezone: string) {
    form.setValue("status", "scheduled", { shouldDirty: true });
    form.setValue("scheduledAt", scheduledAt, { shouldDirty: true });
    form.setValue("timezone", timezone, { shouldDirty: true });
    setScheduleOpen(false);
    void form.handleSubmit(save, showProblems)();
  }

  return {
    form,
    mode,
    setMode,
    scheduleOpen,
    setScheduleOpen,
    saving,
    settingsZones,
    scheduleZones,
    scheduleTimezone,
    slugFollowsTitle,
    setTitle,
    youtubeStatus: youtube.status,
    submitAs,
    schedule,
  };
}
