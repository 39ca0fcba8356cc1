import express, { Router } from "express";
import { logger } from "#server/config/logger.server.ts";
import type { ServerContext } from "#server/context.server.ts";
import { HttpError } from "#server/errors.ts";
import { BODY_LIMITS } from "#server/http/body-limits.server.ts";
import {
  type MailNotice,
  NoticeError,
  readMailNotice,
} from "#server/services/mail-event-notices.server.ts";
import {
  applyMailEvents,
  mailgunSigned,
  presentsSecret,
} from "#server/services/mail-events.server.ts";

// `POST /api/mail-events`: the mail provider's bounce and complaint notices
// (docs/product/api.md#mail-provider-notices, docs/decisions/036-bounces.md). Not a staff call:
// the provider proves itself with MAIL_EVENTS_SECRET (or Mailgun with its signature). Without
// that variable the address does not exist (404).

export const MAIL_EVENTS_UNAUTHORIZED_MESSAGE =
  "This notice does not carry the mail events secret (as a bearer token or basic-auth password).";

/** Providers label their JSON differently (SNS says text/plain): every body is read as text. */
const readBody = express.text({ type: () => true, limit: BODY_LIMITS.mailEvents });

export function mailEventsRouter({ db, config }: ServerContext) {
  const { secret, mailgunSigningKey } = config.mail.events;
  const router = Router();

  router.post("/", (req, res, next) => {
    if (!secret) return next(HttpError.notFound(`There is no API endpoint POST ${req.baseUrl}.`));
    readBody(req, res, next);
  });

  router.post("/", async (req, res) => {
    const body = typeof req.body === "string" ? req.body : "";
    const byHeader = presentsSecret(req.get("authorization"), secret ?? "");
    let notice: MailNotice | null = null;
    try {
      notice = readMailNotice(body);
    } catch (error) {
      // A caller that has not proved itself learns nothing about what this site reads.
      if (!byHeader) throw unauthorized(res);
      if (error instanceof NoticeError) throw HttpError.badRequest(error.message);
      throw error;
    }
    const signed =
      notice.kind === "mailgun" &&
      mailgunSigningKey !== undefined &&
      mailgunSigned(notice.signature, mailgunSigningKey);
    if (!byHeader && !signed) throw unauthorized(res);
    if (notice.kind === "sns-subscription") {
      // Never fetched from here: the operator confirms the topic (docs/operations.md#e-mail).
      logger.warn(
        `Amazon SNS asks to confirm the subscription of ${notice.topicArn} to the mail events: open ${notice.subscribeUrl} to confirm it, if that topic is yours.`,
      );
      res.status(204).end();
      return;
    }
    await applyMailEvents(db, notice.events);
    res.status(204).end();
  });

  return router;
}

function unauthorized(res: express.Response): HttpError {
  res.set("WWW-Authenticate", 'Basic realm="mail events", charset="UTF-8"');
  return HttpError.unauthorized(MAIL_EVENTS_UNAUTHORIZED_MESSAGE);
}
