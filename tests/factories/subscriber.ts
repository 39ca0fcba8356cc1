import { randomBytes, randomUUID } from "node:crypto";
import type { Db } from "#server/db/db.server.ts";
import type { SubscriberRow } from "#server/db/tables.ts";

/**
 * An active (confirmed) subscriber row with a unique address, subscribed now; override only what
 * the test is about.
 */
export function fakeSubscriber(overrides: Partial<SubscriberRow> = {}): SubscriberRow {
  const createdAt = overrides.createdAt ?? new Date().toISOString();
  return {
    id: randomUUID(),
    email: `reader-${randomBytes(8).toString("hex")}@example.com`,
    createdAt,
    status: "active",
    confirmedAt: overrides.status === "pending" ? null : createdAt,
    confirmationSentAt: null,
    bouncedAt: null,
    bounceReason: null,
    ...overrides,
  };
}

/**
 * Inserts a subscriber as it is given, without the newsletter form's checks, so a test can
 * store addresses the form would refuse (non-ASCII ones, for instance).
 */
export async function createSubscriber(
  db: Db,
  overrides: Partial<SubscriberRow> = {},
): Promise<SubscriberRow> {
  const row = fakeSubscriber(overrides);
  await db.insertInto("subscribers").values(row).execute();
  return row;
}
