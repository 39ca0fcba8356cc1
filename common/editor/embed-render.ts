import { escapeMarkup } from "#common/format.ts";
import { imageSrc } from "#common/images.ts";
import { packTypeLabel } from "#common/pack-types.ts";
import { studioPostPath } from "#common/paths.ts";
import { parseYouTubeId } from "#common/youtube.ts";
import { isAllowedLinkHref } from "./allowed-html.ts";
import { MARKETPLACE_ITEM_ATTRIBUTE } from "./embed-markup.ts";

// How stored embed cards are shown (docs/decisions/041-embed-cards.md): the public page (and the
// editor's Preview) put each marketplace item's current data in its card's place; the feed and
// the newsletter make each card a plain link. String passes over HTML the sanitizer wrote
// (every attribute double-quoted, every `<` outside markup escaped), like lazyLoadMedia. Pure:
// the server reads the items (post-embeds.server.ts), the dashboard takes them from its list.

/** What a card shows of a marketplace item: its data as it is now. */
export type EmbeddedItem = {
  id: string;
  title: string;
  slug: string;
  packType: string | null;
  marketplaceUrl: string | null;
  featuredImage: string | null;
  featuredImageAlt: string | null;
};

/** Items of one post's cards, by id; an item missing here is deleted or not public. */
export type EmbeddedItems = ReadonlyMap<string, EmbeddedItem>;

/** The most cards of one post that are looked up; later ones show as missing items. */
export const MAX_CARDS = 100;

/** A card as stored: the id in group 1, the whole link matched. */
const CARD = new RegExp(
  `<a ${MARKETPLACE_ITEM_ATTRIBUTE}="([0-9a-f-]{36})"[^>]*>[\\s\\S]*?</a>`,
  "g",
);

/** The item ids the cards of `html` name, each once, in order. */
export function embeddedItemIds(html: string): string[] {
  if (!html.includes(MARKETPLACE_ITEM_ATTRIBUTE)) return [];
  const ids = new Set<string>();
  for (const match of html.matchAll(CARD)) {
    if (match[1]) ids.add(match[1]);
    if (ids.size >= MAX_CARDS) break;
  }
  return [...ids];
}

/** A web address a card may link to (http or https), or null. */
function webAddress(value: string | null): string | null {
  const trimmed = value?.trim() ?? "";
  return /^https?:\/\//i.test(trimmed) && isAllowedLinkHref(trimmed) ? trimmed : null;
}

/** The public page's card of an item: image, pack type, title and the Marketplace link. */
function pageCard(item: EmbeddedItem): string {
  const page = escapeMarkup(studioPostPath(item.slug));
  const title = escapeMarkup(item.title);
  const image = imageSrc(item.featuredImage);
  const label = packTypeLabel(item.packType);
  const store = webAddress(item.marketplaceUrl);
  return [
    `<div class="embed-card" ${MARKETPLACE_ITEM_ATTRIBUTE}="${item.id}">`,
    image
      ? `<a class="embed-card-image" href="${page}" tabindex="-1" aria-hidden="true"><img src="${escapeMarkup(image)}" alt="" loading="lazy" decoding="async"></a>`
      : "",
    '<div class="embed-card-body">',
    label ? `<p class="embed-card-type">${escapeMarkup(label)}</p>` : "",
    `<p class="embed-card-title"><a href="${page}">${title}</a></p>`,
    store
      ? `<a class="embed-card-action" href="${escapeMarkup(store)}" target="_blank" rel="noopener noreferrer">Get it on the Marketplace</a>`
      : "",
    "</div></div>",
  ].join("");
}

/** A card as a plain link to the item's page, for the feed and the newsletter. */
function linkCard(item: EmbeddedItem): string {
  return `<p><a href="${escapeMarkup(studioPostPath(item.slug))}">${escapeMarkup(item.title)}</a></p>`;
}

function replaceCards(html: string, items: EmbeddedItems, render: (item: EmbeddedItem) => string) {
  if (!html.includes(MARKETPLACE_ITEM_ATTRIBUTE)) return html;
  return html.replace(CARD, (_card, id: string) => {
    const item = items.get(id);
    return item ? render(item) : "";
  });
}

/** A stored YouTube embed: the frame's attributes in group 1. */
const YOUTUBE_EMBED = /<div data-youtube-video="">\s*<iframe\b([^>]*)><\/iframe>\s*<\/div>/g;
const SRC_ATTRIBUTE = /\ssrc="([^"]*)"/;

/**
 * A YouTube embed in its light form: the video's picture and a Play button, a link to the video
 * on YouTube. The site script (lite-youtube.client.ts) puts the player in its place on a click;
 * without script the link opens the video. `data-lite-youtube` holds the player's address.
 */
function liteYouTube(attributes: string, imageBaseUrl: string): string | null {
  const src = SRC_ATTRIBUTE.exec(attributes)?.[1];
  const id = parseYouTubeId(src?.replaceAll("&amp;", "&"));
  if (!src || !id) return null;
  const player = `${src}${src.includes("?") ? "&amp;" : "?"}autoplay=1`;
  const thumbnail = escapeMarkup(`${imageBaseUrl}/vi/${id}/hqdefault.jpg`);
  return [
    `<div class="lite-youtube" data-lite-youtube="${player}">`,
    `<a href="https://www.youtube.com/watch?v=${id}" target="_blank" rel="noopener noreferrer" aria-label="Play video" data-lite-youtube-play="">`,
    `<img src="${thumbnail}" alt="" width="480" height="360" loading="lazy" decoding="async">`,
    '<span class="lite-youtube-button" aria-hidden="true"></span>',
    "</a></div>",
  ].join("");
}

/**
 * Stored post HTML as the public page shows it: each marketplace card with its item's current
 * data (or nothing, for an item that is gone or not public) and each YouTube embed in its light
 * form, its picture from `youtubeImageBaseUrl` (null: the player as stored). Galleries are
 * shown as stored.
 */
export function renderEmbedsForPage(
  html: string,
  { items, youtubeImageBaseUrl }: { items: EmbeddedItems; youtubeImageBaseUrl: string | null },
): string {
  const withCards = replaceCards(html, items, pageCard);
  // Without the pictures' host (the editor's Preview), videos keep their player.
  if (youtubeImageBaseUrl === null || !withCards.includes("data-youtube-video")) return withCards;
  return withCards.replace(
    YOUTUBE_EMBED,
    (embed, attributes: string) => liteYouTube(attributes, youtubeImageBaseUrl) ?? embed,
  );
}

/**
 * Stored post HTML for readers outside the site (the feed, the newsletter): each marketplace card
 * a plain link with its item's current title, to the item's page (nothing for an item that is
 * gone or not public). Videos and galleries are left to the reader's own pass (mailSafeHtml).
 */
export function renderEmbedsAsLinks(html: string, items: EmbeddedItems): string {
  return replaceCards(html, items, linkCard);
}
