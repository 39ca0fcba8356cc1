import * as React from "react";
import { useFormState, useWatch } from "react-hook-form";
import { browserTimeZone } from "#app/lib/browser-time-zone.ts";
import { slugFromTitle } from "#common/post-slug.ts";
import type { PostEditorForm } from "./post-form.ts";
import { listedZone, SCHEDULE_TIME_ZONES, SETTINGS_TIME_ZONES, zoneChoices } from "./time-zones.ts";
import type { EditorCore } from "./use-editor-core.ts";
import { useYouTubeAutoFill } from "./use-youtube-auto-fill.ts";

/**
 * The time zones the editor offers (docs/product/editor.md#schedule-dialog): the browser's zone as
 * listed, the Post Settings panel's list and the Schedule dialog's, each with the browser's zone
 * and the post's own in front when the list lacks them.
 */
export function useEditorZones(form: PostEditorForm, initialTimezone: string) {
  const browserZone = React.useMemo(() => listedZone(browserTimeZone(), SETTINGS_TIME_ZONES), []);
  const settingsZones = React.useMemo(
    () => zoneChoices(SETTINGS_TIME_ZONES, browserZone, initialTimezone),
    [browserZone, initialTimezone],
  );
  const scheduleTimezone = form.getValues("timezone");
  const scheduleZones = React.useMemo(
    () => zoneChoices(SCHEDULE_TIME_ZONES, browserZone, scheduleTimezone),
    [browserZone, scheduleTimezone],
  );
  return { browserZone, settingsZones, scheduleZones, scheduleTimezone };
}

/**
 * The title, which the slug follows until the post is first published, and YouTube auto-fill,
 * which fills the title (and so the slug) from a video's address.
 */
export function useTitleFields({ form, editing }: Pick<EditorCore, "form" | "editing">) {
  const slugFollowsTitle = editing?.publishedAt == null;
  // After a first attempt to save, fields changed by code are checked again at once, as typed
  // ones are.
  const { isSubmitted } = useFormState({ control: form.control });

  const setTitle = React.useCallback(
    (title: string) => {
      form.setValue("title", title, { shouldDirty: true, shouldValidate: isSubmitted });
      if (slugFollowsTitle) {
        form.setValue("slugFromTitle", true);
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
  return { slugFollowsTitle, setTitle, youtubeStatus: youtube.status };
}
