import { APIError } from "better-auth/api";
import { ipKeyGenerator, type Options } from "express-rate-limit";
import { resetPasswordPath } from "#common/paths.ts";
import type { Config } from "#server/config/env.server.ts";
import { logger } from "#server/config/logger.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { DatabaseRateLimitStore } from "#server/db/rate-limit-store.server.ts";
import { describeError } from "#server/errors.ts";
import { passwordResetMessage } from "#server/mail/account-mail.server.ts";
import type { Mailer } from "#server/mail/mailer.server.ts";
import { findEmployeeByEmail } from "#server/services/employees.server.ts";
import { currentSiteSettings } from "#server/services/site-settings.server.ts";

// "Forgot password?" (docs/decisions/030-account-mail.md): better-auth's own reset flow
// (/api/auth/request-password-reset, /api/auth/reset-password) with our limits, our e-mail, and
// our rule of who gets one.

/** How long a reset link works, in seconds. */
export const RESET_LINK_SECONDS = 60 * 60;

/**
 * The reset requests' limits, per fixed window. A client (a client address) is refused with 429
 * past `perAccountPerAddress` requests for one e-mail address or `perAddress` requests in all.
 * One e-mail address is mailed at most `mailsPerAccount` links in a window whoever asks: a
 * request past that is answered as any other and sends nothing. Strangers can therefore neither
 * flood a mailbox nor spend its owner's requests: what they asked for went to the owner, and
 * each link mailed in the window still works (a link lasts as long as a window).
 */
export const RESET_LIMITS = {
  windowMs: 60 * 60 * 1000,
  perAccountPerAddress: 5,
  perAddress: 20,
  mailsPerAccount: 5,
} as const;

export const TOO_MANY_RESETS_MESSAGE =
  "Too many password reset requests. Please wait an hour and try again.";

/** better-auth's answer to every reset request, an address with an account or not. */
export const RESET_REQUESTED_ANSWER = {
  status: true,
  message: "If this email exists in our system, check your email for the reset link",
} as const;

/** What a reset link is good for, as the reset page tells it. */
export const RESET_LINK_MESSAGES = {
  invalid:
    "This reset link has already been used or is not valid. Ask for a new one if you still need it.",
  expired: "This reset link has expired: links work for one hour. Ask for a new one.",
} as const;

/** The page where a mailed reset link leads. */
export function resetPageUrl(siteUrl: string, token: string): string {
  return `${siteUrl}${resetPasswordPath(token)}`;
}

const IPV6_SUBNET = 56;

/** E-mail addresses are at most 254 characters; a longer one is no account and needs no more. */
const ACCOUNT_KEY_MAX = 254;

/**
 * Counts a reset request (RESET_LIMITS): throws 429 when this client is past its limits,
 * answers false when the e-mail address has had its links for the window (send nothing), true
 * when a link may be mailed.
 */
export function createResetLimit(db: Db) {
  const byEmailAndAddress = new DatabaseRateLimitStore(db, "password-reset-email-address");
  const byAddress = new DatabaseRateLimitStore(db, "password-reset-address");
  const byEmail = new DatabaseRateLimitStore(db, "password-reset-email");
  for (const store of [byEmailAndAddress, byAddress, byEmail]) {
    store.init({ windowMs: RESET_LIMITS.windowMs } as Options);
  }
  return async (email: string, address: string): Promise<boolean> => {
    const account = email.slice(0, ACCOUNT_KEY_MAX);
    const client = ipKeyGenerator(address, IPV6_SUBNET);
    // A client key has no spaces, so the first space tells where the account starts.
    const [pair, perAddress] = await Promise.all([
      byEmailAndAddress.increment(`${client} ${account}`),
      byAddress.increment(client),
    ]);
    const refusedUntil = Math.max(
      pair.totalHits > RESET_LIMITS.perAccountPerAddress ? pair.resetTime.getTime() : 0,
      perAddress.totalHits > RESET_LIMITS.perAddress ? perAddress.resetTime.getTime() : 0,
    );
    if (refusedUntil > 0) {
      throw new APIError(
        "TOO_MANY_REQUESTS",
        { message: TOO_MANY_RESETS_MESSAGE, code: "TOO_MANY_PASSWORD_RESETS" },
        { "Retry-After": String(Math.max(1, Math.ceil((refusedUntil - Date.now()) / 1000))) },
      );
    }
    // Only requests a client was not refused count against the address's mails.
    const perEmail = await byEmail.increment(account);
    return perEmail.totalHits <= RESET_LIMITS.mailsPerAccount;
  };
}

