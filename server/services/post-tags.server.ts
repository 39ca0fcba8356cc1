import { type SqlBool, sql } from "kysely";
import type { TagCount } from "#common/types/tag.ts";
import type { Db } from "#server/db/db.server.ts";
import { dbKindOf } from "#server/db/dialect.server.ts";
import { parseStringList } from "#server/db/json-list.ts";
import { containsPattern } from "./public-list-pages.server.ts";

// A post's tags are stored twice: as the JSON list in posts.tags, which the editor and the pages
// read, and as one post_tags row per tag, which the staff list's tag filter and the tag counts
// walk by index (docs/decisions/022-staff-lists.md). Every write of posts.tags calls
// writePostTags in the same transaction; deleting a post deletes its rows (the foreign key
// cascades).

export type { TagCount };

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

/**
 * The tags in use with their number of posts (the Tags section, the editor's suggestions), by
 * name: lower case first, compared character by character, so both databases list them in the
 * same order. With `q`, only the tags containing it (ignoring case as the lists' searches do,
 * docs/decisions/012-paged-lists.md), those starting with it first, then the most used, at most
 * `limit` of them.
 */
export async function listTags(
  db: Db,
  { q, limit }: { q?: string | undefined; limit?: number | undefined } = {},
): Promise<TagCount[]> {
  const postgres = dbKindOf(db) === "postgres";
  const nameKey = postgres ? sql`lower("tag") collate "C"` : sql`lower("tag")`;
  let query = db
    .selectFrom("post_tags")
    .select("tag")
    .select((eb) => eb.fn.countAll<number | string>().as("posts"))
    .groupBy("tag");
  if (q) {
    const like = sql.raw(postgres ? "ilike" : "like");
    const escaped = containsPattern(q).slice(1);
    query = query
      .where(sql<SqlBool>`"tag" ${like} ${containsPattern(q)} escape '\\'`)
      .orderBy(sql`case when "tag" ${like} ${escaped} escape '\\' then 0 else 1 end`)
      .orderBy("posts", "desc");
  }
  query = query.orderBy(nameKey).orderBy("tag");
  if (limit !== undefined) query = query.limit(limit);
  const rows = await query.execute();
  return rows.map((row) => ({ tag: row.tag, posts: Number(row.posts) }));
}

/** How many posts carry `tag`. */
export async function countPostsWithTag(db: Db, tag: string): Promise<number> {
  const row = await db
    .selectFrom("post_tags")
    .select((eb) => eb.fn.countAll<number | string>().as("posts"))
    .where("tag", "=", tag)
    .executeTakeFirstOrThrow();
  return Number(row.posts);
}
