import { Router } from "express";
import { z } from "zod";
import { APP_CATEGORIES, APP_RELATIONSHIPS, APP_STATUSES } from "#common/constants.ts";
import { AppInputSchema } from "#common/schemas/app.ts";
import { APP_SORTS } from "#common/staff-lists.ts";
import {
  asksForPage,
  oneOf,
  pagedAnswer,
  staffListQuerySchema,
} from "#server/api/shared/list-query.ts";
import { parseInput } from "#server/api/shared/validate.ts";
import { requireEmployee } from "#server/auth/express-access.server.ts";
import type { ServerContext } from "#server/context.server.ts";
import { presentApp, presentAppListItem } from "#server/presenters/app.server.ts";
import {
  deleteApp,
  insertApp,
  listApps,
  pageApps,
  requireApp,
  updateApp,
} from "#server/services/apps.server.ts";

const AppPageQuerySchema = staffListQuerySchema(APP_SORTS, {
  category: oneOf("category", APP_CATEGORIES).optional(),
  status: oneOf("status", APP_STATUSES).optional(),
  relationship: oneOf("relationship", APP_RELATIONSHIPS).optional(),
});

// Any id is looked up; one that matches no app is a 404 like any other unknown id.
const IdParamsSchema = z.object({ id: z.string() });

/** Apps & Tools: anyone may list them; staff add, edit and delete them. */
export function appsRouter(context: ServerContext) {
  const { db } = context;
  const router = Router();
  const staffOnly = requireEmployee(context);

  /**
   * Every app, for anyone; with any of `page`, `limit`, `sort`, `q` or a filter, one page of the
   * dashboard's list, for staff (docs/product/dashboard.md#staff-lists).
   */
  router.get("/", async (req, res, next) => {
    if (asksForPage(req, AppPageQuerySchema)) return next();
    res.json((await listApps(db)).map(presentApp));
  });
  router.get("/", staffOnly, async (req, res) => {
    const query = parseInput(AppPageQuerySchema, req.query);
    const { rows, total } = await pageApps(db, {
      page: query.page,
      pageSize: query.limit,
      sort: query.sort,
      term: query.q,
      category: query.category,
      status: query.status,
      relationship: query.relationship,
    });
    res.json(pagedAnswer(rows.map(presentAppListItem), total, query));
  });

  router.get("/:id", staffOnly, async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    res.json(presentApp(await requireApp(db, id)));
  });

  router.post("/", staffOnly, async (req, res) => {
    const input = parseInput(AppInputSchema, req.body);
    res.status(201).json(presentApp(await insertApp(db, input)));
  });

  router.put("/:id", staffOnly, async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    const input = parseInput(AppInputSchema, req.body);
    res.json(presentApp(await updateApp(db, id, input)));
  });

  router.delete("/:id", staffOnly, async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    await deleteApp(db, id);
    res.status(204).end();
  });

  return router;
}
