import { createHmac } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "#server/db/db.server.ts";

// How many confirmation mails one recipient may get (docs/decisions/027-double-opt-in-and-unsubscribe.md).
// Subscribing, unsubscribing and subscribing again makes a new subscriber row each time, so the
// row's own "at most once per 10 minutes" did not hold for the person behind the address. This
// limit is kept per recipient, apart from the rows (migration 0015), so it outlives unsubscribing
// and deleted rows; the address is known to it only by a keyed hash.

/** At most one confirmation mail per `everyMs`, and `perDay` in a 24-hour window, per recipient. */
export const CONFIRMATION_MAIL_LIMITS = {
  everyMs: 10 * 60 * 1000,
  perDay: 3,
  dayMs: 24 * 60 * 60 * 1000,
} as const;

/**
 * The key a recipient's limit is kept under: HMAC-SHA-256 with the site's secret of the address
 * as its mailbox sees it, lower-cased and without a "+tag" (name+1@ and name+2@ reach the same
 * inbox), so the table holds no address and cannot be matched against a list of them.
 */
export function confirmationLimitKey(secret: string, email: string): string {
  const at = email.lastIndexOf("@");
  const local = email.slice(0, Math.max(0, at));
  const mailbox = `${local.split("+")[0]}${email.slice(at)}`.trim().toLowerCase();
  return createHmac("sha256", secret).update(`confirmation-limit:${mailbox}`).digest("base64url");
}

/** The place a mail took in its recipient's limit, to give back if it could not be sent. */
export type ConfirmationAllowance = { addressKey: string; mailedAt: string };

/**
 * Takes one mail of the recipient's limit at `now`, in one statement (two processes never both
 * get the last one): null when the recipient had a mail in the last 10 minutes, or already
 * `perDay` in the window that began with the first of them.
 */
export async function takeConfirmationAllowance(
  db: Db,
  addressKey: string,
  now: Date,
): Promise<ConfirmationAllowance | null> {
  const { everyMs, perDay, dayMs } = CONFIRMATION_MAIL_LIMITS;
  const mailedAt = now.toISOString();
  const recent = new Date(now.getTime() - everyMs).toISOString();
  const dayAgo = new Date(now.getTime() - dayMs).toISOString();
  const windowOver = sql<boolean>`confirmation_mail_limits."windowStartedAt" <= ${dayAgo}`;
  const row = await db
    .insertInto("confirmation_mail_limits")
    .values({
      addressKey,
      windowStartedAt: mailedAt,
      mailsInWindow: 1,
      lastMailedAt: mailedAt,
      previousMailedAt: null,
    })
    .onConflict((oc) =>
      oc
        .column("addressKey")
        .doUpdateSet({
          windowStartedAt: sql`case when ${windowOver} then excluded."windowStartedAt" else confirmation_mail_limits."windowStartedAt" end`,
          mailsInWindow: sql`case when ${windowOver} then 1 else confirmation_mail_limits."mailsInWindow" + 1 end`,
          previousMailedAt: sql`confirmation_mail_limits."lastMailedAt"`,
          lastMailedAt: sql`excluded."lastMailedAt"`,
        })
        .where((eb) =>
          eb.and([
            eb.or([
              eb("confirmation_mail_limits.lastMailedAt", "is", null),
              eb("confirmation_mail_limits.lastMailedAt", "<=", recent),
            ]),
            eb.or([windowOver, eb("confirmation_mail_limits.mailsInWindow", "<", perDay)]),
          ]),
        ),
    )
    .returning("addressKey")
    .executeTakeFirst();
  return row ? { addressKey, mailedAt } : null;
}

/** Gives a mail's place back after it could not be sent, so a later request may send it. */
export async function giveBackConfirmationAllowance(
  db: Db,
  { addressKey, mailedAt }: ConfirmationAllowance,
): Promise<void> {
  await db
    .updateTable("confirmation_mail_limits")
    .set({
      lastMailedAt: sql`"previousMailedAt"`,
      previousMailedAt: null,
      mailsInWindow: sql`case when "mailsInWindow" > 0 then "mailsInWindow" - 1 else 0 end`,
    })
    .where("addressKey", "=", addressKey)
    .where("lastMailedAt", "=", mailedAt)
    .execute();
}

/** Deletes the limits that no longer hold anything back (window and last mail a day old). */
export async function pruneConfirmationLimits(db: Db, now = new Date()): Promise<number> {
  const dayAgo = new Date(now.getTime() - CONFIRMATION_MAIL_LIMITS.dayMs).toISOString();
  const result = await db
    .deleteFrom("confirmation_mail_limits")
    .where("windowStartedAt", "<=", dayAgo)
    .where((eb) => eb.or([eb("lastMailedAt", "is", null), eb("lastMailedAt", "<=", dayAgo)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
