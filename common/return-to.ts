/** Where the browser goes after signing in when nothing else was asked for. */
export const DEFAULT_RETURN_TO = "/dashboard";

const PLACEHOLDER_ORIGIN = "http://return-to.invalid";

/**
 * A `returnTo` that can only point inside this site, given back as the path a browser would
 * resolve it to (dot segments, `%2e` included, resolved as the WHATWG URL parser does). The value
 * must be a path starting with a single "/" (not "//", which browsers read as another host, and
 * no backslashes, which some read as "/"), without control characters; and what it resolves to
 * must still be such a path ("/.//host" resolves to "//host") and not an /api/ endpoint, in any
 * letter case. Anything else gives the fallback.
 */
export function safeReturnTo(value: unknown, fallback = DEFAULT_RETURN_TO): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return fallback;
  if (!isSitePath(value)) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // The resolved path goes out as a Location or a link, where "//host" leaves the site.
  if (!isSitePath(path)) return fallback;
  if (/^\/api(?:\/|$)/i.test(url.pathname)) return fallback;
  return path;
}

/** A path-absolute reference: one "/" first, and no backslash anywhere. */
function isSitePath(value: string): boolean {
  return value.startsWith("/") && !value.startsWith("//") && !value.includes("\\");
}
