import type { Options } from "express-rate-limit";
import type { Db } from "#server/db/db.server.ts";
import { DatabaseRateLimitStore } from "#server/db/rate-limit-store.server.ts";

/** Sign-in attempts allowed per window, per account (e-mail) and per client address. */
export const SIGN_IN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  perAccount: 5,
  perAddress: 20,
  /** Each earlier attempt on the same account in the window adds this much delay, up to the cap. */
  delayStepMs: 250,
  maxDelayMs: 1000,
} as const;

export const TOO_MANY_SIGN_INS_MESSAGE =
  "Too many sign-in attempts. Please wait 15 minutes and try again.";

export type SignInAttempt =
  | { allowed: true; delayMs: number }
  | { allowed: false; retryAfterSeconds: number };

/**
 * Counts sign-in attempts in the database (the rate_limits table), so the limits hold across
 * restarts and across every server process. An attempt is counted before the password is
 * checked, so parallel guesses cannot slip through between a check and a count; a successful
 * sign-in then gives its attempt back and clears the account's count.
 */
export function createSignInThrottle(db: Db) {
  const byAccount = new DatabaseRateLimitStore(db, "sign-in-account");
  const byAddress = new DatabaseRateLimitStore(db, "sign-in-address");
  const options = { windowMs: SIGN_IN_LIMITS.windowMs } as Options;
  byAccount.init(options);
  byAddress.init(options);

  return {
    async begin(email: string, address: string): Promise<SignInAttempt> {
      const [account, client] = await Promise.all([
        byAccount.increment(email),
        byAddress.increment(address),
      ]);
      if (
        account.totalHits > SIGN_IN_LIMITS.perAccount ||
        client.totalHits > SIGN_IN_LIMITS.perAddress
      ) {
        const resetAt = Math.max(account.resetTime.getTime(), client.resetTime.getTime());
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)),
        };
      }
      const delayMs = Math.min(
        SIGN_IN_LIMITS.maxDelayMs,
        SIGN_IN_LIMITS.delayStepMs * (account.totalHits - 1),
      );
      return { allowed: true, delayMs };
    },

    async succeeded(email: string, address: string): Promise<void> {
      await Promise.all([byAccount.resetKey(email), byAddress.decrement(address)]);
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
