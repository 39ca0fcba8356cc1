import { APIError } from "better-auth/api";
import type { Auth } from "./auth.server.ts";
import { RESET_LINK_MESSAGES, resetLinkState } from "./password-reset.server.ts";

// The reset pages' calls into better-auth (/forgot-password, /reset-password/{token}): the same
// endpoints, hooks and limits as POST /api/auth/request-password-reset and /reset-password.

export type ResetCallResult =
  | { ok: true }
  | { ok: false; status: number; message: string; retryAfter: string | null };

/** Asks for a reset link; refused only by the request limits (429). */
export async function requestPasswordReset(
  auth: Auth,
  { email, headers }: { email: string; headers: Headers },
): Promise<ResetCallResult> {
  try {
    await auth.api.requestPasswordReset({ body: { email }, headers });
    return { ok: true };
  } catch (error) {
    if (!(error instanceof APIError) || error.statusCode !== 429) throw error;
    return {
      ok: false,
      status: 429,
      message: error.message,
      retryAfter: new Headers(error.headers).get("retry-after"),
    };
  }
}

/** Sets the new password with a reset link's token; says why when the link is not good. */
export async function resetPassword(
  auth: Auth,
  { token, newPassword, headers }: { token: string; newPassword: string; headers: Headers },
): Promise<ResetCallResult> {
  try {
    await auth.api.resetPassword({ body: { token, newPassword }, headers });
    return { ok: true };
  } catch (error) {
    if (!(error instanceof APIError) || error.statusCode !== 400) throw error;
    const state = await readResetLink(auth, token);
    const message = state === "valid" ? error.message : RESET_LINK_MESSAGES[state];
    return { ok: false, status: state === "expired" ? 410 : 400, message, retryAfter: null };
  }
}

/** Whether a reset link's token can still be used. */
export async function readResetLink(auth: Auth, token: string) {
  const context = await auth.$context;
  return resetLinkState(
    (identifier) => context.internalAdapter.findVerificationValue(identifier),
    token,
  );
}
