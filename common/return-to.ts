/** Where the browser goes after signing in when nothing else was asked for. */
export const DEFAULT_RETURN_TO = "/dashboard";

const PLACEHOLDER_ORIGIN = "http://return-to.invalid";

/**
 * A `returnTo` that can only point inside this site: a path that starts with a single "/"
 * (not "//", which browsers read as another host, and no backslashes, which some read as "/"),
 * without control characters, and not an /api/ endpoint. Anything else gives the default.
 */
export function safeReturnTo(value: unknown, fallback = DEFAULT_RETURN_TO): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return fallback;
  if (url.pathname === "/api" || url.pathname.startsWith("/api/")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
