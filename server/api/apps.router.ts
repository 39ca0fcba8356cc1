import { Router } from "express";
import { z } from "zod";
import { AppInputSchema } from "#common/schemas/app.ts";
import { requireEmployee } from "#server/auth/express-access.server.ts";
import type { ServerContext } from "#server/context.server.ts";
import { presentApp } from "#server/presenters/app.server.ts";
import {
  deleteApp,
  insertApp,
  listApps,
  requireApp,
  updateApp,
} from "#server/services/apps.server.ts";
import { parseInput } from "./middleware/validate.ts";

// Any id is looked up; one that matches no app is a 404 like any other unknown id.
const IdParamsSchema = z.object({ id: z.string() });

/** Apps & Tools: anyone may list them; staff add, edit and delete them. */
export function appsRouter(context: ServerContext) {
  const { db } = context;
  const router = Router();
  const staffOnly = requireEmployee(context);

  router.get("/", async (_req, res) => {
    res.json((await listApps(db)).map(presentApp));
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
