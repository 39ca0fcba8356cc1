import type { Db } from "#server/db/db.server.ts";
import { dbKindOf } from "#server/db/dialect.server.ts";
import { countDeliveries } from "#server/services/newsletter-sendings.server.ts";
import { getPostById } from "#server/services/post-rows.server.ts";
import { queueWebhookEvent } from "#server/services/webhook-events.server.ts";
import { claimStatements } from "./claim-holders.server.ts";

// The newsletter worker's statements on the delivery rows (docs/decisions/028-newsletter-sending.md).
// Every change a worker makes to a delivery names it as the claim's holder, so a process whose
// claim ran out (and was taken over) can no longer settle the row.

/** A delivery as a worker claims it. */
export type ClaimedDelivery = {
  id: string;
  sendingId: string;
  subscriberId: string;
  email: string;
  /** Hand-overs tried before this one. */
  attempts: number;
};

/**
 * Claims up to `limit` due pending deliveries nobody holds (or whose claim ran out) for `holder`
 * until `until`, oldest due first. The rows are picked once, in a WITH query the UPDATE then
 * names: PostgreSQL runs a WITH query exactly once, where under `id IN (… LIMIT n)` it may run the
 * subquery again for rows it rechecks and take more than `limit`, locking rows out of order, which
 * is how two processes' claims could deadlock. PostgreSQL: FOR UPDATE SKIP LOCKED, so processes
 * claiming at once each get rows of their own without waiting for one another. SQLite runs one
 * writer at a time, so two processes cannot both claim a row.
 */
export async function claimDueDeliveries(
  db: Db,
  { holder, until, now, limit }: { holder: string; until: Date; now: Date; limit: number },
): Promise<ClaimedDelivery[]> {
  const at = now.toISOString();
  const postgres = dbKindOf(db) === "postgres";
  return db
    .with("picked", (qb) => {
      const due = qb
        .selectFrom("newsletter_deliveries")
        .select("id")
        .where("status", "=", "pending")
        .where("nextAttemptAt", "<=", at)
        .where((w) => w.or([w("claimedUntil", "is", null), w("claimedUntil", "<=", at)]))
        .orderBy("nextAttemptAt")
        .orderBy("id")
        .limit(limit);
      return postgres ? due.forUpdate().skipLocked() : due;
    })
    .updateTable("newsletter_deliveries")
    .set({ claimedBy: holder, claimedUntil: until.toISOString() })
    .where("id", "in", (eb) => eb.selectFrom("picked").select("picked.id"))
    .where("status", "=", "pending")
    .returning(["id", "sendingId", "subscriberId", "email", "attempts"])
    .execute();
}

/** Renewing, giving back and finding the holders of the copies' claims. */
export const {
  renew: renewClaims,
  release: releaseClaims,
  holders: currentHolders,
} = claimStatements("newsletter_deliveries");

/** Whether a delivery is still `holder`'s to send, and its subscriber's state now. */
export type Turn = {
  mine: boolean;
  /** active, pending, bounced, or null when the subscriber row is gone (unsubscribed). */
  subscriberStatus: string | null;
};

export async function turnOf(db: Db, id: string, holder: string): Promise<Turn> {
  const row = await db
    .selectFrom("newsletter_deliveries as d")
    .leftJoin("subscribers as s", "s.id", "d.subscriberId")
    .select(["d.status", "d.claimedBy", "s.status as subscriberStatus"])
    .where("d.id", "=", id)
    .executeTakeFirst();
  return {
    mine: row?.status === "pending" && row.claimedBy === holder,
    subscriberStatus: row?.subscriberStatus ?? null,
  };
}

type Settle = { id: string; holder: string; at: Date };

/** Whether the update settled the row (false: it was no longer this holder's). */
async function settled(promise: Promise<{ numUpdatedRows: bigint }>): Promise<boolean> {
  return (await promise).numUpdatedRows === 1n;
}

/** The mail server accepted the copy (answered 250). */
export function recordSent(db: Db, { id, holder, at, messageId }: Settle & { messageId: string }) {
  const when = at.toISOString();
  return settled(
    db
      .updateTable("newsletter_deliveries")
      .set((eb) => ({
        status: "sent",
        attempts: eb("attempts", "+", 1),
        sentAt: when,
        lastAttemptAt: when,
        messageId,
        claimedUntil: null,
      }))
      .where("id", "=", id)
      .where("claimedBy", "=", holder)
      .where("status", "=", "pending")
      .executeTakeFirst(),
  );
}

