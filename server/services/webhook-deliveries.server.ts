import type { Db } from "#server/db/db.server.ts";
import { HttpError } from "#server/errors.ts";

// An endpoint's delivery log (docs/product/dashboard.md#integrations-section): reading it,
// sending a delivery again, and keeping it bounded.

/** How long deliveries (and the events they carried) are kept. */
export const DELIVERY_LOG_DAYS = 30;

export type DeliveryLogRow = {
  id: string;
  eventType: string;
  eventData: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  lastStatusCode: number | null;
  lastResponse: string | null;
  lastError: string | null;
  lastDurationMs: number | null;
  createdAt: string;
  lastAttemptAt: string | null;
  nextAttemptAt: string;
  deliveredAt: string | null;
};

/** A page of an endpoint's deliveries, newest first, and how many there are. */
export async function pageDeliveries(
  db: Db,
  endpointId: string,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<{ rows: DeliveryLogRow[]; total: number }> {
  const rows = await db
    .selectFrom("webhook_deliveries as d")
    .innerJoin("webhook_events as e", "e.id", "d.eventId")
    .select([
      "d.id",
      "e.type as eventType",
      "e.data as eventData",
      "d.status",
      "d.attempts",
      "d.lastStatusCode",
      "d.lastResponse",
      "d.lastError",
      "d.lastDurationMs",
      "d.createdAt",
      "d.lastAttemptAt",
      "d.nextAttemptAt",
      "d.deliveredAt",
    ])
    .where("d.endpointId", "=", endpointId)
    .orderBy("d.createdAt", "desc")
    .orderBy("d.id", "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const count = await db
    .selectFrom("webhook_deliveries")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("endpointId", "=", endpointId)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.count) };
}

/**
 * Sends a delivery again, now, under its same id (`webhook-id`), so a receiver that keeps ids
 * can tell it is the same event. A delivery being attempted at this moment is left alone (409).
 */
export async function resendDelivery(
  db: Db,
  { endpointId, id, now = new Date() }: { endpointId: string; id: string; now?: Date },
): Promise<void> {
  const at = now.toISOString();
  const result = await db
    .updateTable("webhook_deliveries")
    .set({ status: "pending", nextAttemptAt: at, claimedBy: null, claimedUntil: null })
    .where("id", "=", id)
    .where("endpointId", "=", endpointId)
    .where((eb) =>
      eb.or([
        eb("status", "!=", "pending"),
        eb("claimedUntil", "is", null),
        eb("claimedUntil", "<=", at),
      ]),
    )
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return;
  const exists = await db
    .selectFrom("webhook_deliveries")
    .select("id")
    .where("id", "=", id)
    .where("endpointId", "=", endpointId)
    .executeTakeFirst();
  if (!exists) throw HttpError.notFound("That delivery no longer exists.");
  throw HttpError.conflict("That delivery is being sent right now. Try again in a moment.");
}

/**
 * Deletes deliveries and events older than DELIVERY_LOG_DAYS (a delivery still pending then has
 * long failed); answers how many deliveries went.
 */
export async function pruneDeliveryLog(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - DELIVERY_LOG_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const deleted = await db
    .deleteFrom("webhook_deliveries")
    .where("createdAt", "<", before)
    .where("status", "!=", "pending")
    .executeTakeFirst();
  await db
    .deleteFrom("webhook_events")
    .where("createdAt", "<", before)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("webhook_deliveries")
            .select("webhook_deliveries.id")
            .whereRef("webhook_deliveries.eventId", "=", "webhook_events.id"),
        ),
      ),
    )
    .execute();
  return Number(deleted.numDeletedRows);
}
