import type { Db } from "#server/db/db.server.ts";
import { dbKindOf } from "#server/db/dialect.server.ts";

// The webhook worker's statements on the delivery rows (docs/decisions/037-webhooks.md), as the
// newsletter's (newsletter-deliveries.server.ts): every change names the claim's holder, so a
// process whose claim ran out (and was taken over) can no longer settle the row.

export type ClaimedWebhook = { id: string; eventId: string; endpointId: string; attempts: number };

/**
 * Claims the oldest due pending delivery nobody holds (or whose claim ran out): FOR UPDATE SKIP
 * LOCKED on PostgreSQL, one UPDATE under SQLite's single writer. The row is picked by a scalar
 * subquery (`id = (…)`), which PostgreSQL runs once; under `id IN (… LIMIT 1)` it may run the
 * subquery again per row and claim more than one, leaving a lane two deliveries in a row.
 */
export function claimDueWebhook(
  db: Db,
  { holder, until, now }: { holder: string; until: Date; now: Date },
): Promise<ClaimedWebhook[]> {
  const at = now.toISOString();
  const postgres = dbKindOf(db) === "postgres";
  return db
    .updateTable("webhook_deliveries")
    .set({ claimedBy: holder, claimedUntil: until.toISOString() })
    .where("id", "=", (eb) => {
      const due = eb
        .selectFrom("webhook_deliveries")
        .select("id")
        .where("status", "=", "pending")
        .where("nextAttemptAt", "<=", at)
        .where((w) => w.or([w("claimedUntil", "is", null), w("claimedUntil", "<=", at)]))
        .orderBy("nextAttemptAt")
        .orderBy("id")
        .limit(1);
      return postgres ? due.forUpdate().skipLocked() : due;
    })
    .where("status", "=", "pending")
    .returning(["id", "eventId", "endpointId", "attempts"])
    .execute();
}

/** Extends every pending claim of `holder` until `until`. */
export async function renewWebhookClaims(db: Db, holder: string, until: Date): Promise<void> {
  await db
    .updateTable("webhook_deliveries")
    .set({ claimedUntil: until.toISOString() })
    .where("status", "=", "pending")
    .where("claimedBy", "=", holder)
    .execute();
}

/** Gives back every pending claim of `holder`; answers how many. */
export async function releaseWebhookClaims(db: Db, holder: string): Promise<number> {
  const result = await db
    .updateTable("webhook_deliveries")
    .set({ claimedBy: null, claimedUntil: null })
    .where("status", "=", "pending")
    .where("claimedBy", "=", holder)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The holders of pending claims. */
export async function webhookHolders(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom("webhook_deliveries")
    .select("claimedBy")
    .distinct()
    .where("status", "=", "pending")
    .where("claimedBy", "is not", null)
    .execute();
  return rows.flatMap((row) => (row.claimedBy ? [row.claimedBy] : []));
}

export type AttemptRecord = {
  id: string;
  holder: string;
  at: Date;
  statusCode: number | null;
  response: string | null;
  error: string | null;
  durationMs: number | null;
  /** delivered; or pending again at `retryAt`; or failed for good. */
  outcome: { status: "delivered" } | { status: "pending"; retryAt: Date } | { status: "failed" };
};

/** Writes an attempt's outcome; false when the row was no longer `holder`'s. */
export async function recordAttempt(db: Db, record: AttemptRecord): Promise<boolean> {
  const when = record.at.toISOString();
  const { outcome } = record;
  const result = await db
    .updateTable("webhook_deliveries")
    .set((eb) => ({
      attempts: eb("attempts", "+", 1),
      lastAttemptAt: when,
      lastStatusCode: record.statusCode,
      lastResponse: record.response?.slice(0, 500) ?? null,
      lastError: record.error?.slice(0, 500) ?? null,
      lastDurationMs: record.durationMs,
      claimedUntil: null,
      status: outcome.status,
      ...(outcome.status === "delivered" ? { deliveredAt: when } : {}),
      ...(outcome.status === "pending"
        ? { nextAttemptAt: outcome.retryAt.toISOString(), claimedBy: null }
        : {}),
    }))
    .where("id", "=", record.id)
    .where("claimedBy", "=", record.holder)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
