/**
 * The session token lives in the HttpOnly session cookie, out of reach of scripts. better-auth
 * also puts it in the JSON of some answers: sign-in and a password change (`{token, user}`),
 * get-session (`{session: {token, …}, user}`) and list-sessions (`[{token, …}, …]`, every
 * session of the account). A script on the page could read it there; auth.server.ts leaves it
 * out of answers to a browser that sends the session cookie or is being given one.
 */

/** Whether these response headers set the session cookie (`{prefix}.session_token`). */
export function setsSessionCookie(headers: Headers | null | undefined, cookiePrefix: string) {
  const name = `${cookiePrefix}.session_token`;
  return (headers?.getSetCookie() ?? []).some((cookie) => {
    const cookieName = cookie.slice(0, cookie.indexOf("=")).trim();
    return cookieName === name || cookieName === `__Secure-${name}`;
  });
}

/** The value without session tokens, or the value itself when it carries none. */
export function withoutSessionTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.some(hasToken) ? value.map(omitToken) : value;
  if (!isRecord(value)) return value;
  let result = omitToken(value);
  if (hasToken(result.session)) result = { ...result, session: omitToken(result.session) };
  return result;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function hasToken(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && "token" in value;
}

function omitToken<T>(value: T): T {
  if (!hasToken(value)) return value;
  const { token: _token, ...rest } = value;
  return rest as T;
}
