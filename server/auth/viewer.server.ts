import { effectiveRole, hasStaffAccess } from "#common/access.ts";
import type { CurrentUser } from "#common/types/user.ts";
import type { ServerContext } from "#server/context.server.ts";
import type { Audience } from "#server/services/content-rules.server.ts";
import { findEmployeeByEmail } from "#server/services/employees.server.ts";
import { callAuth, hasSessionCookie } from "./auth.server.ts";

// Who is asking, without Express or React Router: express-access.server.ts and
// page-access.server.ts adapt these to a middleware and to a page loader. The role rules
// themselves are common/access.ts. Auth may use services (the employee record), never the API.

/** The signed-in account behind a request, with the access it has right now. */
export type Viewer = CurrentUser & {
  sessionId: string;
  isOwner: boolean;
  /** The employee record with the account's e-mail, active or not. */
  employeeId: string | null;
};

/** Whether a viewer may go on (hasStaffAccess, canManageEmployees, …). */
export type AccessRule = (viewer: Viewer) => boolean;

/**
 * Reads the session cookie and answers who is signed in, or null. The employee record is read
 * on every call rather than kept in the session, so a deactivated employee loses access at once.
 * `setCookies` carries better-auth's refreshed session cookie when it extended the session.
 * A request without a session cookie (most public page views) is answered at once: no
 * better-auth call, no database query.
 */
export async function readViewer(
  { auth, db, config }: ServerContext,
  headers: Headers,
): Promise<{ viewer: Viewer | null; setCookies: string[] }> {
  const cookie = headers.get("cookie");
  if (!cookie || !hasSessionCookie(cookie)) return { viewer: null, setCookies: [] };
  const { headers: responseHeaders, response: session } = await callAuth(() =>
    auth.api.getSession({ headers, returnHeaders: true }),
  );
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

/** Who a viewer sees content as: staff see drafts and posts not yet due, others do not. */
export function audienceFor(viewer: Viewer | null | undefined): Audience {
  return hasStaffAccess(viewer) ? "staff" : "public";
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
