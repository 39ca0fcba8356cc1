import express, { Router } from "express";
import type {
  NewsletterPreview,
  RemoveFailedAnswer,
  RetryFailedAnswer,
} from "#common/types/newsletter.ts";
import { z } from "#common/zod.ts";
import { pagedAnswer, staffListQuerySchema } from "#server/api/shared/list-query.ts";
import { uuidParam } from "#server/api/shared/params.ts";
import { parseInput } from "#server/api/shared/validate.ts";
import { requireEmployee, viewerOf } from "#server/auth/express-access.server.ts";
import type { ServerContext } from "#server/context.server.ts";
import { HttpError } from "#server/errors.ts";
import { BODY_LIMITS } from "#server/http/body-limits.server.ts";
import {
  presentSending,
  presentSendingDetail,
} from "#server/presenters/newsletter-sending.server.ts";
import {
  failureActions,
  pendingRetries,
  removeFailedAddresses,
  retryFailed,
} from "#server/services/newsletter-failures.server.ts";
import {
  countActiveSubscribers,
  getSending,
  lastSentAt,
  latestFailures,
  pageSendings,
  SENDING_NOT_FOUND_MESSAGE,
  startSending,
} from "#server/services/newsletter-sendings.server.ts";
import { postNewsletter, sampleNewsletter } from "#server/services/post-newsletter.server.ts";
import { getPostById, POST_NOT_FOUND_MESSAGE } from "#server/services/post-rows.server.ts";

// Newsletters (docs/product/mail.md#newsletters): staff send a published post to the active
// subscribers, and follow each sending's progress. The worker that hands the copies over is
// server/jobs/newsletter-worker.server.ts.

type PostRow = NonNullable<Awaited<ReturnType<typeof getPostById>>>;

const SendInputSchema = z
  .object({ resend: z.boolean({ error: "resend must be true or false." }).optional() })
  .strict()
  .default({});

const SendingPageQuerySchema = staffListQuerySchema(["-createdAt"], {}).pick({
  page: true,
  limit: true,
});

/** `/api/posts/:id/newsletter…`: start a sending of a post, and preview its e-mail. */
export function postNewsletterRouter(context: ServerContext) {
  const { db, config } = context;
  const router = Router();
  const staffOnly = requireEmployee(context);
  const jsonBody = express.json({ limit: BODY_LIMITS.json });

  async function postOr404(params: Record<string, unknown>): Promise<PostRow> {
    const post = await getPostById(db, uuidParam(params, "id", POST_NOT_FOUND_MESSAGE));
    if (!post) throw HttpError.notFound(POST_NOT_FOUND_MESSAGE);
    return post;
  }

  router.post("/:id/newsletter", staffOnly, jsonBody, async (req, res) => {
    const post = await postOr404(req.params);
    const { resend = false } = parseInput(SendInputSchema, req.body ?? {});
    const viewer = viewerOf(res);
    const sending = await startSending(db, {
      post,
      content: await postNewsletter(db, config, post),
      createdById: viewer.id,
      resend,
    });
    res.status(202).json(presentSending(sending));
  });

  router.get("/:id/newsletter/preview", staffOnly, async (req, res) => {
    const post = await postOr404(req.params);
    const content = await sampleNewsletter(db, config, post);
    const preview: NewsletterPreview = {
      ...content,
      recipients: await countActiveSubscribers(db),
      lastSentAt: await lastSentAt(db, post.id),
    };
    res.json(preview);
  });

  return router;
}

/**
 * `/api/newsletter-sendings`: every sending with its progress, one with its failures and retries,
 * and what staff do about its failures (send them again, or take the addresses off the list).
 */
export function newsletterSendingsRouter(context: ServerContext) {
  const { db } = context;
  const router = Router();
  router.use(requireEmployee(context));

  router.get("/", async (req, res) => {
    const query = parseInput(SendingPageQuerySchema, req.query);
    const { rows, total } = await pageSendings(db, { page: query.page, pageSize: query.limit });
    res.json(pagedAnswer(rows.map(presentSending), total, query));
  });

  async function sendingIdOr404(params: Record<string, unknown>): Promise<string> {
    const id = uuidParam(params, "id", SENDING_NOT_FOUND_MESSAGE);
    if (!(await getSending(db, id))) throw HttpError.notFound(SENDING_NOT_FOUND_MESSAGE);
    return id;
  }

  router.get("/:id", async (req, res) => {
    const id = uuidParam(req.params, "id", SENDING_NOT_FOUND_MESSAGE);
    const sending = await getSending(db, id);
    if (!sending) throw HttpError.notFound(SENDING_NOT_FOUND_MESSAGE);
    const [failures, retries, actions] = await Promise.all([
      latestFailures(db, id),
      pendingRetries(db, id),
      failureActions(db, id),
    ]);
    res.json(presentSendingDetail(sending, { failures, retries, ...actions }));
  });

  /** Puts the failed copies to addresses still active back as pending, due now. */
  router.post("/:id/retry-failed", async (req, res) => {
    const id = await sendingIdOr404(req.params);
    const answer: RetryFailedAnswer = { retried: await retryFailed(db, id) };
    res.json(answer);
  });

  /** Takes the addresses of the failed copies off the mailing list. */
  router.post("/:id/remove-failed", async (req, res) => {
    const id = await sendingIdOr404(req.params);
    const answer: RemoveFailedAnswer = { removed: await removeFailedAddresses(db, id) };
    res.json(answer);
  });

  return router;
}
