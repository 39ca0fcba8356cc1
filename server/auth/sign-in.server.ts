import { APIError } from "better-auth/api";
import { INVALID_CREDENTIALS_MESSAGE } from "#common/schemas/auth.ts";
import type { Auth } from "./auth.server.ts";

export type SignInResult =
  | { ok: true; setCookies: string[] }
  | { ok: false; status: number; message: string; retryAfter: string | null };

/**
 * Signs in with e-mail and password on the server (the /login page's action, an accepted
 * invitation), through better-auth and therefore through the same attempt limits as
 * `POST /api/auth/sign-in/email`. `headers` are the browser request's: they carry the client
 * address the limits count. On success the Set-Cookie values hold the new session.
 */
export async function signInWithPassword(
  auth: Auth,
  { email, password, headers }: { email: string; password: string; headers: Headers },
): Promise<SignInResult> {
  try {
    const result = await auth.api.signInEmail({
      body: { email, password },
      headers,
      returnHeaders: true,
    });
    return { ok: true, setCookies: result.headers.getSetCookie() };
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    const status = error.statusCode;
    return {
      ok: false,
      status,
      // Malformed input (400) says no more than a wrong password would.
      message: status === 429 ? error.message : INVALID_CREDENTIALS_MESSAGE,
      retryAfter: new Headers(error.headers).get("retry-after"),
    };
  }
}
