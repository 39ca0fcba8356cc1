import { type Kysely, sql } from "kysely";
import { dbKindOf } from "#server/db/dialect.server.ts";

// The staff post list (docs/decisions/022-staff-lists.md): every sort walks an index, and the
// filters are tested on the index entries, so a page is found without reading a post's row (on
// SQLite a post's HTML lies in the row). Each sort's index holds the sort key, the id (the tie
// break) and the filtered columns (status, category, packType, authorId); the page's ids are
// found in it and only the page's rows are read. A nullable date (publishedAt, scheduledAt) is
// walked in two ranges, the posts that have it and then those that do not, so one index serves
// both directions with the posts without the date last. The title key is the lower-cased title,
// compared character by character, as the public lists' alphabetical order writes it.
//
// The tag filter: a post's tags are a JSON list in posts.tags, which no index can look into, so
// each (post, tag) pair is also a row of post_tags, kept in step by every write of a post's tags
// (server/services/post-tags.server.ts) and deleted with its post. Filled here from the stored
// posts.

const FILTERED = sql`"status", "category", "packType", "authorId"`;

/** Every index this migration adds, by name, with its columns. */
function indexes(db: Kysely<unknown>) {
  const titleKey =
    dbKindOf(db) === "postgres" ? sql`lower("title") collate "C"` : sql`lower("title")`;
  return [
    { name: "posts_staff_updated_idx", columns: sql`("updatedAt", "id", ${FILTERED})` },
    { name: "posts_staff_created_idx", columns: sql`("createdAt", "id", ${FILTERED})` },
    { name: "posts_staff_published_idx", columns: sql`("publishedAt", "id", ${FILTERED})` },
    { name: "posts_staff_scheduled_idx", columns: sql`("scheduledAt", "id", ${FILTERED})` },
    { name: "posts_staff_title_idx", columns: sql`(${titleKey}, "id", ${FILTERED})` },
    { name: "posts_author_idx", columns: sql`("authorId", "id")` },
  ];
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("post_tags")
    .addColumn("postId", "text", (c) => c.notNull().references("posts.id").onDelete("cascade"))
    .addColumn("tag", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("post_tags_pkey", ["postId", "tag"])
    .execute();
  await db.schema
    .createIndex("post_tags_tag_idx")
    .on("post_tags")
    .columns(["tag", "postId"])
    .execute();
  await fillPostTags(db);
  for (const index of indexes(db)) {
    await sql`create index ${sql.id(index.name)} on "posts" ${index.columns}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of indexes(db)) {
    await sql`drop index if exists ${sql.id(index.name)}`.execute(db);
  }
  await db.schema.dropTable("post_tags").ifExists().execute();
}

/**
 * One post_tags row per distinct tag of each stored post, read from posts.tags a batch of posts
 * at a time. A value that is not a JSON list of strings has no tags (as the site reads it).
 */
async function fillPostTags(db: Kysely<unknown>): Promise<void> {
  const posts = db as unknown as Kysely<{
    posts: { id: string; tags: string };
    post_tags: { postId: string; tag: string };
  }>;
  let after = "";
  for (;;) {
    const batch = await posts
      .selectFrom("posts")
      .select(["id", "tags"])
      .where("tags", "!=", "[]")
      .where("id", ">", after)
      .orderBy("id")
      .limit(500)
      .execute();
    if (batch.length === 0) return;
    const rows = batch.flatMap((post) =>
      tagsOf(post.tags).map((tag) => ({ postId: post.id, tag })),
    );
    if (rows.length > 0) await posts.insertInto("post_tags").values(rows).execute();
    after = batch[batch.length - 1]?.id ?? after;
  }
}

function tagsOf(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    return [...new Set(value.filter((v): v is string => typeof v === "string"))];
  } catch {
    return [];
  }
}
