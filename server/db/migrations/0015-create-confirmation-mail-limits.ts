import type { Kysely } from "kysely";
import { columnTypes, dbKindOf } from "#server/db/dialect.server.ts";

// A limit on confirmation mails per recipient (docs/decisions/027-double-opt-in-and-unsubscribe.md):
// subscribing, unsubscribing and subscribing again made a new subscriber row each time, and each
// new row was mailed at once, so anyone could fill a stranger's inbox. The limit is kept apart
// from the rows, so it outlives unsubscribing: one row per recipient, named by a keyed hash of the
// address (never the address itself).
//
// - addressKey: HMAC-SHA-256 of the normalised address with the site's secret;
// - windowStartedAt / mailsInWindow: the 24-hour window that began with its first mail, and the
//   mails sent in it;
// - lastMailedAt: the latest mail (at most one per 10 minutes); previousMailedAt: the one before
//   it, so a mail the server could not send gives its place back.
//
// The upkeep job deletes rows whose window and last mail are more than a day old.

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dbKindOf(db));
  await db.schema
    .createTable("confirmation_mail_limits")
    .addColumn("addressKey", "text", (c) => c.primaryKey())
    .addColumn("windowStartedAt", t.timestamp, (c) => c.notNull())
    .addColumn("mailsInWindow", "integer", (c) => c.notNull())
    .addColumn("lastMailedAt", t.timestamp)
    .addColumn("previousMailedAt", t.timestamp)
    .execute();
  await db.schema
    .createIndex("confirmation_mail_limits_last_idx")
    .on("confirmation_mail_limits")
    .column("lastMailedAt")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("confirmation_mail_limits").ifExists().execute();
}
