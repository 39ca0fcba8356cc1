import type { RequestHandler, Response } from "express";
import type { DatabaseHandle } from "#server/db/db.server.ts";
import { RETRY_AFTER_SECONDS } from "#server/errors.ts";

// /readyz: whether this process should be sent requests now. /healthz says only that it is
// alive (a process manager restarts it when that fails); a load balancer takes a process out of
// rotation while /readyz fails, and puts it back when it passes again.

/** One thing the process needs in order to answer: it resolves when that thing works. */
export type ReadinessCheck = { name: string; check: () => Promise<void> };

/** How long one check may take before it counts as failed. */
export const READINESS_TIMEOUT_MS = 2000;

/**
 * Retry-After on every 503: when to ask again. As long as the database's own 503s wait, so a
 * balancer polling by it sees the process back about as soon as its requests would succeed.
 */
export const READINESS_RETRY_AFTER_SECONDS = RETRY_AFTER_SECONDS.database;

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
 * credentials), and 503 `{"status":"stopping"}` once shutdown has begun. Each 503 carries
 * Retry-After.
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
  const unavailable = (res: Response, body: object) => {
    res.set("Retry-After", String(READINESS_RETRY_AFTER_SECONDS)).status(503).json(body);
  };
  return async (_req, res) => {
    res.set("Cache-Control", "no-store");
    if (isStopping()) {
      unavailable(res, { status: "stopping" });
      return;
    }
    const results = await Promise.allSettled(
      checks.map(({ check }) => withinTimeout(check, timeoutMs)),
    );
    const failed = checks
      .filter((_, i) => results[i]?.status === "rejected")
      .map(({ name }) => name);
    if (isStopping()) {
      unavailable(res, { status: "stopping" });
    } else if (failed.length > 0) {
      unavailable(res, { status: "unavailable", failed });
    } else {
      res.status(200).json({ status: "ready" });
    }
  };
}
