import { serverContext } from "#server/context.server.ts";
import { reusedSitemapPartStarts } from "#server/services/public-post-lists.server.ts";
import type { Route } from "./+types/sitemap.ts";
import { postsPartPath, sitemapIndex, xmlResponse } from "./sitemap-xml.ts";

/**
 * The sitemap index: the site's pages, then one part per 1,000 publicly visible posts, oldest
 * publication first, so that together they list every post and each part is as cheap to build
 * as the first. Where the parts start is worked out at most once a minute
 * (reusedSitemapPartStarts).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = context.get(serverContext);
  const starts = await reusedSitemapPartStarts(db);
  const parts = starts.map((key, i) => `${config.siteUrl}${postsPartPath(key, i === 0)}`);
  return xmlResponse(sitemapIndex([`${config.siteUrl}/sitemap-pages.xml`, ...parts]));
}
