import { type Kysely, sql } from "kysely";
import { columnTypes, dbKindOf } from "#server/db/dialect.server.ts";

// The media library (docs/decisions/040-media-library.md).
//
// - media: one row per stored image: `fileName` (the original in the upload store, unique; its
//   WebP copy and variants are named after its stem), what the file is (`mimeType`, `width`,
//   `height`, `size` in bytes), the name it was uploaded with (`originalName`), its `altText` and
//   `caption`, who uploaded it (`uploadedBy`, a user id) and when.
// - media_uses: where each item is used, written in the transaction of the write that uses it:
//   `owner` is "post:{id}", "app:{id}" or "settings"; `field` the place in it (content,
//   featuredImage, socialImage, changes: a published post's unsaved working copy, logoUrl,
//   imageUrl, defaultSocialImage). postId/appId cascade, so deleting a post or an app drops its uses.
//
// Rows for files stored before this migration are made at start (server/services/media-backfill
// .server.ts): a migration sees only the database, not the upload store with the files' sizes.
//
// Indexes: the library's pages in their orders (createdAt, id) and (lower name, id); uses by item
// (the details, "used" filter) and by owner (the sync of one post).

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dbKindOf(db));
  await db.schema
    .createTable("media")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("fileName", "text", (c) => c.notNull().unique())
    .addColumn("originalName", "text", (c) => c.notNull())
    .addColumn("mimeType", "text", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("altText", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("caption", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("uploadedBy", "text")
    .addColumn("createdAt", t.timestamp, (c) => c.notNull())
    .addColumn("updatedAt", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("media_created_idx")
    .on("media")
    .columns(["createdAt", "id"])
    .execute();
  // The name order as textOrderKey writes it (lower-cased, "C" collation on PostgreSQL).
  const nameKey =
    dbKindOf(db) === "postgres"
      ? sql`lower("originalName") collate "C"`
      : sql`lower("originalName")`;
  await sql`create index media_name_order_idx on media (${nameKey}, "id")`.execute(db);

  await db.schema
    .createTable("media_uses")
    .addColumn("mediaId", "text", (c) => c.notNull().references("media.id").onDelete("cascade"))
    .addColumn("owner", "text", (c) => c.notNull())
    .addColumn("field", "text", (c) => c.notNull())
    .addColumn("postId", "text", (c) => c.references("posts.id").onDelete("cascade"))
    .addColumn("appId", "text", (c) => c.references("apps.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("media_uses_pkey", ["owner", "field", "mediaId"])
    .execute();
  await db.schema.createIndex("media_uses_media_idx").on("media_uses").column("mediaId").execute();
  await db.schema.createIndex("media_uses_post_idx").on("media_uses").column("postId").execute();
  await db.schema.createIndex("media_uses_app_idx").on("media_uses").column("appId").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("media_uses").ifExists().execute();
  await db.schema.dropTable("media").ifExists().execute();
}
