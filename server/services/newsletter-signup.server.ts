import { ipKeyGenerator } from "express-rate-limit";
import { NEWSLETTER_RATE_LIMIT } from "#common/constants.ts";
import { SUBSCRIBE_ANSWERS } from "#common/schemas/subscriber.ts";
import type { Db } from "#server/db/db.server.ts";
import { DatabaseRateLimitStore } from "#server/db/rate-limit-store.server.ts";
import { requestSubscription } from "./subscriber-consent.server.ts";

// Subscribing from the newsletter form (docs/product/mail.md#newsletter-form), one set of rules
// for both ways in: `POST /api/newsletter/subscribe` (the form's script) and `POST /subscribe`
// (the same form sent without JavaScript, answered with a page).

/** Where confirmation mails are queued, to be sent after the answer (the server's ConfirmationSender). */
type ConfirmationQueue = { enqueue: (emails: readonly string[]) => void };

/** The name of the per-client counter that every newsletter call and the page's form share. */
export const NEWSLETTER_LIMIT_NAME = "newsletter";
export const NEWSLETTER_LIMIT_MESSAGE =
  "Too many newsletter requests from your address. Please try again in a few minutes.";

/**
 * Adds `email` to the list and answers what the visitor is told. With double opt-in it waits as
 * pending and its confirmation mail is queued, to be sent after the answer (if the address may
 * get one now), so the time taken says nothing about the address; the answer is the same for a
 * new, a pending, an active and a bounced address (docs/decisions/027-double-opt-in-and-unsubscribe.md,
 * 036-bounces.md).
 */
export async function subscribeToNewsletter(
  {
    db,
    confirmations,
    doubleOptIn,
  }: { db: Db; confirmations: ConfirmationQueue; doubleOptIn: boolean },
  email: string,
): Promise<string> {
  await requestSubscription(db, email, { doubleOptIn });
  // Queued whatever the setting: only a pending or bounced address gets the mail (a bounced one
  // confirms again even without double opt-in), and the answer is the same either way.
  confirmations.enqueue([email]);
  return doubleOptIn ? SUBSCRIBE_ANSWERS.confirm : SUBSCRIBE_ANSWERS.subscribed;
}

/**
 * Counts one newsletter request of the client at `clientAddress` against the limit the API's
 * newsletter calls count against (the same counter, keyed as express-rate-limit keys it): null
 * while within it, else how many seconds until the window ends.
 */
export async function countNewsletterRequest(
  db: Db,
  clientAddress: string,
  now: () => number = Date.now,
): Promise<{ retryAfterSeconds: number } | null> {
  const store = new DatabaseRateLimitStore(db, NEWSLETTER_LIMIT_NAME, { now });
  store.init({ windowMs: NEWSLETTER_RATE_LIMIT.windowMs } as Parameters<typeof store.init>[0]);
  const { totalHits, resetTime } = await store.increment(ipKeyGenerator(clientAddress));
  if (totalHits <= NEWSLETTER_RATE_LIMIT.limit) return null;
  return { retryAfterSeconds: Math.max(1, Math.ceil((resetTime.getTime() - now()) / 1000)) };
}
