import { ipKeyGenerator, type Options } from "express-rate-limit";
import type { Db } from "#server/db/db.server.ts";
import { DatabaseRateLimitStore } from "#server/db/rate-limit-store.server.ts";

export type SignInLimits = Readonly<{
  /** Length of the fixed window every count below is kept for. */
  windowMs: number;
  /** Failed attempts on one account from one client address before that address is refused it. */
  perAccountPerAddress: number;
  /** Failed attempts from one client address, whatever the accounts, before it is refused. */
  perAddress: number;
  /**
   * Each earlier attempt on the same account in the window, from any address, delays the next
   * one by this much (the right password included), up to maxDelayMs. It never refuses.
   */
  delayStepMs: number;
  maxDelayMs: number;
}>;

export const SIGN_IN_LIMITS: SignInLimits = {
  windowMs: 15 * 60 * 1000,
  perAccountPerAddress: 5,
  perAddress: 20,
  delayStepMs: 250,
  maxDelayMs: 3000,
};

/**
 * IPv6 addresses are counted by their /56 network (as the newsletter limit does): one
 * subscriber line usually holds a whole /56 or /64, so single addresses cost an attacker nothing.
 */
const IPV6_SUBNET = 56;

/** E-mail addresses are at most 254 characters; a longer one is no account and needs no more. */
const ACCOUNT_KEY_MAX = 254;

export const TOO_MANY_SIGN_INS_MESSAGE =
  "Too many sign-in attempts. Please wait 15 minutes and try again.";

export type SignInThrottleOptions = {
  limits?: SignInLimits;
  /** The clock the windows are counted by. */
  now?: () => number;
  /** How a slowed attempt waits. */
  wait?: (ms: number) => Promise<void>;
};

export type SignInAttempt =
  | { allowed: true; delayMs: number }
  | { allowed: false; retryAfterSeconds: number };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Counts sign-in attempts in the database (the rate_limits table), so the limits hold across
 * restarts and across every server process. An attempt is counted before the password is
 * checked, so parallel guesses cannot slip through between a check and a count; a successful
 * sign-in then gives its attempt back.
 *
 * Refusals are per client address only: an address is refused an account after
 * `perAccountPerAddress` attempts on it, and every account after `perAddress` attempts. What
 * an account gets from all addresses together only slows it down, so that strangers failing on
 * an account never lock its owner out: the right password from an address that has not been
 * failing gets in, at most `maxDelayMs` later.
 */
export function createSignInThrottle(
  db: Db,
  { limits = SIGN_IN_LIMITS, now = Date.now, wait = sleep }: SignInThrottleOptions = {},
) {
  const byAccountAndAddress = new DatabaseRateLimitStore(db, "sign-in-account-address", { now });
  const byAddress = new DatabaseRateLimitStore(db, "sign-in-address", { now });
  const byAccount = new DatabaseRateLimitStore(db, "sign-in-account", { now });
  const options = { windowMs: limits.windowMs } as Options;
  for (const store of [byAccountAndAddress, byAddress, byAccount]) store.init(options);

  const keys = (email: string, address: string) => {
    const account = email.slice(0, ACCOUNT_KEY_MAX);
    const client = ipKeyGenerator(address, IPV6_SUBNET);
    // A client key has no spaces, so the first space tells where the account starts.
    return { account, client, pair: `${client} ${account}` };
  };

  return {
    limits,

    /** Counts an attempt and says whether it may go on; a slowed attempt returns after its delay. */
    async begin(email: string, address: string): Promise<SignInAttempt> {
      const key = keys(email, address);
      const [pair, client, account] = await Promise.all([
        byAccountAndAddress.increment(key.pair),
        byAddress.increment(key.client),
        byAccount.increment(key.account),
      ]);
      const refusedUntil = [
        pair.totalHits > limits.perAccountPerAddress ? pair.resetTime.getTime() : 0,
        client.totalHits > limits.perAddress ? client.resetTime.getTime() : 0,
      ];
      const resetAt = Math.max(...refusedUntil);
      if (resetAt > 0) {
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now()) / 1000)),
        };
      }
      const delayMs = Math.min(limits.maxDelayMs, limits.delayStepMs * (account.totalHits - 1));
      if (delayMs > 0) await wait(delayMs);
      return { allowed: true, delayMs };
    },

    /**
     * The password was right: the attempt is given back everywhere, and this address's failures
     * on this account are forgiven. Failures from other addresses keep slowing the account.
     */
    async succeeded(email: string, address: string): Promise<void> {
      const key = keys(email, address);
      await Promise.all([
        byAccountAndAddress.resetKey(key.pair),
        byAddress.decrement(key.client),
        byAccount.decrement(key.account),
      ]);
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
