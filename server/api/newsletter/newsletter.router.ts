import { Router } from "express";
import { NEWSLETTER_RATE_LIMIT } from "#common/constants.ts";
import { NewsletterInputSchema, SUBSCRIBE_ANSWERS } from "#common/schemas/subscriber.ts";
import { createRateLimit } from "#server/api/middleware/rate-limit.ts";
import { parseInput } from "#server/api/shared/validate.ts";
import type { ServerContext } from "#server/context.server.ts";
import { requestSubscription } from "#server/services/subscriber-consent.server.ts";
import { unsubscribe } from "#server/services/subscribers.server.ts";

export function newsletterRouter({ db, config, confirmations }: ServerContext) {
  const { doubleOptIn } = config.mail;
  const router = Router();
  router.use(
    createRateLimit(db, {
      name: "newsletter",
      ...NEWSLETTER_RATE_LIMIT,
      message: "Too many newsletter requests from your address. Please try again in a few minutes.",
    }),
  );

  // Both answers are the same whether or not the address was already on the list, so the
  // form cannot be used to find out who is subscribed
  // (docs/product/departures.md#unsubscribe-never-reveals). With double opt-in the request only
  // queues the address for its confirmation mail, which is sent after the answer (if the address
  // may get one), so the time taken does not tell either
  // (docs/decisions/027-double-opt-in-and-unsubscribe.md).
  router.post("/subscribe", async (req, res) => {
    const { email } = parseInput(NewsletterInputSchema, req.body);
    await requestSubscription(db, email, { doubleOptIn });
    if (doubleOptIn) confirmations.enqueue([email]);
    res.json({ message: doubleOptIn ? SUBSCRIBE_ANSWERS.confirm : SUBSCRIBE_ANSWERS.subscribed });
  });

  router.post("/unsubscribe", async (req, res) => {
    const { email } = parseInput(NewsletterInputSchema, req.body);
    await unsubscribe(db, email);
    res.json({ message: "You have been unsubscribed from our newsletter." });
  });

  return router;
}