/** The subscriber unsubscribed (or is no longer active) before the copy's turn: not sent. */
export function recordSkipped(db: Db, { id, holder, at }: Settle) {
  return settled(
    db
      .updateTable("newsletter_deliveries")
      .set({ status: "skipped", lastAttemptAt: at.toISOString(), claimedUntil: null })
      .where("id", "=", id)
      .where("claimedBy", "=", holder)
      .where("status", "=", "pending")
      .executeTakeFirst(),
  );
}

/**
 * The hand-over did not succeed: `retryAt` set, the copy waits until then and anyone may claim it
 * again; null, it failed for good. `bounceOf`: the subscriber whose address the server refused
 * for good (5xx), marked Bounced with its answer in the same transaction as the copy's outcome.
 */
export async function recordRefusal(
  db: Db,
  {
    id,
    holder,
    at,
    error,
    retryAt,
    bounceOf = null,
  }: Settle & { error: string; retryAt: Date | null; bounceOf?: string | null },
): Promise<boolean> {
  if (bounceOf !== null && !db.isTransaction) {
    // Two statements, one outcome: committed together or not at all.
    return db
      .transaction()
      .execute((trx) => recordRefusal(trx, { id, holder, at, error, retryAt, bounceOf }));
  }
  const when = at.toISOString();
  const reason = error.slice(0, 1000);
  const done = await settled(
    db
      .updateTable("newsletter_deliveries")
      .set((eb) => ({
        attempts: eb("attempts", "+", 1),
        lastError: reason,
        lastAttemptAt: when,
        claimedUntil: null,
        ...(retryAt
          ? { status: "pending", nextAttemptAt: retryAt.toISOString(), claimedBy: null }
          : { status: "failed" }),
      }))
      .where("id", "=", id)
      .where("claimedBy", "=", holder)
      .where("status", "=", "pending")
      .executeTakeFirst(),
  );
  if (done && bounceOf !== null) {
    await markBounced(db, { subscriberId: bounceOf, at, reason });
  }
  return done;
}

/**
 * Marks a subscriber's address Bounced with when and why, unless it already is (the first
 * answer is kept). Pending addresses bounce too: their confirmation cannot arrive either.
 */
export async function markBounced(
  db: Db,
  { subscriberId, at, reason }: { subscriberId: string; at: Date; reason: string },
): Promise<void> {
  await db
    .updateTable("subscribers")
    .set({ status: "bounced", bouncedAt: at.toISOString(), bounceReason: reason.slice(0, 1000) })
    .where("id", "=", subscriberId)
    .where("status", "in", ["active", "pending"])
    .execute();
}

/**
 * Marks finished every sending with nothing pending; answers their titles. The `newsletter.sent`
 * webhook event of each is recorded in the same transaction (docs/decisions/037-webhooks.md).
 */
export async function finishSendings(db: Db, now: Date): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .updateTable("newsletter_sendings")
      .set({ status: "finished", finishedAt: now.toISOString() })
      .where("status", "=", "sending")
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("newsletter_deliveries")
              .select("newsletter_deliveries.id")
              .whereRef("newsletter_deliveries.sendingId", "=", "newsletter_sendings.id")
              .where("newsletter_deliveries.status", "=", "pending"),
          ),
        ),
      )
      .returning(["id", "postId", "postTitle", "total"])
      .execute();
    if (rows.length > 0) await queueNewsletterEvents(trx, rows, now);
    return rows.map((row) => row.postTitle);
  });
}

async function queueNewsletterEvents(
  trx: Db,
  rows: { id: string; postId: string | null; postTitle: string; total: number }[],
  now: Date,
): Promise<void> {
  const counts = await countDeliveries(
    trx,
    rows.map((row) => row.id),
  );
  for (const row of rows) {
    const post = row.postId ? await getPostById(trx, row.postId) : null;
    const count = counts.get(row.id);
    await queueWebhookEvent(trx, {
      type: "newsletter.sent",
      data: {
        newsletter: {
          id: row.id,
          title: row.postTitle,
          postSlug: post?.slug ?? null,
          total: row.total,
          sent: count?.sent ?? 0,
          failed: count?.failed ?? 0,
        },
      },
      now,
    });
  }
}

/** The built e-mail of a sending, or null when the row is gone. */
export async function sendingContent(
  db: Db,
  id: string,
): Promise<{ subject: string; html: string; text: string } | null> {
  const row = await db
    .selectFrom("newsletter_sendings")
    .select(["subject", "html", "text"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ?? null;
}
