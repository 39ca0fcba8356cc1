import type { WorkingCopyValues } from "#common/types/post-revision.ts";
import type { TagChangeAnswer } from "#common/types/tag.ts";
import type { Db } from "#server/db/db.server.ts";
import { lockTransaction } from "#server/db/dialect.server.ts";
import { parseStringList } from "#server/db/json-list.ts";
import type { PostRow } from "#server/db/tables.ts";
import { HttpError } from "#server/errors.ts";
import { recordRevision, revisionContentOf } from "./post-revisions.server.ts";
import { POST_COLUMNS } from "./post-rows.server.ts";
import { countPostsWithTag, writePostTags } from "./post-tags.server.ts";

// The Tags section's changes (docs/product/dashboard.md#tags-section): renaming, merging and
// deleting a tag rewrites the tags of every post that has it. A tag change is a content change of
// each of those posts, made as a save makes one: in one transaction for all of them, each post's
// version up by one (an editor open on it then meets the change as a conflict instead of undoing
// it), updatedAt and updatedBy set, post_tags kept in step, and a revision of kind "tags" recorded.
// A published or scheduled post's working copy gets the same change, so pressing Update later does
// not bring the old tag back.

/** The lock that makes tag changes run one after another, across processes too. */
const TAGS_LOCK = "post-tags";
/** Tries per post when an editor's save lands between reading the post and writing it. */
const MAX_TRIES = 5;

/** The 404 for a tag no post carries. */
export function tagNotFoundMessage(tag: string): string {
  return `No post has the tag "${tag}".`;
}

export type TagChangeOptions = {
  /** The signed-in user: recorded as the saver of each changed post. */
  userId: string;
  now?: Date;
};

/**
 * Renames `tag` to `name` on every post that has it; when `name` is already a tag the two are
 * merged, each post keeping one copy. Throws 404 when no post has `tag`.
 */
export function renameTag(
  db: Db,
  { tag, name, ...options }: TagChangeOptions & { tag: string; name: string },
): Promise<TagChangeAnswer> {
  return mergeTags(db, { from: [tag], into: name, ...options });
}

/**
 * Replaces each tag of `from` with `into` on every post that has one of them (in the place of
 * the first, once). Throws 404 naming the first tag of `from` that no post has.
 */
export async function mergeTags(
  db: Db,
  { from, into, userId, now = new Date() }: TagChangeOptions & { from: string[]; into: string },
): Promise<TagChangeAnswer> {
  const nowIso = now.toISOString();
  return db.transaction().execute(async (trx) => {
    await lockTransaction(trx, TAGS_LOCK);
    await requireTagsInUse(trx, from);
    const sources = new Set(from.filter((tag) => tag !== into));
    const changed = sources.size === 0 ? 0 : await retag(trx, sources, into, userId, nowIso);
    return { tag: into, posts: await countPostsWithTag(trx, into), changed };
  });
}

/**
 * Removes `tag` from every post that has it (the posts stay) and answers how many changed.
 * Throws 404 when no post has it.
 */
export async function deleteTag(
  db: Db,
  { tag, userId, now = new Date() }: TagChangeOptions & { tag: string },
): Promise<number> {
  const nowIso = now.toISOString();
  return db.transaction().execute(async (trx) => {
    await lockTransaction(trx, TAGS_LOCK);
    await requireTagsInUse(trx, [tag]);
    return retag(trx, new Set([tag]), null, userId, nowIso);
  });
}

async function requireTagsInUse(trx: Db, tags: readonly string[]): Promise<void> {
  const rows = await trx
    .selectFrom("post_tags")
    .select("tag")
    .distinct()
    .where("tag", "in", tags)
    .execute();
  const found = new Set(rows.map((row) => row.tag));
  const missing = tags.find((tag) => !found.has(tag));
  if (missing !== undefined) throw HttpError.notFound(tagNotFoundMessage(missing));
}

/**
 * A post's tags with each of `remove` replaced by `into` (or dropped when `into` is null), each
 * tag once, in their order; null when the post has none of `remove`.
 */
export function replaceTags(
  tags: readonly string[],
  remove: ReadonlySet<string>,
  into: string | null,
): string[] | null {
  if (!tags.some((tag) => remove.has(tag))) return null;
  const result: string[] = [];
  for (const tag of tags) {
    const next = remove.has(tag) ? into : tag;
    if (next !== null && !result.includes(next)) result.push(next);
  }
  return result;
}

/** What one tag change does to each post, and who makes it when. */
type Change = {
  remove: ReadonlySet<string>;
  into: string | null;
  userId: string;
  nowIso: string;
};

/** Posts read and written together: one read, one tag-row delete and insert per batch. */
const BATCH_SIZE = 200;

/** Rewrites the tags of every post carrying one of `remove`; answers how many changed. */
async function retag(
  trx: Db,
  remove: ReadonlySet<string>,
  into: string | null,
  userId: string,
  nowIso: string,
): Promise<number> {
  const rows = await trx
    .selectFrom("post_tags")
    .select("postId")
    .distinct()
    .where("tag", "in", [...remove])
    .orderBy("postId")
    .execute();
  const ids = rows.map((row) => row.postId);
  const change: Change = { remove, into, userId, nowIso };
  let changed = 0;
  for (let start = 0; start < ids.length; start += BATCH_SIZE) {
    changed += await retagBatch(trx, ids.slice(start, start + BATCH_SIZE), change);
  }
  return changed;
}

