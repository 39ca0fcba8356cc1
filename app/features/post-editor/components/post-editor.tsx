import { EyeIcon, HistoryIcon, MailIcon, PencilIcon } from "lucide-react";
import * as React from "react";
import { FormProvider } from "react-hook-form";
import { Button } from "#app/components/ui/button.tsx";
import { NewsletterDialog } from "#app/features/newsletters/components/newsletter-dialog.tsx";
import type { HeldPost } from "#app/features/post-editor/held-post.ts";
import type { EditingTarget, PostEditorValues } from "#app/features/post-editor/post-form.ts";
import { usePostEditor } from "#app/features/post-editor/use-post-editor.ts";
import { HistoryPanel } from "#app/features/post-history/components/history-panel.tsx";
import { AutosaveStatus } from "./autosave-status.tsx";
import { LeaveDialog } from "./leave-dialog.tsx";
import { PostActionsBar } from "./post-actions-bar.tsx";
import { PostFields } from "./post-fields.tsx";
import { PostPreview, previewPost } from "./post-preview.tsx";
import { PostSettingsPanel } from "./post-settings-panel.tsx";
import { RestoreOffer } from "./restore-offer.tsx";
import { ScheduleDialog } from "./schedule-dialog.tsx";
import { VersionConflictDialog } from "./version-conflict-dialog.tsx";
import { WorkingCopyNotice } from "./working-copy-notice.tsx";

/**
 * The post / portfolio editor (docs/product.md#editor, #post-form): the offer to restore changes
 * this browser kept, the form, the rich-text content with an Edit / Preview toggle, the actions
 * for what the server holds, and the Post Settings panel. Validated by the shared schema; saved
 * through the posts API (or the portfolio flow), then back to All Posts. Unsaved changes are
 * kept in this browser and guarded against leaving.
 */
export function PostEditor({
  initialValues,
  initialHeld,
  editing,
  storageKey,
  siteUrl,
  onReload,
}: {
  initialValues: PostEditorValues;
  initialHeld: HeldPost;
  editing: EditingTarget | null;
  storageKey: string;
  siteUrl: string | null;
  /** Starts the editor afresh from what the server holds now. */
  onReload: () => Promise<void>;
}) {
  const editor = usePostEditor({ initialValues, initialHeld, editing, storageKey, onReload });
  const { form, mode, setMode, held, localCopy } = editor;
  const [newsletterOpen, setNewsletterOpen] = React.useState(false);
  // Only posts go out as newsletters; a marketplace item is not one.
  const mailable = editing?.type !== "portfolio";

  return (
    <FormProvider {...form}>
      {localCopy.offer ? (
        <RestoreOffer
          draft={localCopy.offer}
          heldUpdatedAt={held.updatedAt}
          onRestore={localCopy.restore}
          onDiscard={localCopy.discard}
        />
      ) : null}
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
          <div className="flex flex-wrap items-center gap-3">
            <AutosaveStatus state={editor.autosaveState} />
            {held.id ? (
              <Button type="button" variant="ghost" onClick={() => editor.history.setOpen(true)}>
                <HistoryIcon aria-hidden="true" />
                History
              </Button>
            ) : null}
            {mailable && held.id && held.status === "published" ? (
              <Button type="button" variant="outline" onClick={() => setNewsletterOpen(true)}>
                <MailIcon aria-hidden="true" />
                Send as newsletter
              </Button>
            ) : null}
            {mailable && (held.status === "draft" || held.status === null) ? (
              <Button
                type="button"
                variant="outline"
                disabled={editor.pending !== null}
                onClick={editor.publishAndEmail}
              >
                <MailIcon aria-hidden="true" />
                Publish and e-mail subscribers
              </Button>
            ) : null}
            <PostActionsBar
              status={held.status}
              pending={editor.pending}
              onAction={(action) => void editor.perform(action)}
            />
          </div>
        </div>
        <WorkingCopyNotice held={held} dirty={editor.dirty} onDiscard={editor.discardChanges} />

        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <div className="min-w-0">
            {mode === "preview" ? (
              <PostPreview publishedAt={held.publishedAt} siteUrl={siteUrl} />
            ) : null}
            {/* Kept mounted in Preview, so the editor keeps its undo history. */}
            <div key={editor.fieldsKey} hidden={mode === "preview"} className="space-y-6">
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
              held={held}
              zones={editor.settingsZones}
              dirty={editor.dirty}
              localCopyFailed={localCopy.failed}
            />
          </aside>
        </div>
      </form>
      <VersionConflictDialog
        conflict={editor.conflict}
        onReload={editor.reloadTheirs}
        onOverwrite={editor.overwrite}
        onClose={editor.closeConflict}
      />
      {held.id ? (
        <HistoryPanel
          open={editor.history.open}
          onOpenChange={editor.history.setOpen}
          postId={held.id}
          isPublic={held.status !== "draft" && held.status !== null}
          base={previewPost(form.getValues(), {
            publishedAt: held.publishedAt,
            now: new Date().toISOString(),
          })}
          onRestore={editor.history.restore}
        />
      ) : null}
      <ScheduleDialog
        open={editor.scheduleOpen}
        onOpenChange={(open) => {
          if (!open) editor.closeSchedule();
        }}
        scheduledAt={form.getValues("scheduledAt")}
        timezone={editor.scheduleTimezone}
        zones={editor.scheduleZones}
        error={form.formState.errors.scheduledAt?.message ?? null}
        onSchedule={editor.schedule}
      />
      {held.id ? (
        <NewsletterDialog
          postId={held.id}
          unsaved={editor.dirty}
          open={newsletterOpen}
          onOpenChange={setNewsletterOpen}
        />
      ) : null}
      <LeaveDialog blocker={editor.leaveBlocker} />
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
