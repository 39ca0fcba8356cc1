import type { Db } from "#server/db/db.server.ts";
import type { PostRow } from "#server/db/tables.ts";
import { HttpError } from "#server/errors.ts";
import {
  getRevision,
  recordRevision,
  revisionContentOf,
  revisionFieldsOf,
} from "./post-revisions.server.ts";
import { getPostById, POST_NOT_FOUND_MESSAGE } from "./post-rows.server.ts";
import { holdVersion, versionConflict } from "./post-versions.server.ts";
import {
  deleteWorkingCopy,
  getWorkingCopy,
  savesInPlace,
  saveWorkingCopy,
  type WorkingCopyRecord,
} from "./post-working-copies.server.ts";
import { fieldsOfRow, readPost, updatePost, writePostTransaction } from "./post-writes.server.ts";

export const REVISION_NOT_FOUND_MESSAGE = "That revision does not exist.";

export type RestoreOptions = {
  postId: string;
  revisionId: string;
  /** The version the editor started from. */
  version: number;
  /** Who restores it. */
  userId: string;
  now?: Date;
};

/**
 * Restores a revision (docs/decisions/008-editor-saves.md). A draft or a post scheduled for later
 * gets the revision's fields written into it (its version goes up by one); a public post gets them
 * as its working copy, on top of its other fields, so they go live only when someone saves it by
 * hand.
 * Either way a `restore` revision is recorded. Answers the post and its working copy (null when
 * saved in place). Throws 404 (unknown post or revision) and 409 (not at `version`, or for a draft a slug
 * another post has taken since).
 */
export async function restoreRevision(
  db: Db,
  { postId, revisionId, version, userId, now = new Date() }: RestoreOptions,
): Promise<{ post: PostRow; workingCopy: WorkingCopyRecord | null }> {
  const existing = await getPostById(db, postId);
  if (!existing) throw HttpError.notFound(POST_NOT_FOUND_MESSAGE);
  const revision = await getRevision(db, postId, revisionId);
  if (!revision) throw HttpError.notFound(REVISION_NOT_FOUND_MESSAGE);
  if (existing.version !== version) throw await versionConflict(db, postId);
  const restored = revisionFieldsOf(revision);
  const nowIso = now.toISOString();
  return writePostTransaction(db, postId, async (trx) => {
    if (savesInPlace(existing, now)) {
      await deleteWorkingCopy(trx, postId);
      const post = await updatePost(trx, {
        existing,
        columns: { ...restored, tags: JSON.stringify(restored.tags) },
        expectedVersion: version,
        userId,
        nowIso,
        publishedBefore: existing.publishedAt !== null,
      });
      await recordRevision(trx, {
        postId,
        kind: "restore",
        content: revisionContentOf(post),
        authorId: post.authorId,
        savedBy: userId,
        nowIso,
      });
      return { post, workingCopy: null };
    }
    await holdVersion(trx, postId, version);
    const values = { ...fieldsOfRow(existing), ...restored };
    await saveWorkingCopy(trx, { postId, values, baseVersion: version, savedBy: userId, nowIso });
    await recordRevision(trx, {
      postId,
      kind: "restore",
      content: { ...values, status: existing.status },
      authorId: existing.authorId,
      savedBy: userId,
      nowIso,
    });
    return { post: await readPost(trx, postId), workingCopy: await getWorkingCopy(trx, postId) };
  });
}
