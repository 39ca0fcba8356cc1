import { Router } from "express";
import type { OutboxEntry } from "#common/types/outbox.ts";
import type { Paged } from "#common/types/post-list.ts";
import { pagedAnswer, staffListQuerySchema } from "#server/api/shared/list-query.ts";
import { parseInput } from "#server/api/shared/validate.ts";
import { requireAdmin } from "#server/auth/express-access.server.ts";
import type { ServerContext } from "#server/context.server.ts";
import { HttpError } from "#server/errors.ts";
import { pageOutbox, readOutboxMessage } from "#server/services/outbox.server.ts";

const OutboxQuerySchema = staffListQuerySchema(["newest"], {}).pick({ page: true, limit: true });

export const NO_OUTBOX_MESSAGE =
  "There is no outbox: this site sends its e-mail through an SMTP server (SMTP_URL).";
export const NO_SUCH_MESSAGE = "There is no such message in the outbox.";

/**
 * The outbox (docs/product/mail.md#outbox): the e-mails written to DATA_DIR/outbox when no SMTP
 * server is set. Admins and the owner only; with an SMTP server there is none (404).
 */
export function outboxRouter(context: ServerContext) {
  const { config, mailer } = context;
  const router = Router();
  router.use(requireAdmin(context));
  router.use((_req, _res, next) => {
    if (mailer.kind !== "outbox") throw HttpError.notFound(NO_OUTBOX_MESSAGE);
    next();
  });

  /** One page of the messages, newest first. */
  router.get("/", async (req, res) => {
    const query = parseInput(OutboxQuerySchema, req.query);
    const { items, total } = await pageOutbox(config.dataDir, query);
    const body: Paged<OutboxEntry> = pagedAnswer(items, total, query);
    res.json(body);
  });

  /** One message: its headers, text part and HTML part. */
  router.get("/:file", async (req, res) => {
    const file = req.params.file;
    const message = await readOutboxMessage(config.dataDir, file);
    if (!message) throw HttpError.notFound(NO_SUCH_MESSAGE);
    res.json(message);
  });

  return router;
}
