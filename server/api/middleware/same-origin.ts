import type { RequestHandler } from "express";
import { CROSS_SITE_MESSAGE, isSameSiteWrite } from "#server/auth/origin.server.ts";

export { CROSS_SITE_MESSAGE };

/** Refuses writes under /api that come from another site (see isSameSiteWrite): 403 JSON. */
export function sameOriginWrites(siteUrl: string): RequestHandler {
  return (req, res, next) => {
    // Reads pass without working out where they came from.
    if (req.method === "GET" || req.method === "HEAD") return next();
    const allowed = isSameSiteWrite(
      {
        method: req.method,
        origin: req.get("origin"),
        referer: req.get("referer"),
        hasCookies: req.headers.cookie !== undefined,
      },
      { siteUrl, ownOrigin: `${req.protocol}://${req.get("host")}` },
    );
    if (allowed) return next();
    res.status(403).set("Cache-Control", "no-store").json({ message: CROSS_SITE_MESSAGE });
  };
}
