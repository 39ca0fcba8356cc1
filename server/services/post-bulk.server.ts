import type { BulkPostAction } from "#common/constants.ts";
import { effectiveState } from "#common/content-rules.ts";
import { PostInputSchema } from "#common/schemas/post.ts";
import type { BulkPostAnswer } from "#common/types/post-list.ts";
import type { Db } from "#server/db/db.server.ts";
import type { PostRow } from "#server/db/tables.ts";
import { HttpError } from "#server/errors.ts";
import { recordRevision, revisionContentOf, revisionKindOf } from "./post-revisions.server.ts";
import { getPostById } from "./post-rows.server.ts";
import { fieldsOfRow, updatePost, writePostTransaction } from "./post-writes.server.ts";
import { deletePost } from "./posts.server.ts";
import { queuePostEvents } from "./webhook-events.server.ts";

// The staff list's bulk actions (docs/product/api.md#staff-calls,
// docs/decisions/022-staff-lists.md): each selected post is published, unpublished or deleted by
// the rules of the editor's own buttons, in a transaction of its own, so one post that cannot
// change leaves the others changed. A post's working copy (autosaved edits of a published or
// scheduled post) is kept: only the editor's own save sends it.

export const POST_GONE_REASON = "This post no longer exists.";
const MOVED_ON_REASON =
  "Someone changed this post at the same moment. Open it to see the change, then try again.";

type Outcome = { changed: true } | { changed: false; reason: string };

export type BulkOptions = {
  action: BulkPostAction;
  ids: readonly string[];
  /** The signed-in user: recorded as the saver of each change. */
  userId: string;
  now?: Date;
};

/** Applies `action` to each post of `ids`, in order, and says what changed and what did not. */
export async function applyBulkAction(db: Db, options: BulkOptions): Promise<BulkPostAnswer> {
  const { action, ids, userId, now = new Date() } = options;
  const answer: BulkPostAnswer = { action, changed: [], unchanged: [] };
  for (const id of ids) {
    const post = await getPostById(db, id);
    if (!post) {
      answer.unchanged.push({ id, title: "", reason: POST_GONE_REASON });
      continue;
    }
    const outcome = await applyTo(db, post, action, userId, now);
    if (outcome.changed) answer.changed.push(id);
    else answer.unchanged.push({ id, title: post.title, reason: outcome.reason });
  }
  return answer;
}

async function applyTo(
  db: Db,
  post: PostRow,
  action: BulkPostAction,
  userId: string,
  now: Date,
): Promise<Outcome> {
  if (action === "delete") {
    return (await deletePost(db, post.id))
      ? { changed: true }
      : { changed: false, reason: POST_GONE_REASON };
  }
  const state = effectiveState(post, now);
  if (action === "publish") {
    if (post.status === "published") {
      return { changed: false, reason: "This post is already published." };
    }
    const refusal = publishRefusal(post);
    if (refusal) return { changed: false, reason: refusal };
    // First publication now; a due scheduled post keeps the time it went public.
    return changeStatus(db, post, {
      status: "published",
      publishedAt: state.publishedAt ?? now.toISOString(),
      userId,
      now,
    });
  }
  if (post.status === "draft") return { changed: false, reason: "This post is already a draft." };
  // A post that has been public keeps its first publication time, as the editor's Unpublish does.
  return changeStatus(db, post, { status: "draft", publishedAt: state.publishedAt, userId, now });
}

/**
 * Why the editor would refuse to publish the post as it is stored (the same checks as a save,
 * PostInputSchema), in plain words; null when it may be published.
 */
function publishRefusal(post: PostRow): string | null {
  const input = { ...fieldsOfRow(post), status: "published", scheduledAt: null };
  const result = PostInputSchema.safeParse(input);
  if (result.success) return null;
  const problem = result.error.issues[0]?.message ?? "a field is not valid";
  return `It cannot be published as it is: ${problem}. Open it in the editor to correct it.`;
}

/**
 * Writes the post's new status as the editor's save does: no scheduled time outside
 * `scheduled`, the version up by one (only from the version read, so a save made meanwhile is
 * never overwritten), and a revision of the publish or unpublish.
 */
async function changeStatus(
  db: Db,
  post: PostRow,
  change: { status: string; publishedAt: string | null; userId: string; now: Date },
): Promise<Outcome> {
  const nowIso = change.now.toISOString();
  try {
    await writePostTransaction(db, post.id, async (trx) => {
      const saved = await updatePost(trx, {
        existing: post,
        columns: {
          slug: post.slug,
          status: change.status,
          scheduledAt: null,
          publishedAt: change.publishedAt,
        },
        expectedVersion: post.version,
        userId: change.userId,
        nowIso,
        publishedBefore: post.publishedAt !== null,
      });
      await recordRevision(trx, {
        postId: post.id,
        kind: revisionKindOf(post.status, saved.status),
        content: revisionContentOf(saved),
        authorId: saved.authorId,
        savedBy: change.userId,
        nowIso,
      });
      await queuePostEvents(trx, { before: post, after: saved, now: change.now });
    });
    return { changed: true };
  } catch (error) {
    if (error instanceof HttpError && error.status === 409) {
      return { changed: false, reason: MOVED_ON_REASON };
    }
    if (error instanceof HttpError && error.status === 404) {
      return { changed: false, reason: POST_GONE_REASON };
    }
    throw error;
  }
}
