import type { Db } from "#server/db/db.server.ts";
import { dbKindOf } from "#server/db/dialect.server.ts";
import { claimStatements } from "./claim-holders.server.ts";

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

/** Renewing, giving back and finding the holders of the deliveries' claims. */
export const {
  renew: renewWebhookClaims,
  release: releaseWebhookClaims,
  holders: webhookHolders,
} = claimStatements("webhook_deliveries");

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
