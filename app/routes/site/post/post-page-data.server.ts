import { summarize } from "#app/lib/post-meta.ts";
import { htmlToPlainText } from "#common/content-rules.ts";
import { renderEmbedsAsLinks, renderEmbedsForPage } from "#common/editor/embed-render.ts";
import type { Post } from "#common/types/post.ts";
import type { Db } from "#server/db/db.server.ts";
import type { PostRow } from "#server/db/tables.ts";
import { presentPost } from "#server/presenters/post.server.ts";
import { getDisplayName } from "#server/services/people.server.ts";
import { findEmbeddedItems } from "#server/services/post-embeds.server.ts";
import { lazyLoadMedia } from "#server/services/sanitize-html.server.ts";

/**
 * What the page shows of a post: everything public except the raw content, and its author's
 * display name for the byline (null without an author: no byline).
 */
export type PostPageData = Omit<Post, "content" | "status" | "scheduledAt" | "timezone"> & {
  author: string | null;
};

/** Where a post stands: what the banners over a post not yet public say. */
export type PostPageState = { status: string; scheduledAt: string | null; timezone: string | null };

/** What the page needs besides the database: where YouTube's video pictures come from. */
export type PostPageOptions = { youtubeImageBaseUrl: string };

/**
 * A post as its page shows it, at `now`, with its author's display name: the public post page
 * and a preview link's page both render this, so a preview looks exactly as the public page will.
 */
export async function postPageData(db: Db, row: PostRow, now: Date, options: PostPageOptions) {
  const { content, status, scheduledAt, timezone, ...post } = presentPost(row, now);
  const [author, items] = await Promise.all([
    getDisplayName(db, row.authorId),
    // The marketplace items of the post's cards as they are now, in one query
    // (docs/decisions/041-embed-cards.md); none without a card.
    findEmbeddedItems(db, [content], now),
  ]);
  // Stored sanitized: every write sanitizes, and so did migration 0007 for older rows
  // (docs/decisions/010-sanitize-on-write.md). Only the display's embed cards and lazy loading
  // are added here.
  const contentHtml = lazyLoadMedia(
    renderEmbedsForPage(content, { items, youtubeImageBaseUrl: options.youtubeImageBaseUrl }),
  );
  // Cards count as their items' current titles, as in the feed.
  const description =
    post.excerpt?.trim() || summarize(htmlToPlainText(renderEmbedsAsLinks(content, items)));
  return {
    post: { ...post, author } satisfies PostPageData,
    contentHtml,
    description,
    /** The time of rendering, so the browser's "released or not" agrees with the server's. */
    now: now.toISOString(),
    state: { status, scheduledAt, timezone } satisfies PostPageState,
  };
}
