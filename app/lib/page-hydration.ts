import { createContext } from "react";
import { useMatches } from "react-router";

/**
 * Whether React hydrates a page (docs/decisions/031-static-public-pages.md). A route module
 * says it does not with `export const handle = staticPage`: the page is server-rendered HTML
 * with the site script for what it does in the browser, and none of React's.
 */
export type PageHandle = { hydrate?: boolean };

/** The handle of a route whose page is not hydrated. */
export const staticPage: PageHandle = { hydrate: false };

/** A page is hydrated unless one of its routes says it is static. */
export function pageHydrates(handles: readonly unknown[]): boolean {
  return !handles.some(
    (handle) =>
      typeof handle === "object" && handle !== null && (handle as PageHandle).hydrate === false,
  );
}

/**
 * Whether the page being rendered is one React does not hydrate: provided once by the root
 * layout (from usePageHydrates), read by what renders differently there (SiteLink, the site
 * layout).
 */
export const StaticPageContext = createContext(false);

/** Whether React hydrates the page being rendered (its matched routes' handles). */
export function usePageHydrates(): boolean {
  return pageHydrates(useMatches().map((match) => match.handle));
}

/**
 * Client middleware of a static page: a navigation in a hydrated page that leads to one loads
 * it as a document, since its parts work only with the site script that the server adds.
 * The navigation never completes: the browser leaves the page. The request's address has no
 * `#fragment`; a link that needs one loads its page as a document itself (`reloadDocument`).
 */
export function loadAsDocument({ request }: { request: Request }): Promise<never> {
  if (window.location.href === request.url) window.location.reload();
  else window.location.assign(request.url);
  return new Promise<never>(() => {});
}
