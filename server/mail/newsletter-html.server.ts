import sanitizeHtml from "sanitize-html";
import { escapeMarkup } from "#common/format.ts";
import { parseYouTubeId, youTubeThumbnailUrl } from "#common/youtube.ts";

// A post's content made fit for an e-mail (docs/decisions/029-newsletter-message.md). Stored
// content is already sanitized for the site; this is a second, narrower pass, because a mail
// client is not the site: it runs under no Content-Security-Policy of ours, shows no frames,
// resolves no relative address, and its reader may forward the message anywhere.

/** The elements a newsletter keeps; everything else loses its tag (its text stays). */
const MAIL_TAGS = [
  "p",
  "br",
  "h2",
  "h3",
  "h4",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "a",
  "ul",
  "ol",
  "li",
  "blockquote",
  "pre",
  "code",
  "hr",
  "img",
];

/** Elements whose content is code or markup, not text: gone with their content. */
const NON_TEXT_TAGS = [
  "script",
  "style",
  "textarea",
  "option",
  "noscript",
  "title",
  "template",
  "xmp",
  "iframe",
  "object",
  "embed",
  "svg",
  "math",
  "form",
  "button",
  "select",
];

/** Where a YouTube frame's video link goes in the sanitized output, before it gets its picture. */
const VIDEO_MARK = "data-mail-video";

/** The widest an image is shown: the column's width less its padding. */
export const MAIL_CONTENT_WIDTH = 552;

type Attributes = Record<string, string>;

/**
 * The post's HTML with only what mail clients show safely: no script, style, frame, form,
 * event handler, class or style attribute; links only to http(s) and mailto, made absolute
 * against the site's address (protocol-relative ones are removed, like javascript: and data:);
 * images only from http(s), absolute too. A YouTube frame becomes the video's picture linked
 * to YouTube, with "Watch the video" under it. An image gallery becomes its images, each with
 * its caption as a paragraph under it.
 */
export function mailSafeHtml(html: string, siteUrl: string): string {
  if (!html) return "";
  const sanitized = sanitizeHtml(html, {
    allowedTags: MAIL_TAGS,
    allowedAttributes: {
      a: ["href", "title", VIDEO_MARK],
      img: ["src", "alt", "width", "height"],
      ol: ["start"],
    },
    allowedClasses: {},
    allowedStyles: {},
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["http", "https"] },
    allowedSchemesAppliedToAttributes: ["href", "src"],
    allowProtocolRelative: false,
    nonTextTags: NON_TEXT_TAGS,
    disallowedTagsMode: "discard",
    parseStyleAttributes: false,
    transformTags: {
      // The title is the one h1; a heading in the content is one level below it.
      h1: "h2",
      h5: "h4",
      h6: "h4",
      // A gallery's images keep their captions, each under its image.
      figcaption: "p",
      a: (tagName, attribs) => ({ tagName, attribs: mailLink(attribs, siteUrl) }),
      img: (tagName, attribs) => ({ tagName, attribs: mailImage(attribs, siteUrl) }),
      iframe: (_tagName, attribs) => videoLink(attribs),
    },
    exclusiveFilter: (frame) => {
      if (frame.tag === "img" && !frame.attribs.src) return true;
      if (frame.tag === "a" && !frame.attribs.href) return "excludeTag";
      return false;
    },
  });
  return sanitized.replace(
    /<a href="([^"]*)" data-mail-video="([A-Za-z0-9_-]{11})">[^<]*<\/a>/g,
    (_match, href: string, id: string) => videoBlock(href, id),
  );
}

/** An address as a mail client must have it: absolute, http(s) or mailto, or null. */
export function absoluteMailUrl(value: string | undefined, siteUrl: string): string | null {
  // Browsers drop tabs and line breaks anywhere in a URL before reading it.
  const trimmed = (value ?? "").replace(/[\t\n\r]/g, "").trim();
  if (trimmed === "" || /^[/\\]{2}/.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(trimmed, `${siteUrl}/`);
  } catch {
    return null;
  }
  if (!["http:", "https:", "mailto:"].includes(url.protocol)) return null;
  return url.toString();
}

function mailLink(attribs: Attributes, siteUrl: string): Attributes {
  const href = absoluteMailUrl(attribs.href, siteUrl);
  const result: Attributes = {};
  if (href) result.href = href;
  if (attribs.title) result.title = attribs.title;
  return result;
}

function mailImage(attribs: Attributes, siteUrl: string): Attributes {
  const src = absoluteMailUrl(attribs.src, siteUrl);
  if (!src || src.startsWith("mailto:")) return {};
  const result: Attributes = { src, alt: attribs.alt ?? "" };
  const width = Number(attribs.width);
  const height = Number(attribs.height);
  if (Number.isInteger(width) && width > 0) {
    const shown = Math.min(width, MAIL_CONTENT_WIDTH);
    result.width = String(shown);
    if (Number.isInteger(height) && height > 0) {
      result.height = String(Math.round((height * shown) / width));
    }
  } else {
    result.width = String(MAIL_CONTENT_WIDTH);
  }
  return result;
}

/** A YouTube frame as a link to the video (marked for videoBlock); any other frame is dropped. */
function videoLink(attribs: Attributes): sanitizeHtml.Tag {
  const id = parseYouTubeId(attribs.src);
  if (!id) return { tagName: "iframe", attribs: {} };
  return {
    tagName: "a",
    attribs: { href: `https://www.youtube.com/watch?v=${id}`, [VIDEO_MARK]: id },
    text: "Watch the video",
  };
}

function videoBlock(href: string, id: string): string {
  return [
    `<p class="video"><a class="video-picture" href="${href}">`,
    `<img src="${escapeMarkup(youTubeThumbnailUrl(id))}" alt="Watch the video on YouTube" width="${MAIL_CONTENT_WIDTH}" height="${Math.round((MAIL_CONTENT_WIDTH * 3) / 4)}">`,
    `</a><br><a href="${href}">Watch the video</a></p>`,
  ].join("");
}

/**
 * mailSafeHtml for the feed, remembered per HTML: a feed reader is as little the site as a mail
 * client is. The feed asks for the same 20 posts on every request, so each post's HTML is
 * converted once while it stays the same (an edited post, or a card's item retitled, is a new
 * entry). Room for two feeds' worth; beyond that the oldest entries go first.
 */
const feedHtmlCache = new Map<string, string>();
const FEED_HTML_CACHE_SIZE = 40;

export function feedHtml(html: string, siteUrl: string): string {
  const key = `${siteUrl}\n${html}`;
  let safe = feedHtmlCache.get(key);
  if (safe === undefined) {
    safe = mailSafeHtml(html, siteUrl);
    if (feedHtmlCache.size >= FEED_HTML_CACHE_SIZE) {
      feedHtmlCache.delete(feedHtmlCache.keys().next().value as string);
    }
    feedHtmlCache.set(key, safe);
  }
  return safe;
}
