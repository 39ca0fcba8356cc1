import type { Request, Response } from "express";
import { rateLimit } from "express-rate-limit";
import type { Db } from "#server/db/db.server.ts";
import { DatabaseRateLimitStore } from "#server/db/rate-limit-store.server.ts";
import { HttpError } from "#server/errors.ts";

/**
 * A per-client-address limit whose refusals are 429 `{"message": …}`; with `key`, counted per
 * what it answers instead (such as the signed-in user's id).
 */
export function createRateLimit(
  db: Db,
  options: {
    name: string;
    limit: number;
    windowMs: number;
    message: string;
    key?: (req: Request, res: Response) => string;
  },
) {
  return rateLimit({
    ...(options.key ? { keyGenerator: options.key } : undefined),
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    store: new DatabaseRateLimitStore(db, options.name),
    handler: (_req, _res, next) => next(HttpError.tooManyRequests(options.message)),
  });
}