/**
 * Rewrites the tags of a batch of posts: each post's own update (a compare-and-set on the
 * version read) and revision, the batch's tag rows in two statements. A post an editor saved
 * between the read and the write goes the one-post way (retagPost), read again.
 */
async function retagBatch(trx: Db, ids: string[], change: Change): Promise<number> {
  const posts = await trx
    .selectFrom("posts")
    .select(POST_COLUMNS)
    .where("posts.id", "in", ids)
    .execute();
  const written: PostRow[] = [];
  const moved: string[] = [];
  for (const post of posts) {
    const stored = parseStringList(post.tags);
    const tags = replaceTags(stored, change.remove, change.into);
    if (tags === null) {
      // The post's rows said it had the tag and its list does not: the rows follow the list.
      await writePostTags(trx, post.id, stored);
      continue;
    }
    const saved = await updateTags(trx, post, tags, change);
    if (saved) written.push(saved);
    else moved.push(post.id);
  }
  if (written.length > 0) {
    const writtenIds = written.map((post) => post.id);
    // Each written post had one of `remove` and has `into` now: its rows in two statements.
    await trx
      .deleteFrom("post_tags")
      .where("postId", "in", writtenIds)
      .where("tag", "in", [...change.remove])
      .execute();
    const { into } = change;
    if (into !== null) {
      await trx
        .insertInto("post_tags")
        .values(writtenIds.map((postId) => ({ postId, tag: into })))
        .onConflict((oc) => oc.columns(["postId", "tag"]).doNothing())
        .execute();
    }
    await retagWorkingCopies(trx, written, change);
  }
  let changed = written.length;
  for (const postId of moved) {
    if (await retagPost(trx, postId, change)) changed += 1;
  }
  return changed;
}

/**
 * Writes a post's new tags if it is still at the version read, with its revision, and answers
 * the post as written; null when it has moved on.
 */
async function updateTags(
  trx: Db,
  post: PostRow,
  tags: string[],
  { userId, nowIso }: Change,
): Promise<PostRow | null> {
  const json = JSON.stringify(tags);
  const result = await trx
    .updateTable("posts")
    .set((eb) => ({
      tags: json,
      updatedAt: nowIso,
      updatedBy: userId,
      version: eb("version", "+", 1),
    }))
    .where("id", "=", post.id)
    .where("version", "=", post.version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return null;
  const saved: PostRow = {
    ...post,
    tags: json,
    updatedAt: nowIso,
    updatedBy: userId,
    version: post.version + 1,
  };
  await recordRevision(trx, {
    postId: post.id,
    kind: "tags",
    content: revisionContentOf(saved),
    authorId: saved.authorId,
    savedBy: userId,
    nowIso,
  });
  return saved;
}

/**
 * Rewrites one post's tags, reading it again first: for a post an editor saved meanwhile, whose
 * save is then changed too, never overwritten.
 */
async function retagPost(trx: Db, postId: string, change: Change): Promise<boolean> {
  for (let attempt = 0; attempt < MAX_TRIES; attempt += 1) {
    const post = await trx
      .selectFrom("posts")
      .select(POST_COLUMNS)
      .where("posts.id", "=", postId)
      .executeTakeFirst();
    if (!post) return false;
    const stored = parseStringList(post.tags);
    const tags = replaceTags(stored, change.remove, change.into);
    if (tags === null) {
      await writePostTags(trx, postId, stored);
      return false;
    }
    const saved = await updateTags(trx, post, tags, change);
    if (!saved) continue;
    await writePostTags(trx, postId, tags);
    await retagWorkingCopies(trx, [saved], change);
    return true;
  }
  throw HttpError.conflict(
    "Some of these posts were being saved at the same moment. Please try again.",
  );
}

/**
 * The same change in the working copies of `posts` (as written), where they have one. A copy
 * made from the version just replaced is now a copy of the new one (it differs from it by the
 * same edits as before).
 */
async function retagWorkingCopies(
  trx: Db,
  posts: readonly PostRow[],
  change: Change,
): Promise<void> {
  const copies = await trx
    .selectFrom("post_working_copies")
    .select(["postId", "values", "baseVersion"])
    .where(
      "postId",
      "in",
      posts.map((post) => post.id),
    )
    .execute();
  const versions = new Map(posts.map((post) => [post.id, post.version]));
  for (const copy of copies) {
    const version = versions.get(copy.postId) ?? 0;
    const values = JSON.parse(copy.values) as WorkingCopyValues;
    const tags = replaceTags(values.tags ?? [], change.remove, change.into);
    await trx
      .updateTable("post_working_copies")
      .set({
        values: tags === null ? copy.values : JSON.stringify({ ...values, tags }),
        baseVersion: copy.baseVersion === version - 1 ? version : copy.baseVersion,
      })
      .where("postId", "=", copy.postId)
      .execute();
  }
}
