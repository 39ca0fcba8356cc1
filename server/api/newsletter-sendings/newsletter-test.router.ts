import { Router } from "express";
import { createRateLimit } from "#server/api/middleware/rate-limit.ts";
import { uuidParam } from "#server/api/shared/params.ts";
import { requireEmployee, viewerOf } from "#server/auth/express-access.server.ts";
import type { ServerContext } from "#server/context.server.ts";
import { HttpError } from "#server/errors.ts";
import { sendNewsletterTest } from "#server/services/post-newsletter.server.ts";
import { getPostById, POST_NOT_FOUND_MESSAGE } from "#server/services/post-rows.server.ts";

/** Test copies one staff member may send in TEST_WINDOW_MS. */
export const TEST_SEND_LIMIT = 10;
export const TEST_WINDOW_MS = 10 * 60_000;

export const TEST_LIMIT_MESSAGE =
  "You have sent 10 test e-mails in the last 10 minutes. Please wait a few minutes and try again.";

/**
 * `POST /api/posts/{id}/newsletter/test` (docs/product/mail.md#newsletters-section): the post's
 * newsletter, marked as a test, sent at once to the signed-in staff member's own address only. Any
 * post, drafts included, so it can be checked before it is published. Staff only; at most
 * TEST_SEND_LIMIT a user in TEST_WINDOW_MS.
 */
export function newsletterTestRouter(context: ServerContext) {
  const { db, config, mailer } = context;
  const router = Router();
  const limit = createRateLimit(db, {
    name: "newsletter-test",
    limit: TEST_SEND_LIMIT,
    windowMs: TEST_WINDOW_MS,
    message: TEST_LIMIT_MESSAGE,
    key: (_req, res) => viewerOf(res).id,
  });

  router.post("/:id/newsletter/test", requireEmployee(context), limit, async (req, res) => {
    const post = await getPostById(db, uuidParam(req.params, "id", POST_NOT_FOUND_MESSAGE));
    if (!post) throw HttpError.notFound(POST_NOT_FOUND_MESSAGE);
    res.json(await sendNewsletterTest(db, { site: config, mailer }, post, viewerOf(res).email));
  });

  return router;
}
