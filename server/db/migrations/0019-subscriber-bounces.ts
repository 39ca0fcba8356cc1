import type { Kysely } from "kysely";
import { columnTypes, dbKindOf } from "#server/db/dialect.server.ts";

// A clean list (docs/decisions/036-bounces.md): an address the mail server refused for good, or
// the mail provider reported as a hard bounce, becomes `bounced` and gets no more newsletters.
//
// - subscribers.bouncedAt / bounceReason: when, and the server's (or provider's) answer;
// - subscriber_complaints: a reader who marked a newsletter as spam is unsubscribed (the row is
//   deleted, as any unsubscribe); the complaint itself is kept here, with the provider's words.

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dbKindOf(db));
  await db.schema.alterTable("subscribers").addColumn("bouncedAt", t.timestamp).execute();
  await db.schema.alterTable("subscribers").addColumn("bounceReason", "text").execute();
  await db.schema
    .createTable("subscriber_complaints")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("reason", "text")
    .addColumn("receivedAt", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("subscriber_complaints_received_idx")
    .on("subscriber_complaints")
    .columns(["receivedAt", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("subscriber_complaints").ifExists().execute();
  for (const column of ["bounceReason", "bouncedAt"]) {
    await db.schema.alterTable("subscribers").dropColumn(column).execute();
  }
}
