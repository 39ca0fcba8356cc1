import type { Db } from "#server/db/db.server.ts";
import { LISTED_FAILURES } from "./newsletter-sendings.server.ts";

// What staff do about a sending's failed copies (docs/decisions/036-bounces.md): send them again
// to the addresses still active, or take the failed addresses off the list; and the copies
// waiting for a retry, with when it comes.

/** A copy refused for now, waiting for its next try. */
export type PendingRetry = {
  email: string;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
};

/** What the failures panel offers: how many failed copies each of its two actions concerns. */
export type FailureActions = {
  /** Failed copies whose address is still active: "Retry failed" sends these again. */
  retryable: number;
  /** Failed copies whose address is still on the list: "Remove these addresses" removes them. */
  removable: number;
};

/** A sending's copies waiting for a retry (at most LISTED_FAILURES), the soonest first. */
export async function pendingRetries(db: Db, sendingId: string): Promise<PendingRetry[]> {
  const rows = await db
    .selectFrom("newsletter_deliveries")
    .select(["email", "attempts", "lastError", "nextAttemptAt"])
    .where("sendingId", "=", sendingId)
    .where("status", "=", "pending")
    .where("attempts", ">", 0)
    .orderBy("nextAttemptAt")
    .orderBy("id")
    .limit(LISTED_FAILURES)
    .execute();
  return rows.map((row) => ({ ...row, nextAttemptAt: new Date(row.nextAttemptAt).toISOString() }));
}

/** Counts the failed copies of a sending by what became of their address since. */
export async function failureActions(db: Db, sendingId: string): Promise<FailureActions> {
  const rows = await db
    .selectFrom("newsletter_deliveries as d")
    .innerJoin("subscribers as s", "s.id", "d.subscriberId")
    .select(["s.status", (eb) => eb.fn.countAll<number | string>().as("count")])
    .where("d.sendingId", "=", sendingId)
    .where("d.status", "=", "failed")
    .groupBy("s.status")
    .execute();
  let removable = 0;
  let retryable = 0;
  for (const row of rows) {
    removable += Number(row.count);
    if (row.status === "active") retryable += Number(row.count);
  }
  return { retryable, removable };
}

/**
 * Puts a sending's failed copies whose address is still active back as pending, due `now`, with
 * their attempts counted afresh (so a refusal for now is retried as the first time was); copies
 * sent, skipped or to an address no longer active stay as they are. The sending runs again until
 * they are settled. Answers how many copies were put back.
 */
export async function retryFailed(db: Db, sendingId: string, now = new Date()): Promise<number> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("newsletter_deliveries")
      .set({
        status: "pending",
        attempts: 0,
        nextAttemptAt: at,
        claimedBy: null,
        claimedUntil: null,
      })
      .where("sendingId", "=", sendingId)
      .where("status", "=", "failed")
      .where("subscriberId", "in", (eb) =>
        eb
          .selectFrom("subscribers")
          .select("subscribers.id")
          .where("subscribers.status", "=", "active"),
      )
      .executeTakeFirst();
    const retried = Number(result.numUpdatedRows);
    if (retried > 0) {
      await trx
        .updateTable("newsletter_sendings")
        .set({ status: "sending", finishedAt: null })
        .where("id", "=", sendingId)
        .execute();
    }
    return retried;
  });
}

/**
 * Takes the addresses of a sending's failed copies off the mailing list (their rows are deleted,
 * as an unsubscribe does); answers how many were removed.
 */
export async function removeFailedAddresses(db: Db, sendingId: string): Promise<number> {
  const result = await db
    .deleteFrom("subscribers")
    .where("id", "in", (eb) =>
      eb
        .selectFrom("newsletter_deliveries")
        .select("newsletter_deliveries.subscriberId")
        .where("newsletter_deliveries.sendingId", "=", sendingId)
        .where("newsletter_deliveries.status", "=", "failed"),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
