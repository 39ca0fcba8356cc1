import { type Kysely, sql } from "kysely";
import { columnTypes, dbKindOf } from "#server/db/dialect.server.ts";

// Double opt-in (docs/decisions/027-double-opt-in-and-unsubscribe.md): an address is `pending`
// until its owner follows the mailed confirmation link, then `active`; only active addresses get
// newsletters. Addresses on the list before this migration were added under the single opt-in
// the site had, so they stay active, confirmed when they subscribed.
//
// - confirmedAt: when the address became active (null while pending);
// - confirmationSentAt: when the last confirmation mail went out (a new request re-sends at
//   most once per 10 minutes).
//
// The Mailing List pages and counts each state apart, so the subscription-time index gains the
// state in front.

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dbKindOf(db));
  await db.schema
    .alterTable("subscribers")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("active"))
    .execute();
  await db.schema.alterTable("subscribers").addColumn("confirmedAt", t.timestamp).execute();
  await db.schema.alterTable("subscribers").addColumn("confirmationSentAt", t.timestamp).execute();
  await sql`update subscribers set "confirmedAt" = "createdAt"`.execute(db);
  await db.schema
    .createIndex("subscribers_status_created_idx")
    .on("subscribers")
    .columns(["status", "createdAt", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("subscribers_status_created_idx").ifExists().execute();
  for (const column of ["confirmationSentAt", "confirmedAt", "status"]) {
    await db.schema.alterTable("subscribers").dropColumn(column).execute();
  }
}
