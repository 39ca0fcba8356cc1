import type { RequestHandler } from "express";
import { forgetContent } from "#server/services/content-memo.server.ts";
import { clearOnSuccess } from "./cache-response.server.ts";

/** Methods that change nothing: every other one is a write. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Forgets what the page loaders remember of the content (server/services/content-memo.server.ts)
 * as soon as a write's response starts with a success status, so the writer and everyone after
 * see the change at once. Independent of the response cache: it also runs with the cache off.
 */
export const forgetContentOnWrite: RequestHandler = (req, res, next) => {
  if (!SAFE_METHODS.has(req.method)) clearOnSuccess(res, forgetContent);
  next();
};
