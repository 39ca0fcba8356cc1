import type { Kysely } from "kysely";
import { columnTypes, dbKindOf } from "#server/db/dialect.server.ts";

// How the editor saves (docs/decisions/008-editor-saves.md): every post gets a version, which
// every write through the API raises by one, and the user who wrote it last; a published or
// scheduled post's autosaves go to its working copy, so the public page stays as it is; and every
// save leaves a revision. A post's working copy and revisions go with the post.

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dbKindOf(db));

  // Existing posts start at version 1, like a new one.
  await db.schema
    .alterTable("posts")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable("posts").addColumn("updatedBy", "text").execute();

  await db.schema
    .createTable("post_working_copies")
    .addColumn("postId", "text", (c) => c.primaryKey().references("posts.id").onDelete("cascade"))
    // The editor's fields as JSON (title, slug, content, …).
    .addColumn("values", "text", (c) => c.notNull())
    // The post's version the copy was made from.
    .addColumn("baseVersion", "integer", (c) => c.notNull())
    .addColumn("savedBy", "text")
    .addColumn("savedAt", t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("post_revisions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("postId", "text", (c) => c.notNull().references("posts.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("excerpt", "text")
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("featuredImage", "text")
    .addColumn("featuredImageAlt", "text")
    .addColumn("tags", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("authorId", "text")
    .addColumn("savedBy", "text")
    .addColumn("createdAt", t.timestamp, (c) => c.notNull())
    // When the stretch of autosaves this revision stands for began (autosaves only).
    .addColumn("coalesceFrom", t.timestamp)
    .execute();
  // A post's history, newest first, and its newest revision (coalescing autosaves).
  await db.schema
    .createIndex("post_revisions_post_created_idx")
    .on("post_revisions")
    .columns(["postId", "createdAt"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("post_revisions").ifExists().execute();
  await db.schema.dropTable("post_working_copies").ifExists().execute();
  await db.schema.alterTable("posts").dropColumn("updatedBy").execute();
  await db.schema.alterTable("posts").dropColumn("version").execute();
}
