import type { Kysely } from "kysely";
import { columnTypes, dbKindOf } from "#server/db/dialect.server.ts";

// Migrations are append-only and do not import today's table types, so they keep working
// as the schema moves on.

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: a released migration is never edited (databases have applied it as it is), so it is not split either.
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dbKindOf(db));

  await db.schema
    .createTable("posts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("excerpt", "text")
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("draft"))
    .addColumn("category", "text", (c) => c.notNull().defaultTo("news"))
    .addColumn("packType", "text")
    .addColumn("marketplaceUrl", "text")
    .addColumn("youtubeUrl", "text")
    .addColumn("featuredImage", "text")
    .addColumn("featuredImageAlt", "text")
    .addColumn("scheduledAt", t.timestamp)
    .addColumn("timezone", "text")
    .addColumn("releaseDate", t.timestamp)
    .addColumn("publishedAt", t.timestamp)
    .addColumn("tags", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("authorId", "text")
    .addColumn("createdAt", t.timestamp, (c) => c.notNull())
    .addColumn("updatedAt", t.timestamp, (c) => c.notNull())
    .execute();
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
  await db.schema.createIndex("posts_created_idx").on("posts").column("createdAt").execute();

  await db.schema
    .createTable("apps")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("relationship", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("logoUrl", "text")
    .addColumn("imageUrl", "text")
    .addColumn("shortDescription", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("downloadCount", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("rating", t.double)
    .addColumn("releaseDate", t.timestamp)
    .addColumn("platforms", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("websiteUrl", "text")
    .addColumn("downloadUrl", "text")
    .addColumn("sortOrder", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("createdAt", t.timestamp, (c) => c.notNull())
    .addColumn("updatedAt", t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("subscribers")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("createdAt", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("subscribers_created_idx")
    .on("subscribers")
    .column("createdAt")
    .execute();

  await db.schema
    .createTable("employees")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("firstName", "text", (c) => c.notNull())
    .addColumn("lastName", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull().defaultTo("employee"))
    .addColumn("isActive", t.boolean, (c) => c.notNull().defaultTo(true))
    .addColumn("createdAt", t.timestamp, (c) => c.notNull())
    .addColumn("updatedAt", t.timestamp, (c) => c.notNull())
    .execute();

  // Fixed-window request counters shared by every server process (rate limiting).
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("hits", "integer", (c) => c.notNull())
    .addColumn("resetAt", t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["rate_limits", "employees", "subscribers", "apps", "posts"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
