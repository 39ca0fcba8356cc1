import { serverContext } from "#server/context.server.ts";
import type { Route } from "./+types/sitemap-pages.ts";
import { PUBLIC_PAGES, urlSet, xmlResponse } from "./sitemap-xml.ts";

/** The part of the sitemap that lists the site's own pages. */
export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(serverContext);
  return xmlResponse(
    urlSet(PUBLIC_PAGES.map((path) => ({ loc: `${config.siteUrl}${path}`, lastmod: null }))),
  );
}
