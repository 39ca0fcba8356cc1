import { Router } from "express";
import {
  MAILING_LIST_CONTENT_TYPE,
  mailingListCsv,
  mailingListFileName,
} from "#common/mailing-list.ts";
import { requireEmployee } from "#server/auth/express-access.server.ts";
import type { ServerContext } from "#server/context.server.ts";
import { presentSubscriber } from "#server/presenters/subscriber.server.ts";
import { deleteSubscriber, listSubscribers } from "#server/services/subscribers.server.ts";

/** The mailing list (docs/product.md#mailing-list-section, #staff-calls): staff only. */
export function subscribersRouter(context: ServerContext) {
  const { db } = context;
  const router = Router();
  router.use(requireEmployee(context));

  router.get("/", async (_req, res) => {
    res.json((await listSubscribers(db)).map(presentSubscriber));
  });

  /** The whole list as a CSV download, newest first (common/mailing-list.ts). */
  router.get("/export", async (_req, res) => {
    const rows = await listSubscribers(db);
    res
      .set("Content-Type", MAILING_LIST_CONTENT_TYPE)
      .set("Content-Disposition", `attachment; filename="${mailingListFileName(new Date())}"`)
      .send(mailingListCsv(rows.map(presentSubscriber)));
  });

  router.delete("/:id", async (req, res) => {
    await deleteSubscriber(db, req.params.id);
    res.status(204).end();
  });

  return router;
}
