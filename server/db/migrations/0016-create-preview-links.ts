import type { Kysely } from "kysely";
import { columnTypes, dbKindOf } from "#server/db/dialect.server.ts";

// Preview links (docs/decisions/034-preview-links.md): an unguessable address that shows a post
// as its public page will look, to anyone holding it, until it expires or is revoked. A link goes
// with its post.
//
// - tokenHash: SHA-256 of the link's random token (base64url); the token itself is shown once,
//   when the link is made, and kept nowhere, so a copy of the database opens no preview;
// - createdBy: the user id of whoever made it;
// - expiresAt: chosen when it is made (1, 7 or 30 days); revokedAt: set by Revoke.
//
// Indexes: the page looks a link up by its hash (unique); the editor lists a post's links
// (postId, createdAt); the upkeep deletes links long expired (expiresAt) or revoked (revokedAt).

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dbKindOf(db));
  await db.schema
    .createTable("preview_links")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("postId", "text", (c) => c.notNull().references("posts.id").onDelete("cascade"))
    .addColumn("tokenHash", "text", (c) => c.notNull().unique())
    .addColumn("createdBy", "text")
    .addColumn("createdAt", t.timestamp, (c) => c.notNull())
    .addColumn("expiresAt", t.timestamp, (c) => c.notNull())
    .addColumn("revokedAt", t.timestamp)
    .execute();
  await db.schema
    .createIndex("preview_links_post_idx")
    .on("preview_links")
    .columns(["postId", "createdAt"])
    .execute();
  await db.schema
    .createIndex("preview_links_expires_idx")
    .on("preview_links")
    .column("expiresAt")
    .execute();
  await db.schema
    .createIndex("preview_links_revoked_idx")
    .on("preview_links")
    .column("revokedAt")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("preview_links").ifExists().execute();
}
