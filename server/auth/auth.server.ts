import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { kyselyAdapter } from "@better-auth/kysely-adapter";
import { type BetterAuthOptions, betterAuth } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { getSessionCookie } from "better-auth/cookies";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import {
  INVALID_CREDENTIALS_MESSAGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "#common/schemas/auth.ts";
import type { Config } from "#server/config/env.server.ts";
import { loggedUrl, logger } from "#server/config/logger.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { type DbKind, findDatabaseFault } from "#server/db/dialect.server.ts";
import { describeError } from "#server/errors.ts";
import type { Mailer } from "#server/mail/mailer.server.ts";
import { assertChangePasswordBody, changePasswordRefusal } from "./change-password.server.ts";
import {
  createResetLimit,
  endResetLinks,
  RESET_LINK_SECONDS,
  RESET_REQUESTED_ANSWER,
  resetMailSender,
} from "./password-reset.server.ts";
import { setsSessionCookie, withoutSessionTokens } from "./session-token.server.ts";
import {
  createSignInThrottle,
  type SignInThrottle,
  type SignInThrottleOptions,
  TOO_MANY_SIGN_INS_MESSAGE,
} from "./sign-in-throttle.server.ts";
import { TimestampsAsDates } from "./timestamps-as-dates.server.ts";

/**
 * The client's address as the Express app determined it (honouring TRUST_PROXY). The app sets
 * this header on every request after removing any copy the client sent, so better-auth (session
 * records) and the sign-in limits read an address nobody can forge.
 */
export const CLIENT_ADDRESS_HEADER = "x-studio-client-address";

/** The identity provider's id in better-auth: its callback is /api/auth/callback/oidc. */
export const OIDC_PROVIDER_ID = "oidc";

/** Why an identity-provider sign-in was refused (the /login page explains each). */
export const OIDC_REFUSALS = {
  unverified: "email_not_verified",
  notStaff: "not_staff",
} as const;

/** What the /login page says when the identity provider's sign-in came back refused. */
export function describeProviderRefusal(code: string): string {
  if (code === OIDC_REFUSALS.notStaff) {
    return "That account is not on the staff list. Ask an admin to add you as an employee with the same e-mail address.";
  }
  if (code === OIDC_REFUSALS.unverified) {
    return "Your identity provider has not verified that e-mail address, so it cannot be matched to an employee.";
  }
  return "Signing in with your organisation's account did not work. Please try again.";
}

/** Prefix of the cookies better-auth sets (`studio.session_token`, …). */
const COOKIE_PREFIX = "studio";

/** True when a Cookie header carries a session token, valid or not. */
export function hasSessionCookie(cookieHeader: string): boolean {
  const headers = new Headers({ cookie: cookieHeader });
  return getSessionCookie(headers, { cookiePrefix: COOKIE_PREFIX }) !== null;
}

/** Session lifetime; an active session is extended once a day. */
const SESSION_DAYS = 7;
const DAY_SECONDS = 24 * 60 * 60;

export type AuthDeps = {
  db: Db;
  kind: DbKind;
  config: Config;
  /** What sends the password reset mails: the process's mailer. */
  mailer: Mailer;
  /** The sign-in limits' values, clock and wait; the defaults of sign-in-throttle.server.ts. */
  signInThrottle?: SignInThrottleOptions;
  /**
   * How passwords are hashed and checked; better-auth's scrypt unless given (tests that make
   * many sign-in attempts use a quick one).
   */
  passwordHashing?: {
    hash: (password: string) => Promise<string>;
    verify: (data: { hash: string; password: string }) => Promise<boolean>;
  };
};

/**
 * The better-auth instance: e-mail and password sign-in, sessions in our database through the
 * same Kysely instance as everything else (migration 0002 creates its tables). Public sign-up is
 * off: staff accounts come from the owner's bootstrap and from invitations.
 */
export function createAuth({
  db,
  kind,
  config,
  mailer,
  signInThrottle,
  passwordHashing,
}: AuthDeps) {
  const secure = config.siteUrl.startsWith("https:");
  const throttle = createSignInThrottle(db, signInThrottle);
  const resetLimit = createResetLimit(db);
  return betterAuth({
    appName: config.siteDefaults.companyName,
    baseURL: config.siteUrl,
    basePath: "/api/auth",
    secret: config.sessionSecret,
    database: kyselyAdapter(kind === "postgres" ? db.withPlugin(new TimestampsAsDates()) : db, {
      type: kind,
      usePlural: true,
    }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
      password: passwordHashing,
      // "Forgot password?": a link by e-mail, single use, for an hour (password-reset.server.ts).
      sendResetPassword: resetMailSender(db, config, mailer),
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      // The link used ends the others still in the mailbox (so does a change in My account).
      onPasswordReset: ({ user }) => endResetLinks(db, user.id),
    },
    // Reset tokens are kept only as hashes, like invitation tokens: a copy of the database
    // opens no account.
    verification: {
      storeIdentifier: { default: "plain", overrides: { "reset-password:": "hashed" } },
    },
    session: {
      expiresIn: SESSION_DAYS * DAY_SECONDS,
      updateAge: DAY_SECONDS,
      // Every request reads the session row, so signing out, deactivation and password changes
      // take effect at once rather than when a cached copy in the cookie expires.
      cookieCache: { enabled: false },
    },
    user: {
      changeEmail: { enabled: false },
      deleteUser: { enabled: false },
      validateUserInfo: staffOnlyUserInfo(db, config),
    },
    account: {
      // Linking an identity-provider account to an existing login by e-mail needs the provider
      // to vouch for the address (email_verified); our logins' addresses count as verified.
      accountLinking: { enabled: true, trustedProviders: [] },
    },
    plugins: config.oidc ? [identityProvider(config.oidc)] : [],
    // Its limiter keeps counters in memory by default and is off outside production; sign-in
    // attempts are limited in the database instead (sign-in-throttle.server.ts).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: AUTH_LOGGER,
    // Refusals (401, 403, 429, ...) stay better-auth's answers; any other failure is thrown
    // out of its handler to the API's error handler (see handleAuthRequest).
    onAPIError: { throw: true },
    // The site's own origin, and whatever host the request came to (a second hostname, or
    // 127.0.0.1 in tests); the Origin check in front of /api applies the same rule.
    trustedOrigins: (request) => {
      const host = request?.headers.get("host");
      return host ? [`http://${host}`, `https://${host}`] : [];
    },
    advanced: {
      useSecureCookies: secure,
      cookiePrefix: COOKIE_PREFIX,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure, path: "/" },
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      database: { generateId: () => randomUUID() },
    },
    hooks: signInHooks(db, throttle, resetLimit),
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * better-auth's validateUserInfo: an identity-provider account is admitted only with a verified
 * e-mail that an employee record (or the owner's ADMIN_EMAIL) names; that e-mail is how
 * accounts are matched.
 */
function staffOnlyUserInfo(db: Db, config: Config) {
  return async ({
    user,
    source,
  }: {
    user: { email?: unknown; emailVerified?: unknown };
    source: { method: string };
  }) => {
    if (source.method !== "oauth") return;
    if (user.emailVerified !== true) return { error: OIDC_REFUSALS.unverified };
    const email = String(user.email ?? "").toLowerCase();
    if (email && email === config.adminEmail) return;
    const employee = await db
      .selectFrom("employees")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirst();
    if (!employee) return { error: OIDC_REFUSALS.notStaff };
  };
}

/** Sign-in through the configured identity provider (OpenID Connect), by its discovery document. */
function identityProvider(oidc: NonNullable<Config["oidc"]>) {
  return genericOAuth({
    config: [
      {
        providerId: OIDC_PROVIDER_ID,
        discoveryUrl: `${oidc.issuer}/.well-known/openid-configuration`,
        clientId: oidc.clientId,
        clientSecret: oidc.clientSecret,
        scopes: ["openid", "email", "profile"],
        pkce: true,
        requireIdTokenVerification: true,
      },
    ],
  });
}

/** better-auth's log: errors only, into ours. */
const AUTH_LOGGER = {
  level: "error",
  // Some endpoints (get-session) catch a failure, log it and answer 500 themselves; the
  // failure logged during an HTTP request goes to handleAuthRequest instead of the log.
  log: (level: string, message: string, ...args: unknown[]) => {
    const failure = requestFailure.getStore();
    const cause = args.find((arg) => arg instanceof Error);
    if (failure && cause) failure.error ??= cause;
    else logger.error({ err: cause }, `Sign-in ${level}: ${message}`);
  },
} satisfies BetterAuthOptions["logger"];

/**
 * What runs around better-auth's endpoints: the sign-in and reset limits before, our wording of
 * a refused sign-in, the change-password rules (a changed password ends the account's reset
 * links) and no session token in a JSON answer after.
 */
function signInHooks(
  db: Db,
  throttle: SignInThrottle,
  resetLimit: ReturnType<typeof createResetLimit>,
) {
  return {
    before: createAuthMiddleware(async (ctx) => {
      if (ctx.path === "/sign-in/email") {
        await beginSignIn(throttle, ctx.body, clientAddress(ctx));
      }
      if (ctx.path === "/request-password-reset") {
        // Past the address's mails for the window: the same answer, and no link made or sent.
        const mail = await resetLimit(accountKey(ctx.body), clientAddress(ctx));
        if (!mail) return ctx.json(RESET_REQUESTED_ANSWER);
      }
      if (ctx.path === "/change-password") {
        assertChangePasswordBody(ctx.body);
        // A new password ends every other session, whatever the caller asked for.
        return { context: { body: { ...ctx.body, revokeOtherSessions: true } } };
      }
    }),
    after: createAuthMiddleware(async (ctx) => {
      const returned = ctx.context.returned;
      if (ctx.path === "/sign-in/email") {
        if (returned instanceof APIError) {
          if (returned.statusCode === 401) {
            // better-auth's own wording is close but not ours; say it the same way everywhere.
            throw new APIError("UNAUTHORIZED", {
              message: INVALID_CREDENTIALS_MESSAGE,
              code: "INVALID_EMAIL_OR_PASSWORD",
            });
          }
          return;
        }
        await throttle.succeeded(accountKey(ctx.body), clientAddress(ctx));
      }
      if (ctx.path === "/change-password") {
        const refusal = changePasswordRefusal(returned);
        if (refusal) throw refusal;
        const userId = changedAccountId(returned);
        if (userId) await endResetLinks(db, userId);
      }
      // Over HTTP (calls from our own code have no request), a browser that sends the session
      // cookie or is being given one has the token there: the JSON answer leaves it out.
      if (!ctx.request || returned instanceof APIError || returned instanceof Response) return;
      const cookie = ctx.request.headers.get("cookie") ?? "";
      if (
        !hasSessionCookie(cookie) &&
        !setsSessionCookie(ctx.context.responseHeaders, COOKIE_PREFIX)
      ) {
        return;
      }
      const body = withoutSessionTokens(returned);
      // An object or, for list-sessions, an array; ctx.json sends either as it is.
      if (body !== returned) return ctx.json(body as Record<string, unknown>);
    }),
  };
}

/** The account a successful change-password call changed the password of, else null. */
function changedAccountId(returned: unknown): string | null {
  if (returned instanceof APIError || returned instanceof Response) return null;
  const id = (returned as { user?: { id?: unknown } } | null | undefined)?.user?.id;
  return typeof id === "string" ? id : null;
}

type HookContext = { headers?: Headers | undefined; request?: Request | undefined };

function clientAddress(ctx: HookContext): string {
  return (
    ctx.request?.headers.get(CLIENT_ADDRESS_HEADER) ??
    ctx.headers?.get(CLIENT_ADDRESS_HEADER) ??
    "unknown"
  );
}

function accountKey(body: unknown): string {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" ? email.trim().toLowerCase() : "";
}

/** Counts the attempt; refuses it with 429, or lets it go on once its slowdown is over. */
async function beginSignIn(throttle: SignInThrottle, body: unknown, address: string) {
  const attempt = await throttle.begin(accountKey(body), address);
  if (!attempt.allowed) {
    throw new APIError(
      "TOO_MANY_REQUESTS",
      { message: TOO_MANY_SIGN_INS_MESSAGE, code: "TOO_MANY_SIGN_IN_ATTEMPTS" },
      { "Retry-After": String(attempt.retryAfterSeconds) },
    );
  }
}

/** The failure better-auth met while answering the current HTTP request, if any. */
const requestFailure = new AsyncLocalStorage<{ error?: unknown }>();

/**
 * A direct call into better-auth (who is asking, a page's sign-in or reset), not over HTTP.
 * Where an endpoint logs a failure and then throws it wrapped in a bare 500 (get-session, when
 * the database does not answer), the failure itself is thrown, unlogged: the caller's error
 * handling answers and logs it once (a database fault: 503, one line, no stack). A failure it
 * logs and then passes over is logged as before.
 */
export async function callAuth<T>(call: () => Promise<T>): Promise<T> {
  const failure: { error?: unknown } = {};
  let result: T;
  try {
    result = await requestFailure.run(failure, call);
  } catch (error) {
    throw failure.error ?? error;
  }
  if (failure.error !== undefined) {
    logger.error({ err: failure.error }, `Sign-in error: ${describeError(failure.error)}`);
  }
  return result;
}

/**
 * better-auth's HTTP handler, except that where it would answer a bare 500, or pass over a
 * database that did not answer, the failure is thrown instead, so the API's error handler answers it like any other call: 503 with
 * Retry-After for a database that does not answer, 507 for a full disk, else a logged 500.
 */
export async function handleAuthRequest(auth: Auth, request: Request): Promise<Response> {
  const failure: { error?: unknown } = {};
  const response = await requestFailure.run(failure, () => auth.handler(request));
  if (failure.error === undefined) {
    if (response.status >= 500) {
      logger.error(
        `Sign-in request failed: ${request.method} ${loggedUrl(new URL(request.url).pathname)} answered ${response.status}`,
      );
    }
    return response;
  }
  // Sign-out, for one, answers success when it could not delete the session; a database that
  // did not answer is no success.
  if (response.status >= 500 || findDatabaseFault(failure.error) !== null) throw failure.error;
  return response;
}
