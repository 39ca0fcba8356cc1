import { type Kysely, sql } from "kysely";
import { dbKindOf } from "#server/db/dialect.server.ts";

// The paged lists (docs/product/public-site.md#paged-lists) filter and order by more than migration
// 0005's publication order, so each filter and order they add gets an index:
//
// - one category's public page (the studio's All tab, the paged list calls' `category`), on
//   SQLite one SELECT per public status: (category, status, publication time, id) walks each
//   status's part in order, without reading a row to learn its status;
// - a studio tab: marketplace packs of one pack type, most recently published first:
//   (category, packType, publication time, id), the same expression 0005 indexes
//   (`publicationTime` in server/services/content-rules.server.ts);
// - the studio tabs' counts (GROUP BY packType over what the visitor may see): (category,
//   packType, status, scheduledAt) holds every column they read, so they are counted in the
//   index without reading the posts (on SQLite a post's HTML lies before its status in the row);
// - the alphabetical order of /news and the paged list calls: the title in lower case, compared
//   character by character, as `titleKey` in server/services/public-list-pages.server.ts writes
//   it (both planners use an expression index only for the same expression);
// - the count of a public list: (status) alone, the smallest index SQLite can count the
//   published posts in (about half the time of counting them in the publication index).

const PUBLICATION_TIME = sql`coalesce("publishedAt", "scheduledAt", "createdAt")`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index "posts_category_pack_publication_idx" on "posts" ("category", "packType", ${PUBLICATION_TIME}, "id")`.execute(
    db,
  );
  await sql`create index "posts_category_status_publication_idx" on "posts" ("category", "status", ${PUBLICATION_TIME}, "id")`.execute(
    db,
  );
  await db.schema
    .createIndex("posts_category_pack_status_idx")
    .on("posts")
    .columns(["category", "packType", "status", "scheduledAt"])
    .execute();
  await db.schema.createIndex("posts_status_idx").on("posts").column("status").execute();
  const titleKey =
    dbKindOf(db) === "postgres" ? sql`lower("title") collate "C"` : sql`lower("title")`;
  await sql`create index "posts_title_order_idx" on "posts" (${titleKey}, ${PUBLICATION_TIME}, "id")`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("posts_title_order_idx").ifExists().execute();
  await db.schema.dropIndex("posts_status_idx").ifExists().execute();
  await db.schema.dropIndex("posts_category_pack_status_idx").ifExists().execute();
  await db.schema.dropIndex("posts_category_status_publication_idx").ifExists().execute();
  await db.schema.dropIndex("posts_category_pack_publication_idx").ifExists().execute();
}
