import { type Kysely, sql } from "kysely";
import { dbKindOf } from "#server/db/dialect.server.ts";

// Public lists are ordered by the time a post went public (docs/product/content-model.md#posts):
// its publishedAt, else the scheduledAt of a scheduled post (what a due one shows until the sweep
// writes it into publishedAt), else its createdAt, so the key is never NULL, which the two
// databases would sort to opposite ends. These indexes hold exactly that expression, as
// `publicationTime` in server/services/content-rules.server.ts spells it: both planners use an
// expression index only for the same expression. With the id last, a limited list walks one index
// in order and stops at the limit, ties included. The two databases list the visible posts with
// different queries (why, and what EXPLAIN showed: the comment above listPublishedPosts in
// server/services/public-post-lists.server.ts, and docs/benchmarks.md), so each gets the index its
// query walks. They replace the (status, createdAt) and (category, createdAt) indexes, which only
// the public lists used; (createdAt) stays for the staff list.

const PUBLICATION_TIME = sql`coalesce("publishedAt", "scheduledAt", "createdAt")`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dbKindOf(db) === "postgres") {
    // One SELECT with the visibility rule; PostgreSQL proves that the rule implies this
    // index's condition.
    await sql`create index "posts_public_publication_idx" on "posts" (${PUBLICATION_TIME}, "id") where "status" in ('published', 'scheduled')`.execute(
      db,
    );
  } else {
    // One SELECT per status, each walking its part of this index.
    await sql`create index "posts_status_publication_idx" on "posts" ("status", ${PUBLICATION_TIME}, "id")`.execute(
      db,
    );
  }
  await sql`create index "posts_category_publication_idx" on "posts" ("category", ${PUBLICATION_TIME}, "id")`.execute(
    db,
  );
  await db.schema.dropIndex("posts_status_created_idx").ifExists().execute();
  await db.schema.dropIndex("posts_category_created_idx").ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("posts_status_created_idx")
    .on("posts")
    .columns(["status", "createdAt"])
    .execute();
  await db.schema
    .createIndex("posts_category_created_idx")
    .on("posts")
    .columns(["category", "createdAt"])
    .execute();
  for (const index of [
    "posts_category_publication_idx",
    "posts_status_publication_idx",
    "posts_public_publication_idx",
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
}
