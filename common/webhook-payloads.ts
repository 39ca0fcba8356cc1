import { absoluteImageUrl } from "#common/images.ts";
import { packTypeLabel } from "#common/pack-types.ts";
import { postUrl } from "#common/paths.ts";
import type { WebhookEventType } from "#common/schemas/webhooks.ts";

/**
 * What a webhook sends (docs/product/api.md#webhooks): the chat service's card and the generic
 * Standard Webhooks body, built from an event's snapshot and the site. The server's deliveries
 * and the dashboard's preview use the same builders, so the preview is the card the chat shows.
 */

/** A post as an event keeps it, taken in the transaction of the change. */
export type WebhookPostData = {
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  featuredImage: string | null;
  category: string;
  packType: string | null;
  publishedAt: string | null;
};

/** A newsletter sending that finished. */
export type WebhookNewsletterData = {
  id: string;
  title: string;
  /** The post it was built from, when it still existed then. */
  postSlug: string | null;
  total: number;
  sent: number;
  failed: number;
};

export type WebhookEventData = { post?: WebhookPostData; newsletter?: WebhookNewsletterData };

export type WebhookEventSnapshot = {
  id: string;
  type: WebhookEventType;
  createdAt: string;
  data: WebhookEventData;
};

/** The site, as the cards and bodies name it: the company name and the public origin. */
export type WebhookSite = { name: string; url: string };

/** The chat service's message (Discord's webhook format). */
export type ChatMessage = {
  content?: string;
  username?: string;
  avatar_url?: string;
  embeds: ChatEmbed[];
  allowed_mentions: { parse: string[] };
};

export type ChatEmbed = {
  title: string;
  description?: string;
  url?: string;
  color: number;
  image?: { url: string };
  fields?: { name: string; value: string; inline: boolean }[];
  timestamp?: string;
};

const CARD_COLORS: Record<WebhookEventType, number> = {
  "post.published": 0x3b82f6,
  "post.updated": 0x64748b,
  "marketplace.launched": 0x22c55e,
  "newsletter.sent": 0xf59e0b,
};

/** The line above the card, per event. */
export const CHAT_LEADS: Record<WebhookEventType, string> = {
  "post.published": "New post",
  "post.updated": "Post updated",
  "marketplace.launched": "Now live on the marketplace",
  "newsletter.sent": "Newsletter sent",
};

/** Cuts text to `max` characters, with an ellipsis when it was longer. */
function clip(text: string, max: number): string {
  const clean = text.trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
}

/** The card the community chat shows for an event. */
export function chatMessage(event: WebhookEventSnapshot, site: WebhookSite): ChatMessage {
  return {
    content: CHAT_LEADS[event.type],
    username: clip(site.name, 80),
    embeds: [chatEmbed(event, site)],
    // Text written by staff never pings anyone (an @everyone in a title stays text).
    allowed_mentions: { parse: [] },
  };
}

function chatEmbed(event: WebhookEventSnapshot, site: WebhookSite): ChatEmbed {
  const color = CARD_COLORS[event.type];
  const { post, newsletter } = event.data;
  if (post) {
    const embed: ChatEmbed = {
      title: clip(post.title, 256),
      url: postUrl(site.url, post.slug),
      color,
      timestamp: post.publishedAt ?? event.createdAt,
    };
    if (post.excerpt?.trim()) embed.description = clip(post.excerpt, 300);
    const image = absoluteImageUrl(post.featuredImage, site.url);
    if (image) embed.image = { url: image };
    const pack = post.category === "marketplace-content" ? packTypeLabel(post.packType) : null;
    if (pack) embed.fields = [{ name: "Pack type", value: pack, inline: true }];
    return embed;
  }
  const sending = newsletter ?? { title: "", postSlug: null, sent: 0 };
  const embed: ChatEmbed = {
    title: clip(sending.title || "Newsletter", 256),
    description: `Sent to ${sending.sent} subscriber${sending.sent === 1 ? "" : "s"}.`,
    color,
    timestamp: event.createdAt,
  };
  if (sending.postSlug) embed.url = postUrl(site.url, sending.postSlug);
  return embed;
}

/** The generic webhook's body: `{type, timestamp, data}`, with absolute addresses. */
export function genericBody(event: WebhookEventSnapshot, site: WebhookSite) {
  const { post, newsletter } = event.data;
  const data: Record<string, unknown> = { eventId: event.id, site };
  if (post) {
    data.post = {
      id: post.id,
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt,
      url: postUrl(site.url, post.slug),
      imageUrl: absoluteImageUrl(post.featuredImage, site.url),
      category: post.category,
      packType: post.packType,
      packTypeLabel: packTypeLabel(post.packType),
      publishedAt: post.publishedAt,
    };
  }
  if (newsletter) {
    const { postSlug, ...rest } = newsletter;
    data.newsletter = { ...rest, postUrl: postSlug ? postUrl(site.url, postSlug) : null };
  }
  return { type: event.type, timestamp: event.createdAt, data };
}

/** The sample "Send a test" sends and the preview shows: a marketplace item, launched now. */
export function sampleEvent(now: Date, type: WebhookEventType = "marketplace.launched") {
  const event: WebhookEventSnapshot = {
    id: "evt_test",
    type,
    createdAt: now.toISOString(),
    data: {
      post: {
        id: "00000000-0000-4000-8000-000000000000",
        title: "Sample: Sky Islands Adventure",
        slug: "sample-sky-islands-adventure",
        excerpt:
          "A test card from the dashboard's Integrations section: this is how the site's announcements will look here.",
        featuredImage: null,
        category: "marketplace-content",
        packType: "world",
        publishedAt: now.toISOString(),
      },
    },
  };
  return event;
}
