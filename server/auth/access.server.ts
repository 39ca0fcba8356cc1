import { fromNodeHeaders } from "better-auth/node";
import type { RequestHandler, Response } from "express";
import { data } from "react-router";
import { canManageEmployees, effectiveRole, hasStaffAccess } from "#common/access.ts";
import type { CurrentUser } from "#common/types/user.ts";
import type { Config } from "#server/config/env.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { HttpError } from "#server/errors.ts";
import type { Audience } from "#server/services/content-rules.server.ts";
import { findEmployeeByEmail } from "#server/services/employees.server.ts";
import { type Auth, authFor } from "./auth.server.ts";

/** What the access checks are built from. */
export type AccessDeps = { auth: Auth; db: Db; config: Config };

/** The signed-in account behind a request, with the access it has right now. */
export type Viewer = CurrentUser & {
  sessionId: string;
  isOwner: boolean;
  /** The employee record with the account's e-mail, active or not. */
  employeeId: string | null;
};

type AccessRule = (viewer: Viewer) => boolean;

/** The access deps for a page loader, from what its context carries. */
export function accessDepsFor({ db, config }: { db: Db; config: Config }): AccessDeps {
  return { auth: authFor(db, config), db, config };
}

/**
 * Reads the session cookie and answers who is signed in, or null. The employee record is read
 * on every call rather than kept in the session, so a deactivated employee loses access at once.
 * `setCookies` carries better-auth's refreshed session cookie when it extended the session.
 */
export async function readViewer(
  { auth, db, config }: AccessDeps,
  headers: Headers,
): Promise<{ viewer: Viewer | null; setCookies: string[] }> {
  if (!headers.get("cookie")) return { viewer: null, setCookies: [] };
  const { headers: responseHeaders, response: session } = await auth.api.getSession({
    headers,
    returnHeaders: true,
  });
  const setCookies = responseHeaders?.getSetCookie() ?? [];
  if (!session) return { viewer: null, setCookies };
  const email = session.user.email.toLowerCase();
  const isOwner = config.adminEmail !== undefined && email === config.adminEmail;
  const employee = await findEmployeeByEmail(db, email);
  return {
    viewer: {
      id: session.user.id,
      email,
      firstName: employee?.firstName || session.user.name || null,
      isInitialSetup: isOwner && employee === null,
      role: effectiveRole({ isOwner, employee }),
      sessionId: session.session.id,
      isOwner,
      employeeId: employee?.id ?? null,
    },
    setCookies,
  };
}

/** Who is signed in (see readViewer), for a page loader or action. */
export async function getViewer(deps: AccessDeps, request: Request): Promise<Viewer | null> {
  return (await readViewer(deps, request.headers)).viewer;
}

/** The `GET /api/auth/user` body. */
export function presentCurrentUser(viewer: Viewer): CurrentUser {
  return {
    id: viewer.id,
    email: viewer.email,
    firstName: viewer.firstName,
    isInitialSetup: viewer.isInitialSetup,
    role: viewer.role,
  };
}

/** Express: the viewer a require… middleware stored for the handlers after it. */
export function viewerOf(res: Response): Viewer {
  const viewer = res.locals.viewer as Viewer | undefined;
  if (!viewer) throw new Error("viewerOf() called on a route without an access check");
  return viewer;
}

/**
 * Express: notes who is signed in, if anyone, for calls that answer everyone but show staff
 * more (drafts). Never refuses; see audienceOf.
 */
export function loadViewer(deps: AccessDeps): RequestHandler {
  return async (req, res, next) => {
    const { viewer, setCookies } = await readViewer(deps, fromNodeHeaders(req.headers));
    for (const cookie of setCookies) res.append("Set-Cookie", cookie);
    res.locals.viewer = viewer ?? undefined;
    next();
  };
}

/** Who a viewer sees content as: staff see drafts and posts not yet due, others do not. */
export function audienceFor(viewer: Viewer | null | undefined): Audience {
  return hasStaffAccess(viewer) ? "staff" : "public";
}

/** Express: the audience of a request that passed loadViewer or a require… check. */
export function audienceOf(res: Response): Audience {
  return audienceFor(res.locals.viewer as Viewer | undefined);
}

/** Express: signed in, with or without staff access (401 otherwise). */
export function requireSignedIn(deps: AccessDeps): RequestHandler {
  return requireViewer(deps, () => true);
}

/** Express: an active employee or the owner (401 signed out, 403 without access). */
export function requireEmployee(deps: AccessDeps): RequestHandler {
  return requireViewer(deps, hasStaffAccess);
}

/** Express: an active admin or the owner (401 signed out, 403 otherwise). */
export function requireAdmin(deps: AccessDeps): RequestHandler {
  return requireViewer(deps, canManageEmployees);
}

function requireViewer(deps: AccessDeps, rule: AccessRule): RequestHandler {
  return async (req, res, next) => {
    const { viewer, setCookies } = await readViewer(deps, fromNodeHeaders(req.headers));
    for (const cookie of setCookies) res.append("Set-Cookie", cookie);
    if (!viewer) throw HttpError.unauthorized();
    if (!rule(viewer)) throw HttpError.forbidden();
    res.locals.viewer = viewer;
    next();
  };
}

/**
 * For page loaders: the viewer when the rule allows, otherwise a thrown 401 (signed out; the
 * page shows the "logged out" toast and goes to sign-in) or 403 (signed in without the right;
 * the page shows "no access" instead of a redirect loop). Both carry where to come back to.
 */
export async function requirePageViewer(
  deps: AccessDeps,
  request: Request,
  rule: AccessRule = hasStaffAccess,
): Promise<Viewer> {
  const viewer = await getViewer(deps, request);
  const url = new URL(request.url);
  const returnTo = `${url.pathname}${url.search}`;
  if (!viewer) throw data({ returnTo }, { status: 401 });
  if (!rule(viewer)) throw data({ returnTo }, { status: 403 });
  return viewer;
}
