import { serverContext } from "#server/context.server.ts";
import { sitemapPartStarts } from "#server/services/public-post-lists.server.ts";
import type { Route } from "./+types/sitemap.ts";
import { postsPartPath, sitemapIndex, xmlResponse } from "./sitemap-xml.ts";

/**
 * The sitemap index: the site's pages, then one part per 1,000 publicly visible posts, oldest
 * publication first, so that together they list every post and each part is as cheap to build
 * as the first.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = context.get(serverContext);
  const starts = await sitemapPartStarts(db);
  const parts = starts.map((key, i) => `${config.siteUrl}${postsPartPath(key, i === 0)}`);
  return xmlResponse(sitemapIndex([`${config.siteUrl}/sitemap-pages.xml`, ...parts]));
}
