const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const CROSS_SITE_MESSAGE =
  "This request came from another site and was refused. Use the site itself to make changes.";

/**
 * Whether a request may change something, judged by where it came from
 * (docs/product/access.md#cross-site-protection: SameSite cookies plus an Origin check). A write's
 * Origin (or, without one, its Referer) must be the site's own origin (SITE_URL) or the origin
 * the request was addressed to. A write that names neither but carries cookies is refused as
 * well: browsers send Origin on every cross-site write, so a cookie-bearing write without one
 * is not a page of ours. Calls without cookies and without Origin (scripts, server-to-server)
 * pass; they carry no session to abuse.
 */
export function isSameSiteWrite(
  request: {
    method: string;
    origin: string | null | undefined;
    referer: string | null | undefined;
    hasCookies: boolean;
  },
  { siteUrl, ownOrigin }: { siteUrl: string; ownOrigin: string },
): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true;
  const origin = request.origin ?? originOf(request.referer);
  if (origin === undefined) return !request.hasCookies;
  return origin === new URL(siteUrl).origin || origin === ownOrigin;
}

function originOf(referer: string | null | undefined): string | undefined {
  if (referer === undefined || referer === null) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return "null";
  }
}

/** For page actions: throws a 403 Response when the form was posted from another site. */
export function assertSameSiteForm(request: Request, siteUrl: string): void {
  const allowed = isSameSiteWrite(
    {
      method: request.method,
      origin: request.headers.get("origin"),
      referer: request.headers.get("referer"),
      hasCookies: request.headers.has("cookie"),
    },
    { siteUrl, ownOrigin: new URL(request.url).origin },
  );
  if (!allowed) throw new Response(CROSS_SITE_MESSAGE, { status: 403 });
}
