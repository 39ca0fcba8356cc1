import { Router } from "express";
import { NEWSLETTER_RATE_LIMIT } from "#common/constants.ts";
import { NewsletterInputSchema } from "#common/schemas/subscriber.ts";
import { createRateLimit } from "#server/api/middleware/rate-limit.ts";
import { parseInput } from "#server/api/shared/validate.ts";
import type { ServerContext } from "#server/context.server.ts";
import {
  NEWSLETTER_LIMIT_MESSAGE,
  NEWSLETTER_LIMIT_NAME,
  subscribeToNewsletter,
} from "#server/services/newsletter-signup.server.ts";
import { unsubscribe } from "#server/services/subscribers.server.ts";

export function newsletterRouter({ db, config, confirmations }: ServerContext) {
  const { doubleOptIn } = config.mail;
  const router = Router();
  router.use(
    createRateLimit(db, {
      name: NEWSLETTER_LIMIT_NAME,
      ...NEWSLETTER_RATE_LIMIT,
      message: NEWSLETTER_LIMIT_MESSAGE,
    }),
  );

  // Both answers are the same whether or not the address was already on the list, so the
  // form cannot be used to find out who is subscribed
  // (docs/product/departures.md#unsubscribe-never-reveals). The page /subscribe (the same form
  // without JavaScript) subscribes through the same service, under the same limit.
  router.post("/subscribe", async (req, res) => {
    const { email } = parseInput(NewsletterInputSchema, req.body);
    const message = await subscribeToNewsletter({ db, confirmations, doubleOptIn }, email);
    res.json({ message });
  });

  router.post("/unsubscribe", async (req, res) => {
    const { email } = parseInput(NewsletterInputSchema, req.body);
    await unsubscribe(db, email);
    res.json({ message: "You have been unsubscribed from our newsletter." });
  });

  return router;
}
