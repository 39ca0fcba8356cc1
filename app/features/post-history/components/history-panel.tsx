import { HistoryIcon, LoaderCircleIcon, RotateCcwIcon } from "lucide-react";
import * as React from "react";
import { PostArticle, type PostArticleData } from "#app/components/site/post-article.tsx";
import { Badge, statusBadgeVariant } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import {
  type RevisionSummary,
  usePostRevisions,
  useRevision,
} from "#app/features/post-history/api/revisions.ts";
import { errorMessage } from "#app/lib/api-client.ts";
import { savedTimeLabel } from "#app/lib/saved-time.ts";
import type { RevisionKind } from "#common/constants.ts";
import type { RestoreAnswer } from "#common/types/post-revision.ts";

/** How the History list names each kind of save. */
export const REVISION_KIND_LABELS: Record<RevisionKind, string> = {
  create: "Created",
  save: "Saved as draft",
  update: "Updated",
  publish: "Published",
  schedule: "Scheduled",
  unpublish: "Unpublished",
  autosave: "Autosaved",
  restore: "Restored an earlier version",
  tags: "Tags changed in the Tags section",
};

function kindLabel(kind: string): string {
  return REVISION_KIND_LABELS[kind as RevisionKind] ?? kind;
}

/**
 * The History panel (docs/decisions/008-editor-saves.md): every recorded save of the post, who
 * made it and when; one shown as its page would look; and Restore, which brings it back into
 * the editor (for a published or scheduled post as unpublished changes, live only on Update).
 */
export function HistoryPanel({
  open,
  onOpenChange,
  postId,
  isPublic,
  base,
  onRestore,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  postId: string;
  /** Published or scheduled: a restore becomes unpublished changes. */
  isPublic: boolean;
  /** What a revision does not record (category, marketplace fields), from the editor. */
  base: PostArticleData;
  onRestore: (revisionId: string) => Promise<RestoreAnswer | null>;
}) {
  const revisions = usePostRevisions(postId, open);
  const [selected, setSelected] = React.useState<string | null>(null);
  const [restoring, setRestoring] = React.useState(false);
  const chosen = selected ?? revisions.data?.[0]?.id ?? null;
  const revision = useRevision(postId, open ? chosen : null);
  const now = React.useMemo(() => new Date().toISOString(), []);

  async function restore() {
    if (!chosen || restoring) return;
    setRestoring(true);
    try {
      const result = await onRestore(chosen);
      if (result) {
        setSelected(null);
        onOpenChange(false);
      }
    } finally {
      setRestoring(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-5xl grid-rows-[auto_minmax(0,1fr)] overflow-hidden">
        <div>
          <DialogTitle className="flex items-center gap-2">
            <HistoryIcon aria-hidden="true" className="size-5" />
            History
          </DialogTitle>
          <DialogDescription>
            {isPublic
              ? "Restoring a version puts it in the editor as unpublished changes; the public page changes only when you press Update."
              : "Restoring a version puts it back in this draft."}
          </DialogDescription>
        </div>
        <div className="grid min-h-0 gap-4 md:grid-cols-[16rem_minmax(0,1fr)]">
          <nav aria-label="Saved versions" className="min-h-0 overflow-y-auto pr-1">
            {revisions.isPending ? (
              <p role="status" className="flex items-center gap-2 text-sm text-zinc-300">
                <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin" />
                Loading history...
              </p>
            ) : revisions.isError ? (
              <p role="alert" className="text-sm text-redstone-300">
                {errorMessage(revisions.error, "The history could not be loaded.")}
              </p>
            ) : revisions.data.length === 0 ? (
              <p className="text-sm text-zinc-400">No saved versions yet.</p>
            ) : (
              <ol className="space-y-1">
                {revisions.data.map((entry) => (
                  <RevisionEntry
                    key={entry.id}
                    entry={entry}
                    current={entry.id === chosen}
                    onSelect={() => setSelected(entry.id)}
                  />
                ))}
              </ol>
            )}
          </nav>
          <section
            aria-label="Saved version"
            className="flex min-h-0 flex-col gap-3 overflow-hidden rounded-md ring-1 ring-night-700"
          >
            {revision.data ? (
              <>
                <div className="flex flex-wrap items-center justify-between gap-2 border-b border-night-700 px-4 py-3">
                  <p className="text-sm text-zinc-300">
                    {kindLabel(revision.data.kind)} by {revision.data.savedBy ?? "someone"},{" "}
                    {savedTimeLabel(revision.data.savedAt)}
                  </p>
                  <Button size="sm" onClick={() => void restore()} disabled={restoring}>
                    <RotateCcwIcon aria-hidden="true" />
                    {restoring ? "Restoring..." : "Restore this version"}
                  </Button>
                </div>
                <div className="min-h-0 overflow-y-auto bg-night-950">
                  <article>
                    <PostArticle
                      post={{
                        ...base,
                        title: revision.data.title,
                        excerpt: revision.data.excerpt,
                        featuredImage: revision.data.featuredImage,
                        featuredImageAlt: revision.data.featuredImageAlt,
                        tags: revision.data.tags,
                      }}
                      contentHtml={revision.data.content}
                      now={now}
                      shareUrl=""
                    />
                  </article>
                </div>
              </>
            ) : chosen && revision.isPending ? (
              <p role="status" className="p-4 text-sm text-zinc-300">
                Loading version...
              </p>
            ) : revision.isError ? (
              <p role="alert" className="p-4 text-sm text-redstone-300">
                {errorMessage(revision.error, "This version could not be loaded.")}
              </p>
            ) : null}
          </section>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function RevisionEntry({
  entry,
  current,
  onSelect,
}: {
  entry: RevisionSummary;
  current: boolean;
  onSelect: () => void;
}) {
  return (
    <li>
      <button
        type="button"
        aria-current={current ? "true" : undefined}
        onClick={onSelect}
        className="w-full rounded-md px-3 py-2 text-left text-sm text-zinc-300 hover:bg-white/5 aria-[current]:bg-night-800 aria-[current]:text-white"
      >
        <span className="flex items-center justify-between gap-2">
          <span className="font-semibold">{kindLabel(entry.kind)}</span>
          <Badge variant={statusBadgeVariant(entry.status)}>{entry.status}</Badge>
        </span>
        <span className="block text-xs text-zinc-400">
          {entry.savedBy ?? "Someone"}, {savedTimeLabel(entry.savedAt)}
        </span>
        <span className="block truncate text-xs text-zinc-500">{entry.title}</span>
      </button>
    </li>
  );
}