/**
 * Ends every reset link of this account still outstanding: once one link has been used or the
 * password changed in My account, an older link left in a mailbox must not set it again. Reset
 * links are the only verification rows whose value is an account's id (their identifiers are
 * stored hashed, so no "reset-password:" prefix is left to search for).
 */
export async function endResetLinks(db: Db, userId: string): Promise<void> {
  await db.deleteFrom("verifications").where("value", "=", userId).execute();
}

type ResetUser = { id: string; email: string; name: string };

/**
 * better-auth's sendResetPassword: mails the link, but only to an account that has a password
 * and still has access (the owner, or an active employee). Anyone else gets nothing, and the
 * answer to the request is the same either way. The mail goes out in the background, so the
 * answer does not take longer for an address that gets one.
 */
export function resetMailSender(db: Db, config: Config, mailer: Mailer) {
  return async ({ user, token }: { user: ResetUser; token: string }) => {
    void mailResetLink(db, config, mailer, user, token).catch((error: unknown) => {
      logger.warn(
        { err: error },
        `The password reset e-mail to ${user.email} was not sent: ${describeError(error)}`,
      );
    });
  };
}

async function mailResetLink(
  db: Db,
  config: Config,
  mailer: Mailer,
  user: ResetUser,
  token: string,
) {
  const email = user.email.toLowerCase();
  const recipient = await resetRecipient(db, config, user.id, email);
  if ("refusal" in recipient) {
    logger.info(
      `A password reset was asked for ${email}; no e-mail was sent: ${recipient.refusal}`,
    );
    return;
  }
  const { companyName } = await currentSiteSettings(db, config.siteDefaults);
  await mailer.send(
    passwordResetMessage({
      to: email,
      name: recipient.firstName ?? user.name,
      companyName,
      url: resetPageUrl(config.siteUrl, token),
      expiresAt: new Date(Date.now() + RESET_LINK_SECONDS * 1000).toISOString(),
    }),
  );
}

/** Who gets this account's reset link (their first name), or why nobody does. */
async function resetRecipient(
  db: Db,
  config: Config,
  userId: string,
  email: string,
): Promise<{ firstName: string | null } | { refusal: string }> {
  const password = await db
    .selectFrom("accounts")
    .select("id")
    .where("userId", "=", userId)
    .where("providerId", "=", "credential")
    .executeTakeFirst();
  if (!password) return { refusal: "the account signs in only through the identity provider" };
  const employee = await findEmployeeByEmail(db, email);
  if (email === config.adminEmail) return { firstName: employee?.firstName ?? null };
  if (!employee) return { refusal: "no employee record has that address" };
  if (!employee.isActive) return { refusal: "the employee is deactivated" };
  return { firstName: employee.firstName };
}

/** Whether a reset link's token can still be used (the reset page says why not). */
export async function resetLinkState(
  findVerificationValue: (identifier: string) => Promise<{ expiresAt: Date | string } | null>,
  token: string,
): Promise<"valid" | keyof typeof RESET_LINK_MESSAGES> {
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(token)) return "invalid";
  const row = await findVerificationValue(`reset-password:${token}`);
  if (!row) return "invalid";
  return new Date(row.expiresAt).getTime() <= Date.now() ? "expired" : "valid";
}
