import { Router } from "express";
import { requireEmployee } from "#server/auth/express-access.server.ts";
import type { ServerContext } from "#server/context.server.ts";
import { getDashboardStats } from "#server/services/dashboard.server.ts";

/** The dashboard overview's data: staff only. */
export function dashboardRouter(context: ServerContext) {
  const { db } = context;
  const router = Router();
  router.use(requireEmployee(context));

  router.get("/stats", async (_req, res) => {
    res.json(await getDashboardStats(db));
  });

  return router;
}
