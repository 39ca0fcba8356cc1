import { Router } from "express";
import { requireEmployee } from "#server/auth/access.server.ts";
import { getDashboardStats } from "#server/services/dashboard.server.ts";
import type { ApiDeps } from "./deps.ts";

/** The dashboard overview's data: staff only. */
export function dashboardRouter(deps: ApiDeps) {
  const { db } = deps;
  const router = Router();
  router.use(requireEmployee(deps));

  router.get("/stats", async (_req, res) => {
    res.json(await getDashboardStats(db));
  });

  return router;
}
