import { Router } from "express";
import { UNSUBSCRIBE_PATH } from "#common/paths.ts";
import type { NewsletterTestSent } from "#common/types/newsletter-test.ts";
import { requireEmployee, viewerOf } from "#server/auth/express-access.server.ts";
import { logger } from "#server/config/logger.server.ts";
import type { ServerContext } from "#server/context.server.ts";
import { HttpError } from "#server/errors.ts";
import { MailError, mailerFor } from "#server/mail/mailer.server.ts";
import { markAsTest, personalize } from "#server/mail/newsletter-message.server.ts";
import { getPostById, POST_NOT_FOUND_MESSAGE } from "#server/services/post-rows.server.ts";
import { createRateLimit } from "./middleware/rate-limit.ts";
import { newsletterOf } from "./newsletter-sendings.router.ts";
import { uuidParam } from "./posts.router.ts";

/** Test copies one staff member may send in TEST_WINDOW_MS. */
export const TEST_SEND_LIMIT = 10;
export const TEST_WINDOW_MS = 10 * 60_000;

export const TEST_LIMIT_MESSAGE =
  "You have sent 10 test e-mails in the last 10 minutes. Please wait a few minutes and try again.";

/**
 * `POST /api/posts/{id}/newsletter/test` (docs/product.md#newsletters-section): the post's newsletter,
 * marked as a test, sent at once to the signed-in staff member's own address only. Any post,
 * drafts included, so it can be checked before it is published. Staff only; at most
 * TEST_SEND_LIMIT a user in TEST_WINDOW_MS.
 */
export function newsletterTestRouter(context: ServerContext) {
  const { db, config } = context;
  const router = Router();
  const limit = createRateLimit(db, {
    name: "newsletter-test",
    limit: TEST_SEND_LIMIT,
    windowMs: TEST_WINDOW_MS,
    message: TEST_LIMIT_MESSAGE,
    key: (_req, res) => viewerOf(res).id,
  });

  router.post("/:id/newsletter/test", requireEmployee(context), limit, async (req, res) => {
    const post = await getPostById(db, uuidParam(req.params));
    if (!post) throw HttpError.notFound(POST_NOT_FOUND_MESSAGE);
    const viewer = viewerOf(res);
    // Built as the sending builds it, so the test shows what subscribers would get.
    const newsletter = await newsletterOf(db, config, post);
    // A sample link: the unsubscribe form, since the staff member is no subscriber.
    const message = markAsTest(personalize(newsletter, `${config.siteUrl}${UNSUBSCRIBE_PATH}`));
    const mailer = mailerFor(config);
    try {
      await mailer.send({ to: viewer.email, ...message });
    } catch (error) {
      if (!(error instanceof MailError)) throw error;
      logger.warn({ err: error, postId: post.id }, "The newsletter test e-mail was not sent");
      throw HttpError.badGateway(
        error.temporary
          ? "The mail server could not take the test e-mail just now. Please try again in a few minutes."
          : `The mail server refused the test e-mail: ${error.message}`,
      );
    }
    const answer: NewsletterTestSent = { sentTo: viewer.email, outbox: mailer.kind === "outbox" };
    res.json(answer);
  });

  return router;
}
