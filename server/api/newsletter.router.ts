import { Router } from "express";
import { NEWSLETTER_RATE_LIMIT } from "#common/constants.ts";
import { NewsletterInputSchema } from "#common/schemas/subscriber.ts";
import type { ServerContext } from "#server/context.server.ts";
import { subscribe, unsubscribe } from "#server/services/subscribers.server.ts";
import { createRateLimit } from "./middleware/rate-limit.ts";
import { parseInput } from "./middleware/validate.ts";

export function newsletterRouter({ db }: ServerContext) {
  const router = Router();
  router.use(
    createRateLimit(db, {
      name: "newsletter",
      ...NEWSLETTER_RATE_LIMIT,
      message: "Too many newsletter requests from your address. Please try again in a few minutes.",
    }),
  );

  // Both answers are the same whether or not the address was already on the list, so the
  // form cannot be used to find out who is subscribed (docs/product.md#unsubscribe-never-reveals).
  router.post("/subscribe", async (req, res) => {
    const { email } = parseInput(NewsletterInputSchema, req.body);
    await subscribe(db, email);
    res.json({ message: "You've been successfully subscribed to our newsletter." });
  });

  router.post("/unsubscribe", async (req, res) => {
    const { email } = parseInput(NewsletterInputSchema, req.body);
    await unsubscribe(db, email);
    res.json({ message: "You have been unsubscribed from our newsletter." });
  });

  return router;
}
