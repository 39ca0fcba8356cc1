import { effectiveState } from "#common/content-rules.ts";
import { postUrl } from "#common/paths.ts";
import { serverContext } from "#server/context.server.ts";
import { listSitemapPart } from "#server/services/public-post-lists.server.ts";
import type { Route } from "./+types/sitemap-posts.ts";
import { partKeyFrom, urlSet, xmlResponse } from "./sitemap-xml.ts";

/**
 * One part of the posts' sitemap: up to 1,000 publicly visible posts from the key in the address
 * (`?from={publication time}&id={id}`, as the index names it; the first part has none), oldest
 * publication first, at `/blog/{slug}` with the time each went public. Posts kept out of search
 * engines (no-index) are left out.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = context.get(serverContext);
  const key = partKeyFrom(new URL(request.url).searchParams);
  if (key === "invalid") {
    return new Response("This sitemap address is not one the sitemap index names.\n", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const now = new Date();
  const rows = await listSitemapPart(db, { now, from: key });
  return xmlResponse(
    urlSet(
      rows
        .filter((row) => !row.noIndex)
        .map((row) => ({
          loc: postUrl(config.siteUrl, row.slug),
          lastmod: effectiveState(row, now).publishedAt ?? row.publicationTime,
        })),
    ),
  );
}
