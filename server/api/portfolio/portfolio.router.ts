import { type NextFunction, type Request, type Response, Router } from "express";
import { PACK_TYPES } from "#common/constants.ts";
import { PORTFOLIO_SORTS, PORTFOLIO_STAGES } from "#common/portfolio-list.ts";
import {
  asksForPage,
  oneOf,
  pagedAnswer,
  staffListQuerySchema,
} from "#server/api/shared/list-query.ts";
import { uuidParam } from "#server/api/shared/params.ts";
import { parseInput } from "#server/api/shared/validate.ts";
import { audienceOf, loadViewer, requireEmployee } from "#server/auth/express-access.server.ts";
import type { ServerContext } from "#server/context.server.ts";
import { HttpError } from "#server/errors.ts";
import { presentPortfolioItem } from "#server/presenters/portfolio-item.server.ts";
import { presentPortfolioRow } from "#server/presenters/portfolio-row.server.ts";
import { getDisplayNames } from "#server/services/people.server.ts";
import {
  countPublishedPortfolio,
  deletePortfolioPost,
  getPortfolioPost,
  listPortfolio,
  pagePortfolio,
} from "#server/services/portfolio.server.ts";

const NOT_FOUND = "That portfolio item does not exist. It may have been deleted.";

/** The Marketplace table's page (docs/product/api.md#staff-calls). */
const PortfolioPageQuerySchema = staffListQuerySchema(PORTFOLIO_SORTS, {
  packType: oneOf("packType", PACK_TYPES).optional(),
  status: oneOf("status", PORTFOLIO_STAGES).optional(),
}).refine((query) => !query.q.includes("\0"), {
  message: "q must be text of at most 200 characters.",
  path: ["q"],
});

/** What asks for the paged form: any of its parameters but `limit`, as on `GET /api/posts`. */
const PAGE_ASKED_BY = { shape: { page: 1, sort: 1, q: 1, packType: 1, status: 1 } };

/** Goes on to the next route (the public list) unless the call asks for the paged form. */
function onlyWhenPaged(req: Request, _res: Response, next: NextFunction) {
  next(asksForPage(req, PAGE_ASKED_BY) ? undefined : "route");
}

/** The `:id` of a portfolio call: a UUID, or an item that cannot exist (404). */
function itemId(params: Record<string, unknown>): string {
  return uuidParam(params, "id", NOT_FOUND);
}

export function portfolioRouter(context: ServerContext) {
  const { db } = context;
  const router = Router();
  const staffOnly = requireEmployee(context);

  // With any of the table's parameters, one page of the dashboard's Marketplace table, for staff
  // only; without them the public list, as it always was (the next route).
  router.get("/", onlyWhenPaged, staffOnly, async (req, res) => {
    const query = parseInput(PortfolioPageQuerySchema, req.query);
    const now = new Date();
    const { rows, total } = await pagePortfolio(db, {
      page: query.page,
      pageSize: query.limit,
      sort: query.sort,
      q: query.q,
      packType: query.packType,
      stage: query.status,
      now,
    });
    const names = await getDisplayNames(
      db,
      rows.map((row) => row.authorId),
    );
    res.json(
      pagedAnswer(
        rows.map((row) => presentPortfolioRow(row, names, now)),
        total,
        query,
      ),
    );
  });

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
