import type { Kysely } from "kysely";
import { columnTypes, dbKindOf } from "#server/db/dialect.server.ts";

// Newsletter sendings (docs/decisions/028-newsletter-sending.md): a post sent to the mailing list
// is a durable job. The sending row keeps the e-mail as built once (subject, HTML and text with a
// placeholder for each subscriber's unsubscribe link); one delivery row per active subscriber at
// the start records what became of that subscriber's copy.
//
// - newsletter_deliveries.id is `{sendingId}.{subscriberId}`: one per subscriber and sending,
//   and the left part of the copy's Message-ID.
// - claimedBy / claimedUntil: the server process handing the copy over and how long its claim
//   lasts unless renewed; claimedBy stays on a settled row (who sent it).
// - newsletter_pace: one row per site holding the next free sending slot (milliseconds since
//   1970), so every process together keeps to MAIL_RATE_PER_MINUTE.
//
// Indexes: the workers' claim walks (status, nextAttemptAt, id) over pending rows in due order;
// the release of dead holders' claims reads (status, claimedBy); the progress counts and the
// latest failures read (sendingId, status, lastAttemptAt); the list of sendings is newest first
// (createdAt, id); "was this post sent, and when" reads (postId, createdAt).

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dbKindOf(db));
  await db.schema
    .createTable("newsletter_sendings")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("postId", "text")
    .addColumn("postTitle", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("html", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("sending"))
    .addColumn("total", "integer", (c) => c.notNull())
    .addColumn("createdBy", "text")
    .addColumn("createdAt", t.timestamp, (c) => c.notNull())
    .addColumn("finishedAt", t.timestamp)
    .execute();
  await db.schema
    .createIndex("newsletter_sendings_created_idx")
    .on("newsletter_sendings")
    .columns(["createdAt", "id"])
    .execute();
  await db.schema
    .createIndex("newsletter_sendings_post_idx")
    .on("newsletter_sendings")
    .columns(["postId", "createdAt"])
    .execute();

  await db.schema
    .createTable("newsletter_deliveries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("sendingId", "text", (c) => c.notNull())
    .addColumn("subscriberId", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("lastError", "text")
    .addColumn("nextAttemptAt", t.timestamp, (c) => c.notNull())
    .addColumn("lastAttemptAt", t.timestamp)
    .addColumn("claimedBy", "text")
    .addColumn("claimedUntil", t.timestamp)
    .addColumn("sentAt", t.timestamp)
    .addColumn("messageId", "text")
    .execute();
  await db.schema
    .createIndex("newsletter_deliveries_due_idx")
    .on("newsletter_deliveries")
    .columns(["status", "nextAttemptAt", "id"])
    .execute();
  await db.schema
    .createIndex("newsletter_deliveries_holder_idx")
    .on("newsletter_deliveries")
    .columns(["status", "claimedBy"])
    .execute();
  await db.schema
    .createIndex("newsletter_deliveries_progress_idx")
    .on("newsletter_deliveries")
    .columns(["sendingId", "status", "lastAttemptAt"])
    .execute();

  await db.schema
    .createTable("newsletter_pace")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("nextSlotAt", t.double, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("newsletter_pace").ifExists().execute();
  await db.schema.dropTable("newsletter_deliveries").ifExists().execute();
  await db.schema.dropTable("newsletter_sendings").ifExists().execute();
}
