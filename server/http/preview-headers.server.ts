import type { RequestHandler } from "express";
import { previewLinkPath } from "#common/paths.ts";

const PREVIEW_PREFIX = previewLinkPath("");

/**
 * The headers of every answer under /preview/ (docs/decisions/034-preview-links.md), the page,
 * its data request and the "not valid" page alike: search engines leave it out, no cache keeps
 * it (a revoked link must stop working at once), and no link followed from it tells another
 * site its address, which is the credential. Set before the pages, replacing helmet's
 * `Referrer-Policy: same-origin`; the page has no form that a null Origin would break.
 */
export const previewLinkHeaders: RequestHandler = (req, res, next) => {
  if (req.path.startsWith(PREVIEW_PREFIX)) {
    res.setHeader("X-Robots-Tag", "noindex, nofollow");
    res.setHeader("Cache-Control", "private, no-store");
    res.setHeader("Referrer-Policy", "no-referrer");
  }
  next();
};
