import type { Kysely } from "kysely";
import { columnTypes, dbKindOf } from "#server/db/dialect.server.ts";

// Webhooks (docs/decisions/037-webhooks.md): the community chat and other services told of what
// happens on the site, through rows delivered as the newsletter's are.
//
// - webhook_endpoints: where to send (`url`, kept whole, shown without its secret part), `kind`
//   (`chat`: the chat service's message format; `generic`: Standard Webhooks), the signing
//   `secret` of a generic endpoint (the key's bytes, base64), the `events` it takes (a JSON list).
// - webhook_events: what happened, once: its `type` and `data` (a JSON snapshot taken in the
//   transaction of the change). `dedupeKey` (unique) keeps an event that a sweep may find twice
//   (a marketplace item's launch) to one row.
// - webhook_deliveries: one per event and endpoint (unique), its id the `webhook-id` of every
//   attempt; the claim columns as the newsletter's deliveries have them.
//
// Indexes: the workers' claim walks (status, nextAttemptAt, id); giving back claims reads
// (status, claimedBy); an endpoint's log is newest first (endpointId, createdAt); the upkeep
// prunes by createdAt.

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dbKindOf(db));
  await db.schema
    .createTable("webhook_endpoints")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("secret", "text")
    .addColumn("events", "text", (c) => c.notNull())
    .addColumn("enabled", t.boolean, (c) => c.notNull().defaultTo(true))
    .addColumn("createdBy", "text")
    .addColumn("createdAt", t.timestamp, (c) => c.notNull())
    .addColumn("updatedAt", t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("webhook_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("dedupeKey", "text", (c) => c.unique())
    .addColumn("createdAt", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("webhook_events_created_idx")
    .on("webhook_events")
    .column("createdAt")
    .execute();

  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("eventId", "text", (c) =>
      c.notNull().references("webhook_events.id").onDelete("cascade"),
    )
    .addColumn("endpointId", "text", (c) =>
      c.notNull().references("webhook_endpoints.id").onDelete("cascade"),
    )
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("nextAttemptAt", t.timestamp, (c) => c.notNull())
    .addColumn("lastAttemptAt", t.timestamp)
    .addColumn("lastStatusCode", "integer")
    .addColumn("lastResponse", "text")
    .addColumn("lastError", "text")
    .addColumn("lastDurationMs", "integer")
    .addColumn("claimedBy", "text")
    .addColumn("claimedUntil", t.timestamp)
    .addColumn("deliveredAt", t.timestamp)
    .addColumn("createdAt", t.timestamp, (c) => c.notNull())
    .addUniqueConstraint("webhook_deliveries_event_endpoint_key", ["eventId", "endpointId"])
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_due_idx")
    .on("webhook_deliveries")
    .columns(["status", "nextAttemptAt", "id"])
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_holder_idx")
    .on("webhook_deliveries")
    .columns(["status", "claimedBy"])
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_endpoint_idx")
    .on("webhook_deliveries")
    .columns(["endpointId", "createdAt"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("webhook_deliveries").ifExists().execute();
  await db.schema.dropTable("webhook_events").ifExists().execute();
  await db.schema.dropTable("webhook_endpoints").ifExists().execute();
}
