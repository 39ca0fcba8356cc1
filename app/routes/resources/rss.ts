import { effectiveState } from "#common/content-rules.ts";
import { escapeMarkup } from "#common/format.ts";
import { absoluteImageUrl } from "#common/images.ts";
import { postUrl } from "#common/paths.ts";
import { serverContext } from "#server/context.server.ts";
import { parseStringList } from "#server/db/json-list.ts";
import { listFeedPosts } from "#server/services/public-post-lists.server.ts";
import { currentSiteSettings } from "#server/services/site-settings.server.ts";
import type { Route } from "./+types/rss.ts";

/** How many posts the feed carries. */
const FEED_SIZE = 20;

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = context.get(serverContext);
  const now = new Date();
  // The latest news posts, with what an item shows (never the post's HTML).
  const rows = await listFeedPosts(db, { now, category: "news", limit: FEED_SIZE });
  const posts = rows.map((row) => ({
    ...row,
    publishedAt: effectiveState(row, now).publishedAt,
    tags: parseStringList(row.tags),
  }));
  const { companyName: company } = await currentSiteSettings(db, config.siteDefaults);
  const items = posts.map((post) => {
    const link = postUrl(config.siteUrl, post.slug);
    const image = absoluteImageUrl(post.featuredImage, config.siteUrl);
    // The summary the post gives outside the site: its meta description, else its excerpt.
    const description = post.metaDescription?.trim() || post.excerpt;
    return [
      "    <item>",
      `      <title>${escapeMarkup(post.title)}</title>`,
      `      <link>${escapeMarkup(link)}</link>`,
      `      <guid isPermaLink="true">${escapeMarkup(link)}</guid>`,
      `      <pubDate>${new Date(post.publishedAt ?? post.createdAt).toUTCString()}</pubDate>`,
      description ? `      <description>${escapeMarkup(description)}</description>` : null,
      ...post.tags.map((tag) => `      <category>${escapeMarkup(tag)}</category>`),
      image ? `      <enclosure url="${escapeMarkup(image)}" length="0" type="image/png"/>` : null,
      "    </item>",
    ]
      .filter((line) => line !== null)
      .join("\n");
  });
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${escapeMarkup(`${company} News`)}</title>`,
    `    <link>${escapeMarkup(`${config.siteUrl}/news`)}</link>`,
    `    <description>${escapeMarkup(`News and releases from ${company}.`)}</description>`,
    "    <language>en</language>",
    `    <atom:link href="${escapeMarkup(`${config.siteUrl}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}
