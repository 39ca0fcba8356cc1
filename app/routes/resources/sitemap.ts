import { escapeMarkup } from "#common/format.ts";
import { serverContext } from "#server/context.server.ts";
import { listPublicPostSummaries } from "#server/services/public-post-lists.server.ts";
import type { Route } from "./+types/sitemap.ts";

const PUBLIC_PAGES = ["/", "/studio", "/apps", "/videos", "/news"];

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = context.get(serverContext);
  const posts = await listPublicPostSummaries(db);
  const urls = [
    ...PUBLIC_PAGES.map((path) => ({ loc: `${config.siteUrl}${path}`, lastmod: null })),
    ...posts.map((post) => ({
      loc: `${config.siteUrl}/blog/${encodeURIComponent(post.slug)}`,
      lastmod: post.publishedAt ?? post.createdAt,
    })),
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map(
      ({ loc, lastmod }) =>
        `  <url><loc>${escapeMarkup(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`,
    ),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}
