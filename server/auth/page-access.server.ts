import { data, type RouterContextProvider } from "react-router";
import { hasStaffAccess } from "#common/access.ts";
import { serverContext } from "#server/context.server.ts";
import type { Audience } from "#server/services/content-rules.server.ts";
import { type AccessRule, audienceFor, readViewer, type Viewer } from "./viewer.server.ts";

/** What a page loader or action is given as `context`. */
type PageContext = Readonly<RouterContextProvider>;

/** The viewer of each page request, read once: the root loader and the page's loader both ask. */
const viewers = new WeakMap<PageContext, Promise<Viewer | null>>();

/**
 * Who is signed in (see readViewer), for a page loader or action. Read once per request (the
 * context is the request's own), however many loaders ask.
 */
export function getViewer(context: PageContext, request: Request): Promise<Viewer | null> {
  let viewer = viewers.get(context);
  if (!viewer) {
    viewer = readViewer(context.get(serverContext), request.headers).then((read) => read.viewer);
    viewers.set(context, viewer);
  }
  return viewer;
}

/** Who a page request sees content as: staff also see drafts and posts not yet due. */
export async function getAudience(context: PageContext, request: Request): Promise<Audience> {
  return audienceFor(await getViewer(context, request));
}

/**
 * The viewer when the rule allows, otherwise a thrown 401 (signed out; the page shows the
 * "logged out" toast and goes to sign-in) or 403 (signed in without the right; the page shows
 * "no access" instead of a redirect loop). Both carry where to come back to.
 */
export async function requirePageViewer(
  context: PageContext,
  request: Request,
  rule: AccessRule = hasStaffAccess,
): Promise<Viewer> {
  const viewer = await getViewer(context, request);
  const url = new URL(request.url);
  const returnTo = `${url.pathname}${url.search}`;
  if (!viewer) throw data({ returnTo }, { status: 401 });
  if (!rule(viewer)) throw data({ returnTo }, { status: 403 });
  return viewer;
}
