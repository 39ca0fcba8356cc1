import type * as React from "react";
import type { PostArticleData } from "#app/components/site/post-article.tsx";
import type { RestoreResult } from "./api/restore-revision.ts";
import type { AfterSave } from "./use-save-post.ts";

/** What the editor gives the History panel. */
export type HistoryPanelProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  postId: string;
  /** Published or scheduled: a restore becomes unpublished changes. */
  isPublic: boolean;
  /** What a revision does not record (category, marketplace fields), from the editor. */
  base: PostArticleData;
  /** Restores a revision into the editor and the server; null when it did not happen. */
  onRestore: (revisionId: string) => Promise<RestoreResult | null>;
};

/** What the editor gives the "Send as newsletter" dialog. */
export type NewsletterDialogProps = {
  postId: string;
  /** The editor holds changes not saved yet: the e-mail is built from the saved post. */
  unsaved: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * What the editor shows of the features beside it (docs/architecture.md#inside-app): the
 * History (post-history) and the post's newsletter (newsletters). A feature does not import
 * another; the dashboard route hands these to the editor.
 */
export type PostEditorParts = {
  HistoryPanel: React.ComponentType<HistoryPanelProps>;
  NewsletterDialog: React.ComponentType<NewsletterDialogProps>;
  /** "Publish and e-mail subscribers": what follows once the post is published. */
  afterPublish: AfterSave;
};
