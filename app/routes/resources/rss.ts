import { effectiveState } from "#common/content-rules.ts";
import { renderEmbedsAsLinks } from "#common/editor/embed-render.ts";
import { escapeMarkup } from "#common/format.ts";
import { absoluteImageUrl } from "#common/images.ts";
import { postUrl } from "#common/paths.ts";
import { serverContext } from "#server/context.server.ts";
import { parseStringList } from "#server/db/json-list.ts";
import { feedHtml } from "#server/mail/newsletter-html.server.ts";
import { findEmbeddedItems } from "#server/services/post-embeds.server.ts";
import { listFeedPosts } from "#server/services/public-post-lists.server.ts";
import { currentSiteSettings } from "#server/services/site-settings.server.ts";
import type { Route } from "./+types/rss.ts";

/** How many posts the feed carries. */
const FEED_SIZE = 20;

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = context.get(serverContext);
  const now = new Date();
  // The latest news posts, with what an item shows, and the marketplace items their cards name
  // (one query for the whole feed).
  const rows = await listFeedPosts(db, { now, category: "news", limit: FEED_SIZE });
  const embedded = await findEmbeddedItems(
    db,
    rows.map((row) => row.content),
    now,
  );
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
    // The post's text as a reader shows it: no frames or scripts, absolute addresses, embed
    // cards as plain links (docs/decisions/041-embed-cards.md).
    const content = feedHtml(renderEmbedsAsLinks(post.content, embedded), config.siteUrl);
    return [
      "    <item>",
      `      <title>${escapeMarkup(post.title)}</title>`,
      `      <link>${escapeMarkup(link)}</link>`,
      `      <guid isPermaLink="true">${escapeMarkup(link)}</guid>`,
      `      <pubDate>${new Date(post.publishedAt ?? post.createdAt).toUTCString()}</pubDate>`,
      description ? `      <description>${escapeMarkup(description)}</description>` : null,
      content ? `      <content:encoded>${escapeMarkup(content)}</content:encoded>` : null,
      ...post.tags.map((tag) => `      <category>${escapeMarkup(tag)}</category>`),
      image ? `      <enclosure url="${escapeMarkup(image)}" length="0" type="image/png"/>` : null,
      "    </item>",
    ]
      .filter((line) => line !== null)
      .join("\n");
  });
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
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
