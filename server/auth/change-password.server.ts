import { APIError } from "better-auth/api";
import { CHANGE_PASSWORD_MESSAGES, PASSWORD_RULE } from "#common/schemas/auth.ts";

/**
 * better-auth's refusal of a password change ("My account"), in the words the page shows: the
 * wrong current password, the password rule, an account without a password, or missing fields.
 * Other answers pass unchanged (null).
 */
export function changePasswordRefusal(returned: unknown): APIError | null {
  if (!(returned instanceof APIError) || returned.statusCode !== 400) return null;
  const code = (returned.body as { code?: unknown } | undefined)?.code;
  const message =
    code === "INVALID_PASSWORD"
      ? CHANGE_PASSWORD_MESSAGES.wrongCurrent
      : code === "PASSWORD_TOO_SHORT" || code === "PASSWORD_TOO_LONG"
        ? PASSWORD_RULE
        : code === "CREDENTIAL_ACCOUNT_NOT_FOUND"
          ? CHANGE_PASSWORD_MESSAGES.noPassword
          : CHANGE_PASSWORD_MESSAGES.missing;
  return new APIError("BAD_REQUEST", {
    message,
    code: typeof code === "string" ? code : "INVALID_INPUT",
  });
}

/** Refuses a password change without both passwords, before better-auth's own wording would. */
export function assertChangePasswordBody(body: unknown): void {
  const { currentPassword, newPassword } = (body ?? {}) as Record<string, unknown>;
  if (typeof currentPassword !== "string" || typeof newPassword !== "string" || !currentPassword) {
    throw new APIError("BAD_REQUEST", {
      message: CHANGE_PASSWORD_MESSAGES.missing,
      code: "INVALID_INPUT",
    });
  }
}
