import { fromNodeHeaders } from "better-auth/node";
import type { Request, RequestHandler, Response } from "express";
import { canManageEmployees, hasStaffAccess } from "#common/access.ts";
import type { ServerContext } from "#server/context.server.ts";
import { HttpError } from "#server/errors.ts";
import type { Audience } from "#server/services/content-rules.server.ts";
import { hasSessionCookie } from "./auth.server.ts";
import { type AccessRule, audienceFor, readViewer, type Viewer } from "./viewer.server.ts";

/** The viewer a require… middleware stored for the handlers after it. */
export function viewerOf(res: Response): Viewer {
  const viewer = res.locals.viewer as Viewer | undefined;
  if (!viewer) throw new Error("viewerOf() called on a route without an access check");
  return viewer;
}

/** The audience of a request that passed loadViewer or a require… check. */
export function audienceOf(res: Response): Audience {
  return audienceFor(res.locals.viewer as Viewer | undefined);
}

/**
 * Notes who is signed in, if anyone, for calls that answer everyone but show staff more
 * (drafts). Never refuses; see audienceOf.
 */
export function loadViewer(context: ServerContext): RequestHandler {
  return async (req, res, next) => {
    res.locals.viewer = (await readRequestViewer(context, req, res)) ?? undefined;
    next();
  };
}

/** Signed in, with or without staff access (401 otherwise). */
export function requireSignedIn(context: ServerContext): RequestHandler {
  return requireViewer(context, () => true);
}

/** An active employee or the owner (401 signed out, 403 without access). */
export function requireEmployee(context: ServerContext): RequestHandler {
  return requireViewer(context, hasStaffAccess);
}

/** An active admin or the owner (401 signed out, 403 otherwise). */
export function requireAdmin(context: ServerContext): RequestHandler {
  return requireViewer(context, canManageEmployees);
}

function requireViewer(context: ServerContext, rule: AccessRule): RequestHandler {
  return async (req, res, next) => {
    const viewer = await readRequestViewer(context, req, res);
    if (!viewer) throw HttpError.unauthorized();
    if (!rule(viewer)) throw HttpError.forbidden();
    res.locals.viewer = viewer;
    next();
  };
}

/**
 * Who is signed in behind an Express request, or null; a session better-auth extended goes back
 * with its refreshed cookie.
 */
export async function readRequestViewer(
  context: ServerContext,
  req: Request,
  res: Response,
): Promise<Viewer | null> {
  // Most public reads come without a session cookie: nobody to look up, no headers to copy.
  const cookie = req.headers.cookie;
  if (!cookie || !hasSessionCookie(cookie)) return null;
  const { viewer, setCookies } = await readViewer(context, fromNodeHeaders(req.headers));
  for (const cookie of setCookies) res.append("Set-Cookie", cookie);
  return viewer;
}
