import type { Kysely } from "kysely";
import { columnTypes, dbKindOf } from "#server/db/dialect.server.ts";

// Old slugs of published posts, so their addresses keep working after a slug changes
// (docs/product/content-model.md#slugs). Each row points at the post, not at its newer slug, so a
// chain of renames always lands on the current one; a post's rows go with the post.

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dbKindOf(db));
  await db.schema
    .createTable("post_slug_redirects")
    .addColumn("slug", "text", (c) => c.primaryKey())
    .addColumn("postId", "text", (c) => c.notNull().references("posts.id").onDelete("cascade"))
    .addColumn("createdAt", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("post_slug_redirects_post_idx")
    .on("post_slug_redirects")
    .column("postId")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("post_slug_redirects").ifExists().execute();
}
