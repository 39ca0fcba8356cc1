import type { CacheablePath } from "./cache-request.server.ts";

/** The public reads of the API: every anonymous visitor gets the same answer. */
const PUBLIC_API_READS = [
  /^\/api\/posts\/(published|public)\/?$/,
  /^\/api\/posts\/slug\/[^/]+\/?$/,
  /^\/api\/portfolio(\/stats)?\/?$/,
  /^\/api\/apps\/?$/,
];

/**
 * First path segments that are not public pages: the app's own mounts (the API, health,
 * readiness, metrics, uploads), and pages that are personal or single-use (staff pages,
 * sign-in, password reset, invitations, unsubscribe and confirmation links carrying an address,
 * and preview links, which must stop working the moment they are revoked).
 */
const NEVER_CACHED = new Set([
  "api",
  "healthz",
  "readyz",
  "metrics",
  "uploads",
  "dashboard",
  "login",
  "forgot-password",
  "reset-password",
  "invite",
  "unsubscribe",
  "subscribe",
  "preview",
]);

/**
 * What the response cache may keep for a path: public API reads, and pages (and their
 * `.data` requests) other than NEVER_CACHED and the files served from the client build
 * (`staticRoots`: the names at the top of that folder, such as `assets`).
 */
export function classifyPath(pathname: string, staticRoots: ReadonlySet<string>): CacheablePath {
  if (pathname.startsWith("/api/")) {
    return PUBLIC_API_READS.some((pattern) => pattern.test(pathname)) ? "plain" : null;
  }
  const end = pathname.indexOf("/", 1);
  let segment: string;
  try {
    segment = decodeURIComponent(pathname.slice(1, end === -1 ? undefined : end)).toLowerCase();
  } catch {
    return null;
  }
  if (staticRoots.has(segment)) return null;
  // React Router fetches a page's data as /{path}.data on client-side navigations.
  if (end === -1 && segment.endsWith(".data")) segment = segment.slice(0, -".data".length);
  return NEVER_CACHED.has(segment) ? null : "page";
}
