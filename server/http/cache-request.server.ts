import type { Request } from "express";

/**
 * What a request path is to the cache: an answer kept as the app made it (an API read, a build
 * file), a page (kept with a placeholder for its CSP nonce), or neither (never kept).
 */
export type CacheablePath = "plain" | "page" | null;

/** Methods that do not change anything; any other method that succeeds empties the cache. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * What the cache does with a request: a write (empties the cache once it succeeds), one it
 * stays out of (another method, a path not kept, a session), or one it may answer, under its key.
 */
export type CacheRequest =
  | { kind: "write" }
  | { kind: "bypass" }
  | { kind: "plain" | "page"; key: string };

/** Sorts a request for the cache; see CacheRequest. */
export function matchRequest(
  req: Request,
  classifyPath: (pathname: string) => CacheablePath,
  hasSessionCookie: ((cookieHeader: string) => boolean) | undefined,
): CacheRequest {
  const method = req.method;
  if (method !== "GET") return SAFE_METHODS.has(method) ? { kind: "bypass" } : { kind: "write" };
  const kind = classifyPath(pathOf(req.url));
  if (kind === null) return { kind: "bypass" };
  const cookie = req.headers.cookie;
  if (cookie && hasSessionCookie?.(cookie)) return { kind: "bypass" };
  return { kind, key: cacheKey(req) };
}

/**
 * The request's address as the client and any proxy gave it. Pages build absolute URLs from
 * the protocol and host, so answers for different hosts are kept apart.
 */
function cacheKey(req: Request): string {
  const h = req.headers;
  return `${h["x-forwarded-proto"] ?? ""} ${h["x-forwarded-host"] ?? ""} ${h.host ?? ""} ${req.url}`;
}

function pathOf(url: string): string {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}
