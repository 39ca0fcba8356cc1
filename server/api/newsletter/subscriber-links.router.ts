import express, { type Request, type RequestHandler, type Response, Router } from "express";
import multer from "multer";
import { confirmSubscriptionPath, unsubscribeLinkPath } from "#common/paths.ts";
import { SUBSCRIBER_LINK_FIELDS } from "#common/subscriber-link-fields.ts";
import { apiErrorHandler } from "#server/api/middleware/error-handler.ts";
import type { ServerContext } from "#server/context.server.ts";
import { HttpError } from "#server/errors.ts";
import { BODY_LIMITS } from "#server/http/body-limits.server.ts";
import { PAGE_FORM_MESSAGES } from "#server/http/page-forms.server.ts";
import {
  confirmSubscription,
  unsubscribeByLink,
} from "#server/services/subscriber-consent.server.ts";

/** The plain answers of the one-click unsubscribe, for mail programs (RFC 8058). */
export const ONE_CLICK_ANSWERS = {
  done: "You have been unsubscribed.",
  /**
   * The link's subscription had ended before (an earlier press, or the address left): nothing
   * changed, and a later subscription of the same address, which the link does not name, stays.
   * Still 200, so a mail program's retry is not an error.
   */
  ended:
    "This link's subscription had already ended, so nothing changed. If our newsletter still reaches you, use the unsubscribe link in the latest one.",
  invalid: "This unsubscribe link is not valid.",
  notOneClick:
    "To unsubscribe, send List-Unsubscribe=One-Click, or open this link in a browser and press the button.",
} as const;

const { oneClick, fromPage: FROM_PAGE_FIELD } = SUBSCRIBER_LINK_FIELDS;

/**
 * The two links mailed to subscribers take a POST outside /api
 * (docs/decisions/027-double-opt-in-and-unsubscribe.md):
 *
 * - `POST /unsubscribe/{token}` with `List-Unsubscribe=One-Click` (form-encoded or multipart)
 *   is RFC 8058's one-click unsubscribe: mail programs send it with no cookie and no Origin, so
 *   it sits outside /api and its origin check; the signed token is the only credential. It
 *   answers 200 in plain text, or, from the link's own page, sends the browser back to it.
 * - `POST /subscribe/confirm/{token}`: the confirmation page's button; back to the page, which
 *   says what happened. Confirming needs the press because mail scanners open links (GET).
 *
 * GET on both addresses is the page (app/routes/site/subscriber-links/).
 */
export function subscriberLinksRouter({ db, config }: ServerContext) {
  const router = Router();
  const secret = config.sessionSecret;
  const multipart = multer({ limits: { fields: 4, fieldSize: 1024, files: 0, parts: 4 } }).none();
  const forms: RequestHandler[] = [
    express.urlencoded({ extended: false, limit: BODY_LIMITS.page }),
    // Whatever stops the multipart reader (no boundary, a body cut short, a file, too many
    // fields) is the sender's doing: 400, not a logged 500.
    (req, res, next) =>
      multipart(req, res, (error?: unknown) =>
        next(error === undefined ? undefined : HttpError.badRequest(PAGE_FORM_MESSAGES.unreadable)),
      ),
  ];

  router.post("/unsubscribe/:token", ...forms, async (req: Request, res: Response) => {
    res.set("Cache-Control", "no-store");
    const fields = (req.body ?? {}) as Record<string, unknown>;
    const fromPage = fields[FROM_PAGE_FIELD] !== undefined;
    const token = String(req.params.token);
    if (fields[oneClick.name] !== oneClick.value) {
      res.status(400).type("text/plain").send(ONE_CLICK_ANSWERS.notOneClick);
      return;
    }
    const outcome = await unsubscribeByLink(db, { secret, token });
    if (fromPage) {
      const page = unsubscribeLinkPath(token);
      res.redirect(303, outcome === "unsubscribed" ? `${page}?unsubscribed=1` : page);
      return;
    }
    const answer = { unsubscribed: "done", ended: "ended", invalid: "invalid" } as const;
    res
      .status(outcome === "invalid" ? 400 : 200)
      .type("text/plain")
      .send(ONE_CLICK_ANSWERS[answer[outcome]]);
  });

  router.post("/subscribe/confirm/:token", ...forms, async (req: Request, res: Response) => {
    res.set("Cache-Control", "no-store");
    const token = String(req.params.token);
    const outcome = await confirmSubscription(db, { secret, token });
    const page = confirmSubscriptionPath(token);
    res.redirect(303, outcome === "confirmed" ? `${page}?confirmed=1` : page);
  });

  router.use(apiErrorHandler);
  return router;
}
