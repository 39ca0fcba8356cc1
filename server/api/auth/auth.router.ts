import { fromNodeHeaders, toNodeHandler } from "better-auth/node";
import express, { type Request, type RequestHandler, Router } from "express";
import { DEFAULT_RETURN_TO, safeReturnTo } from "#common/return-to.ts";
import { apiErrorHandler } from "#server/api/middleware/error-handler.ts";
import { handleAuthRequest, OIDC_PROVIDER_ID } from "#server/auth/auth.server.ts";
import { readRequestViewer } from "#server/auth/express-access.server.ts";
import { presentCurrentUser } from "#server/auth/viewer.server.ts";
import { logger } from "#server/config/logger.server.ts";
import type { ServerContext } from "#server/context.server.ts";
import { HttpError } from "#server/errors.ts";
import { BODY_LIMITS } from "#server/http/body-limits.server.ts";
import { requestIdOf } from "#server/http/request-log.server.ts";

/**
 * better-auth's endpoints that the browser may call, by method. Everything else it offers
 * (sign-up, e-mail change, account linking, user deletion, ...) is not reachable over HTTP and
 * answers our JSON 404; staff accounts are managed through /api/employees.
 */
const BETTER_AUTH_ENDPOINTS: Record<string, ReadonlySet<string>> = {
  GET: new Set([
    "/auth/get-session",
    "/auth/list-sessions",
    "/auth/ok",
    // Where the identity provider sends the browser back (only answers when one is configured).
    `/auth/callback/${OIDC_PROVIDER_ID}`,
  ]),
  POST: new Set([
    "/auth/sign-in/email",
    "/auth/sign-out",
    "/auth/change-password",
    "/auth/revoke-session",
    "/auth/revoke-sessions",
    "/auth/revoke-other-sessions",
    // "Forgot password?": ask for a link by e-mail, then set the new password with its token.
    "/auth/request-password-reset",
    "/auth/reset-password",
  ]),
};

/**
 * Sign-in, sign-out and the current user, mounted at /api ahead of the JSON body parser:
 * better-auth takes request bodies as they came (JSON or a form), read here as text within
 * BODY_LIMITS.signIn. Our `GET /api/auth/user` is matched before the better-auth handler, so
 * the contract of docs/product/api.md#sign-in-calls holds.
 */
export function authRouter(context: ServerContext) {
  const { auth } = context;
  const router = Router();
  const betterAuthHandler = toNodeHandler((request) => handleAuthRequest(auth, request));
  router.use((_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });

  router.get("/auth/user", async (req, res) => {
    const viewer = await readRequestViewer(context, req, res);
    if (!viewer) throw HttpError.unauthorized("You are not signed in.");
    res.json(presentCurrentUser(viewer));
  });

  // Read here, not by better-auth from the stream: a body refused while it arrives then fails
  // this read, quietly, and never reaches better-auth (which would log it as a server fault).
  const readBody = express.text({ type: () => true, limit: BODY_LIMITS.signIn });
  const forwardToBetterAuth: RequestHandler = (req, res, next) => {
    if (!BETTER_AUTH_ENDPOINTS[req.method]?.has(req.path)) return next();
    readBody(req, res, (error?: unknown) => {
      if (error) return next(error);
      betterAuthHandler(req, res).catch(next);
    });
  };
  router.all("/auth/*path", forwardToBetterAuth);

  router.get("/login", async (req, res) => {
    const returnTo = safeReturnTo(req.query.returnTo);
    if (context.config.oidc) {
      // Straight to the identity provider; it sends the browser back to /api/auth/callback/oidc,
      // which signs in and lands on returnTo (or on /login with ?error= when refused).
      const started = await auth.api
        .signInSocial({
          body: { provider: OIDC_PROVIDER_ID, callbackURL: returnTo, errorCallbackURL: "/login" },
          headers: fromNodeHeaders(req.headers),
          returnHeaders: true,
        })
        .catch((error: unknown) => {
          // The provider is unreachable or misconfigured: e-mail and password still work.
          logger.error(
            { err: error, reqId: requestIdOf(req) },
            "Cannot start sign-in with the identity provider",
          );
          return null;
        });
      if (started?.response.url) {
        for (const cookie of started.headers.getSetCookie()) res.append("Set-Cookie", cookie);
        return res.redirect(302, started.response.url);
      }
      return res.redirect(302, "/login?error=provider_unavailable");
    }
    res.redirect(
      302,
      returnTo === DEFAULT_RETURN_TO ? "/login" : `/login?returnTo=${encodeURIComponent(returnTo)}`,
    );
  });

  router.get("/logout", async (req, res) => {
    if (!isOwnSignOut(req)) {
      // An image (a post's <img src="/api/logout">) or another site's link or page must not
      // sign anyone out.
      if (req.headers["sec-fetch-dest"] === "document") return res.redirect(302, "/");
      return res.status(403).json({ message: LOGOUT_REFUSED_MESSAGE });
    }
    const headers = fromNodeHeaders(req.headers);
    if (headers.get("cookie")) {
      // Deletes the session row, so the old cookie is worthless even if it was copied.
      const result = await auth.api.signOut({ headers, returnHeaders: true }).catch(() => null);
      for (const cookie of result?.headers.getSetCookie() ?? []) res.append("Set-Cookie", cookie);
    }
    res.redirect(302, "/");
  });

  router.use(apiErrorHandler);
  return router;
}

export const LOGOUT_REFUSED_MESSAGE = "Sign out with the Logout link on the site.";

/**
 * Whether a GET to /api/logout comes from this site and is not an embedded resource: the site's
 * Logout link, the address typed in, or the site's own script. Browsers say so in their fetch
 * metadata; a client that sends none (an older browser, a script) is taken at its word.
 */
function isOwnSignOut(req: Request): boolean {
  const site = req.headers["sec-fetch-site"];
  const dest = req.headers["sec-fetch-dest"];
  if (site !== undefined && site !== "same-origin" && site !== "none") return false;
  return dest === undefined || dest === "document" || dest === "empty";
}
