import * as React from "react";
import { FormProvider } from "react-hook-form";
import type { PostEditorParts } from "#app/features/post-editor/editor-parts.ts";
import type { HeldPost } from "#app/features/post-editor/held-post.ts";
import type { EditingTarget, PostEditorValues } from "#app/features/post-editor/post-form.ts";
import { useKeyboardSave } from "#app/features/post-editor/use-keyboard-save.ts";
import { type PostEditorState, usePostEditor } from "#app/features/post-editor/use-post-editor.ts";
import { postPath } from "#common/paths.ts";
import { EditorBar } from "./editor-bar.tsx";
import { EditorHeader } from "./editor-header.tsx";
import { LeaveDialog } from "./leave-dialog.tsx";
import { PostFields } from "./post-fields.tsx";
import { PostPreview, previewPost } from "./post-preview.tsx";
import { PostSettingsPanel } from "./post-settings-panel.tsx";
import { ScheduleDialog } from "./schedule-dialog.tsx";
import { SharePreviewSection } from "./share-preview-section.tsx";
import { VersionConflictDialog } from "./version-conflict-dialog.tsx";
import { WorkingCopyNotice } from "./working-copy-notice.tsx";

/**
 * The post / portfolio editor (docs/product/editor.md#editor, #post-form): a header that stays in
 * view with the status, the save state, the actions and the offer to restore changes this browser
 * kept; the form, the rich-text content with an Edit / Preview toggle, and the Post Settings
 * panel. Validated by the shared schema; saved through the posts API (or the portfolio flow).
 * Save draft and Ctrl/Cmd+S stay in the editor; the other actions go back to All Posts. Unsaved
 * changes are kept in this browser, and leaving them, or a public post's changes that are not
 * live, asks first.
 */
export function PostEditor({
  initialValues,
  initialHeld,
  editing,
  storageKey,
  siteUrl,
  onReload,
  parts,
}: {
  initialValues: PostEditorValues;
  initialHeld: HeldPost;
  editing: EditingTarget | null;
  storageKey: string;
  siteUrl: string | null;
  /** Starts the editor afresh from what the server holds now. */
  onReload: () => Promise<void>;
  parts: PostEditorParts;
}) {
  const editor = usePostEditor({
    initialValues,
    initialHeld,
    editing,
    storageKey,
    onReload,
    afterPublish: parts.afterPublish,
  });
  const { form, held } = editor;
  const [newsletterOpen, setNewsletterOpen] = React.useState(false);
  useKeyboardSave(editor.keyboardSave);

  return (
    <FormProvider {...form}>
      {/* Every action is a button of its own; pressing Enter in a field submits nothing. */}
      <form noValidate onSubmit={(event) => event.preventDefault()}>
        <EditorHeader editor={editor}>
          <EditorBar
            editor={editor}
            mailable={editing?.type !== "portfolio"}
            onNewsletter={() => setNewsletterOpen(true)}
          />
          <WorkingCopyNotice held={held} dirty={editor.dirty} onDiscard={editor.discardChanges} />
          <EditorBody
            editor={editor}
            siteUrl={siteUrl}
            sharesPreview={editing?.type !== "portfolio"}
          />
        </EditorHeader>
      </form>
      <EditorDialogs
        editor={editor}
        parts={parts}
        newsletterOpen={newsletterOpen}
        onNewsletterOpenChange={setNewsletterOpen}
      />
    </FormProvider>
  );
}

/**
 * The fields (or their preview) and, beside them, the Post Settings panel and, for a saved post
 * (a portfolio item has no page of its own), Share preview.
 */
function EditorBody({
  editor,
  siteUrl,
  sharesPreview,
}: {
  editor: PostEditorState;
  siteUrl: string | null;
  sharesPreview: boolean;
}) {
  const { mode, held } = editor;
  return (
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
      <aside className="space-y-6 lg:sticky lg:top-24 lg:self-start">
        <PostSettingsPanel
          held={held}
          zones={editor.settingsZones}
          dirty={editor.dirty}
          localCopyFailed={editor.localCopy.failed}
        />
        {sharesPreview && held.id ? <SharePreviewSection postId={held.id} /> : null}
      </aside>
    </div>
  );
}

/** The editor's dialogs: a version conflict, the History, Schedule, the newsletter, leaving. */
function EditorDialogs({
  editor,
  parts: { HistoryPanel, NewsletterDialog },
  newsletterOpen,
  onNewsletterOpenChange,
}: {
  editor: PostEditorState;
  parts: PostEditorParts;
  newsletterOpen: boolean;
  onNewsletterOpenChange: (open: boolean) => void;
}) {
  const { form, held } = editor;
  return (
    <>
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
        newsletterOnPublish={held.newsletterOnPublish}
        onSchedule={editor.schedule}
      />
      {held.id ? (
        <NewsletterDialog
          postId={held.id}
          unsaved={editor.dirty}
          open={newsletterOpen}
          onOpenChange={onNewsletterOpenChange}
        />
      ) : null}
      <LeaveDialog
        blocker={editor.leaveBlocker}
        notLive={held.status === "published"}
        publicPath={held.slug ? postPath(held.slug) : null}
        choices={editor.leaveChoices}
      />
    </>
  );
}
