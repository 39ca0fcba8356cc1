import { escapeMarkup } from "#common/format.ts";
import type { YouTubeInfo } from "#common/types/youtube.ts";
import { youTubeThumbnailUrl } from "#common/youtube.ts";

/**
 * How much of a video's description becomes the excerpt (docs/product/editor.md#youtube-auto-fill).
 */
export const EXCERPT_AUTO_FILL_LENGTH = 200;

/** The excerpt filled in from a video's description: its first 200 characters, then "...". */
export function excerptFromDescription(description: string): string {
  const text = description.trim();
  // Counted in characters, not UTF-16 units, so an emoji is never cut in half.
  const characters = Array.from(text);
  if (characters.length <= EXCERPT_AUTO_FILL_LENGTH) return text;
  return `${characters.slice(0, EXCERPT_AUTO_FILL_LENGTH).join("")}...`;
}

/** The video's own page, built from its id rather than from whatever address was typed. */
export function youTubeWatchUrl(id: string): string {
  return `https://www.youtube.com/watch?v=${id}`;
}

/** Plain text as paragraphs: blank lines part paragraphs, single line breaks stay breaks. */
export function textToParagraphs(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeMarkup(paragraph).replace(/\n/g, "<br>")}</p>`)
    .join("");
}

function watchLink(id: string): string {
  return `<p><a href="${escapeMarkup(youTubeWatchUrl(id))}">Watch on YouTube</a></p>`;
}

export type YouTubeFill = {
  title: string;
  /** null: leave the excerpt as it is. */
  excerpt: string | null;
  content: string;
  /** null: leave the featured image as it is. */
  featuredImage: string | null;
};

/**
 * What a successful lookup fills in (docs/product/editor.md#youtube-auto-fill): the title, the
 * excerpt from the description, a content block (thumbnail, title, description, a 'Watch on
 * YouTube' link) and the thumbnail as the featured image.
 */
export function youTubeFill(info: YouTubeInfo, id: string): YouTubeFill {
  const title = info.title.trim() || `YouTube Video - ${id}`;
  const thumbnail = info.thumbnail || youTubeThumbnailUrl(id);
  return {
    title,
    excerpt: info.description.trim() ? excerptFromDescription(info.description) : null,
    content:
      `<img src="${escapeMarkup(thumbnail)}" alt="${escapeMarkup(title)}">` +
      `<h2>${escapeMarkup(title)}</h2>` +
      textToParagraphs(info.description) +
      watchLink(id),
    featuredImage: info.thumbnailDataUrl,
  };
}

/**
 * When the lookup fails but the address names a video: 'YouTube Video - {id}', YouTube's
 * standard thumbnail and a link to the video, for staff to complete by hand.
 */
export function youTubeFallback(id: string): YouTubeFill {
  const title = `YouTube Video - ${id}`;
  return {
    title,
    excerpt: null,
    content:
      `<img src="${escapeMarkup(youTubeThumbnailUrl(id))}" alt="${escapeMarkup(title)}">` +
      `<h2>${escapeMarkup(title)}</h2>` +
      watchLink(id),
    featuredImage: null,
  };
}
