import type { RequestHandler } from "express";
import type { DatabaseHandle } from "#server/db/db.server.ts";

// /readyz: whether this process should be sent requests now. /healthz says only that it is
// alive (a process manager restarts it when that fails); a load balancer takes a process out of
// rotation while /readyz fails, and puts it back when it passes again.

/** One thing the process needs in order to answer: it resolves when that thing works. */
export type ReadinessCheck = { name: string; check: () => Promise<void> };

/** How long one check may take before it counts as failed. */
export const READINESS_TIMEOUT_MS = 2000;

/** The database answers a trivial query within the time limit. */
export function databaseReadiness(handle: DatabaseHandle): ReadinessCheck {
  return {
    name: "database",
    check: async () => {
      if (!(await handle.ping(READINESS_TIMEOUT_MS))) throw new Error("no answer");
    },
  };
}

function withinTimeout(check: () => Promise<void>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    check(),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("timeout")), timeoutMs);
      timer.unref();
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * 200 `{"status":"ready"}` when every check passes; 503 `{"status":"unavailable","failed":[…]}`
 * naming the checks that failed (never their errors, which may carry addresses or
 * credentials), and 503 `{"status":"stopping"}` once shutdown has begun.
 */
export function readiness({
  checks,
  isStopping,
  timeoutMs = READINESS_TIMEOUT_MS,
}: {
  checks: readonly ReadinessCheck[];
  isStopping: () => boolean;
  timeoutMs?: number;
}): RequestHandler {
  return async (_req, res) => {
    res.set("Cache-Control", "no-store");
    if (isStopping()) {
      res.status(503).json({ status: "stopping" });
      return;
    }
    const results = await Promise.allSettled(
      checks.map(({ check }) => withinTimeout(check, timeoutMs)),
    );
    const failed = checks
      .filter((_, i) => results[i]?.status === "rejected")
      .map(({ name }) => name);
    if (isStopping()) {
      res.status(503).json({ status: "stopping" });
    } else if (failed.length > 0) {
      res.status(503).json({ status: "unavailable", failed });
    } else {
      res.status(200).json({ status: "ready" });
    }
  };
}
