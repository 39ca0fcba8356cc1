import { Router } from "express";
import { uuidParam } from "#server/api/shared/params.ts";
import { audienceOf, loadViewer, requireEmployee } from "#server/auth/express-access.server.ts";
import type { ServerContext } from "#server/context.server.ts";
import { HttpError } from "#server/errors.ts";
import { presentPortfolioItem } from "#server/presenters/portfolio-item.server.ts";
import {
  countPublishedPortfolio,
  deletePortfolioPost,
  getPortfolioPost,
  listPortfolio,
} from "#server/services/portfolio.server.ts";

const NOT_FOUND = "That portfolio item does not exist. It may have been deleted.";

/** The `:id` of a portfolio call: a UUID, or an item that cannot exist (404). */
function itemId(params: Record<string, unknown>): string {
  return uuidParam(params, "id", NOT_FOUND);
}

export function portfolioRouter(context: ServerContext) {
  const { db } = context;
  const router = Router();
  const staffOnly = requireEmployee(context);

  router.get("/", loadViewer(context), async (_req, res) => {
    const now = new Date();
    const rows = await listPortfolio(db, { now, audience: audienceOf(res) });
    res.json(rows.map((row) => presentPortfolioItem(row, now)));
  });

  router.get("/stats", async (_req, res) => {
    res.json({ published: await countPublishedPortfolio(db) });
  });

  router.get("/:id", staffOnly, async (req, res) => {
    const row = await getPortfolioPost(db, itemId(req.params));
    if (!row) throw HttpError.notFound(NOT_FOUND);
    res.json(presentPortfolioItem(row));
  });

  router.delete("/:id", staffOnly, async (req, res) => {
    if (!(await deletePortfolioPost(db, itemId(req.params)))) throw HttpError.notFound(NOT_FOUND);
    res.status(204).end();
  });

  return router;
}
