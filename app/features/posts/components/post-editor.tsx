import { CalendarClockIcon, EyeIcon, PencilIcon, SaveIcon, SendIcon } from "lucide-react";
import type * as React from "react";
import { FormProvider } from "react-hook-form";
import { Button } from "#app/components/ui/button.tsx";
import type { EditingTarget, PostEditorValues } from "#app/features/posts/post-form.ts";
import { usePostEditor } from "#app/features/posts/use-post-editor.ts";
import { PostFields } from "./post-fields.tsx";
import { PostPreview } from "./post-preview.tsx";
import { PostSettingsPanel } from "./post-settings-panel.tsx";
import { ScheduleDialog } from "./schedule-dialog.tsx";

/**
 * The post / portfolio editor (docs/product.md#editor, #post-form): the form, the rich-text
 * content with an Edit / Preview toggle, Save as Draft, Schedule and Publish, and the Post
 * Settings panel. Validated by the shared schema; saved through the posts API (or the
 * portfolio flow), then back to All Posts.
 */
export function PostEditor({
  initialValues,
  editing,
  siteUrl,
}: {
  initialValues: PostEditorValues;
  editing: EditingTarget | null;
  siteUrl: string | null;
}) {
  const editor = usePostEditor({ initialValues, editing });
  const { form, mode, setMode, saving, submitAs } = editor;

  return (
    <FormProvider {...form}>
      {/* Every action is a button of its own; pressing Enter in a field submits nothing. */}
      <form noValidate onSubmit={(event) => event.preventDefault()} className="space-y-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <fieldset className="inline-flex rounded-lg bg-night-900 p-1 ring-1 ring-night-700">
            <legend className="sr-only">View</legend>
            <ModeButton pressed={mode === "edit"} onClick={() => setMode("edit")}>
              <PencilIcon aria-hidden="true" />
              Edit
            </ModeButton>
            <ModeButton pressed={mode === "preview"} onClick={() => setMode("preview")}>
              <EyeIcon aria-hidden="true" />
              Preview
            </ModeButton>
          </fieldset>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="secondary"
              onClick={() => submitAs("draft")}
              disabled={saving}
            >
              <SaveIcon aria-hidden="true" />
              Save as Draft
            </Button>
            <Button
              type="button"
              variant="outline"
              onClick={() => editor.setScheduleOpen(true)}
              disabled={saving}
            >
              <CalendarClockIcon aria-hidden="true" />
              Schedule
            </Button>
            <Button type="button" onClick={() => submitAs("published")} disabled={saving}>
              <SendIcon aria-hidden="true" />
              {saving ? "Saving..." : "Publish"}
            </Button>
          </div>
        </div>

        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <div className="min-w-0">
            {mode === "preview" ? (
              <PostPreview publishedAt={editing?.publishedAt ?? null} siteUrl={siteUrl} />
            ) : null}
            {/* Kept mounted in Preview, so the editor keeps its undo history. */}
            <div hidden={mode === "preview"} className="space-y-6">
              <PostFields
                setTitle={editor.setTitle}
                slugFollowsTitle={editor.slugFollowsTitle}
                siteUrl={siteUrl}
                youtubeStatus={editor.youtubeStatus}
              />
            </div>
          </div>
          <aside className="lg:sticky lg:top-24 lg:self-start">
            <PostSettingsPanel
              zones={editor.settingsZones}
              publishedAt={editing?.publishedAt ?? null}
              saving={saving}
              onPublish={() => submitAs("published")}
              onSaveDraft={() => submitAs("draft")}
            />
          </aside>
        </div>
      </form>
      <ScheduleDialog
        open={editor.scheduleOpen}
        onOpenChange={editor.setScheduleOpen}
        scheduledAt={form.getValues("scheduledAt")}
        timezone={editor.scheduleTimezone}
        zones={editor.scheduleZones}
        onSchedule={editor.schedule}
      />
    </FormProvider>
  );
}

function ModeButton({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className="inline-flex items-center gap-2 rounded-md px-4 py-1.5 text-sm font-semibold text-zinc-300 transition-colors hover:text-white focus-visible:ring-2 focus-visible:ring-diamond-400 focus-visible:outline-none aria-pressed:bg-grass-500 aria-pressed:text-night-950 [&_svg]:size-4"
    >
      {children}
    </button>
  );
}
