import type { Db } from "#server/db/db.server.ts";
import { parseStringList } from "#server/db/json-list.ts";

// A post's tags are stored twice: as the JSON list in posts.tags, which the editor and the pages
// read, and as one post_tags row per tag, which the staff list's tag filter and the tag counts
// walk by index (docs/decisions/022-staff-lists.md). Every write of posts.tags calls
// writePostTags in the same transaction; deleting a post deletes its rows (the foreign key
// cascades).

/** A tag and how many posts carry it. */
export type TagCount = { tag: string; posts: number };

/**
 * Makes post_tags hold exactly `tags` (a JSON list, as posts.tags stores it, or the list itself)
 * for the post: the rows of tags it no longer has are deleted, the new ones added. Call it in
 * the transaction that writes the post.
 */
export async function writePostTags(
  trx: Db,
  postId: string,
  tags: string | readonly string[],
): Promise<void> {
  const wanted = [...new Set(typeof tags === "string" ? parseStringList(tags) : tags)];
  let stale = trx.deleteFrom("post_tags").where("postId", "=", postId);
  if (wanted.length > 0) stale = stale.where("tag", "not in", wanted);
  await stale.execute();
  if (wanted.length === 0) return;
  await trx
    .insertInto("post_tags")
    .values(wanted.map((tag) => ({ postId, tag })))
    .onConflict((oc) => oc.columns(["postId", "tag"]).doNothing())
    .execute();
}

/**
 * Fills post_tags again from posts.tags for every post, for posts written straight into the
 * table rather than through the site's writes (the benchmark's generated posts).
 */
export async function rebuildPostTags(db: Db): Promise<void> {
  await db.deleteFrom("post_tags").execute();
  let after = "";
  for (;;) {
    const batch = await db
      .selectFrom("posts")
      .select(["id", "tags"])
      .where("tags", "!=", "[]")
      .where("id", ">", after)
      .orderBy("id")
      .limit(500)
      .execute();
    const last = batch[batch.length - 1];
    if (!last) return;
    const rows = batch.flatMap((post) =>
      [...new Set(parseStringList(post.tags))].map((tag) => ({ postId: post.id, tag })),
    );
    if (rows.length > 0) await db.insertInto("post_tags").values(rows).execute();
    after = last.id;
  }
}

/** Every tag in use with the number of posts carrying it, most used first, then by name. */
export async function listTagCounts(db: Db): Promise<TagCount[]> {
  const rows = await db
    .selectFrom("post_tags")
    .select("tag")
    .select((eb) => eb.fn.countAll<number | string>().as("posts"))
    .groupBy("tag")
    .orderBy("posts", "desc")
    .orderBy("tag")
    .execute();
  return rows.map((row) => ({ tag: row.tag, posts: Number(row.posts) }));
}
