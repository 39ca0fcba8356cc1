import type { Subscriber } from "#common/types/subscriber.ts";
import type { SubscriberRow } from "#server/db/tables.ts";

/** A subscriber row as the API sends it. */
export function presentSubscriber(row: SubscriberRow): Subscriber {
  return {
    id: row.id,
    email: row.email,
    createdAt: row.createdAt,
    status: row.status,
    confirmedAt: row.confirmedAt,
    bouncedAt: row.status === "bounced" ? row.bouncedAt : null,
    bounceReason: row.status === "bounced" ? row.bounceReason : null,
  };
}
