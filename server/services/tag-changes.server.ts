import type { WorkingCopyValues } from "#common/types/post-revision.ts";
import type { TagChangeAnswer } from "#common/types/tag.ts";
import type { Db } from "#server/db/db.server.ts";
import { lockTransaction } from "#server/db/dialect.server.ts";
import { parseStringList } from "#server/db/json-list.ts";
import { HttpError } from "#server/errors.ts";
import { recordRevision, revisionContentOf } from "./post-revisions.server.ts";
import { POST_COLUMNS } from "./post-rows.server.ts";
import { countPostsWithTag, writePostTags } from "./post-tags.server.ts";
import { readPost } from "./post-writes.server.ts";

// The Tags section's changes (docs/product.md#tags-section): renaming, merging and deleting a tag
// rewrites the tags of every post that has it. A tag change is a content change of each of those
// posts, made as a save makes one: in one transaction for all of them, each post's version up by
// one (an editor open on it then meets the change as a conflict instead of undoing it), updatedAt
// and updatedBy set, post_tags kept in step, and a revision of kind "tags" recorded. A published
// or scheduled post's working copy gets the same change, so pressing Update later does not bring
// the old tag back.

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

/** Rewrites the tags of every post carrying one of `remove`; answers how many changed. */
async function retag(
  trx: Db,
  remove: ReadonlySet<string>,
  into: string | null,
  userId: string,
  nowIso: string,
): Promise<number> {
  const posts = await trx
    .selectFrom("post_tags")
    .select("postId")
    .distinct()
    .where("tag", "in", [...remove])
    .orderBy("postId")
    .execute();
  let changed = 0;
  for (const { postId } of posts) {
    if (await retagPost(trx, postId, remove, into, userId, nowIso)) changed += 1;
  }
  return changed;
}

/**
 * Rewrites one post's tags as a save would: the update is a compare-and-set on the version read,
 * so an editor's save committed meanwhile is read again and changed too, never overwritten.
 */
async function retagPost(
  trx: Db,
  postId: string,
  remove: ReadonlySet<string>,
  into: string | null,
  userId: string,
  nowIso: string,
): Promise<boolean> {
  for (let attempt = 0; attempt < MAX_TRIES; attempt += 1) {
    const post = await trx
      .selectFrom("posts")
      .select(POST_COLUMNS)
      .where("posts.id", "=", postId)
      .executeTakeFirst();
    if (!post) return false;
    const stored = parseStringList(post.tags);
    const tags = replaceTags(stored, remove, into);
    if (tags === null) {
      // The post's rows said it had the tag and its list does not: the rows follow the list.
      await writePostTags(trx, postId, stored);
      return false;
    }
    const result = await trx
      .updateTable("posts")
      .set((eb) => ({
        tags: JSON.stringify(tags),
        updatedAt: nowIso,
        updatedBy: userId,
        version: eb("version", "+", 1),
      }))
      .where("id", "=", postId)
      .where("version", "=", post.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) continue;
    await writePostTags(trx, postId, tags);
    const saved = await readPost(trx, postId);
    await recordRevision(trx, {
      postId,
      kind: "tags",
      content: revisionContentOf(saved),
      authorId: saved.authorId,
      savedBy: userId,
      nowIso,
    });
    await retagWorkingCopy(trx, postId, { remove, into, from: post.version, to: saved.version });
    return true;
  }
  throw HttpError.conflict(
    "Some of these posts were being saved at the same moment. Please try again.",
  );
}

/**
 * The same change in the post's working copy, if it has one. A copy made from the version just
 * replaced is now a copy of the new one (it differs from it by the same edits as before).
 */
async function retagWorkingCopy(
  trx: Db,
  postId: string,
  change: { remove: ReadonlySet<string>; into: string | null; from: number; to: number },
): Promise<void> {
  const copy = await trx
    .selectFrom("post_working_copies")
    .select(["values", "baseVersion"])
    .where("postId", "=", postId)
    .executeTakeFirst();
  if (!copy) return;
  const values = JSON.parse(copy.values) as WorkingCopyValues;
  const tags = replaceTags(values.tags ?? [], change.remove, change.into);
  await trx
    .updateTable("post_working_copies")
    .set({
      values: tags === null ? copy.values : JSON.stringify({ ...values, tags }),
      baseVersion: copy.baseVersion === change.from ? change.to : copy.baseVersion,
    })
    .where("postId", "=", postId)
    .execute();
}
