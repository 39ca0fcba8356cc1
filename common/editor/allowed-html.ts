/**
 * The HTML a post may contain: exactly what the rich-text editor produces (its toolbar plus
 * links, images with alt text and YouTube embeds; docs/product/content-model.md#post-html,
 * docs/product/departures.md#link-button-and-alt-text). The editor configures its extensions from
 * these lists and the server's sanitizer allows nothing else, so what staff see while editing is
 * what visitors get.
 *
 * Pure data and pure functions: this module runs in the browser and on the server.
 */

/** Heading levels the editor offers (h1 to h3). */
export const EDITOR_HEADING_LEVELS = [1, 2, 3] as const;

/**
 * Every element the editor writes, and the element each editor feature writes it with:
 * paragraph p; bold strong (b is read as bold); italic em (i is read as italic); headings
 * h1-h3; bullet list ul/li; ordered list ol/li; blockquote; inline code; hard break br;
 * link a; image img; YouTube embed div[data-youtube-video] > iframe; marketplace item card
 * a[data-marketplace-item]; image gallery div[data-image-gallery] > figure > img, figcaption
 * (common/editor/embed-markup.ts).
 */
export const EDITOR_ALLOWED_TAGS = [
  "p",
  "strong",
  "b",
  "em",
  "i",
  "h1",
  "h2",
  "h3",
  "ul",
  "ol",
  "li",
  "blockquote",
  "code",
  "br",
  "a",
  "img",
  "div",
  "iframe",
  "figure",
  "figcaption",
] as const;

/**
 * The YouTube embed's settings as the editor's YouTube extension writes them on the iframe
 * (lower-cased, as HTML serializes them). They mean nothing to a browser and are kept only so
 * that the embed reads back into the editor with the same settings.
 */
export const YOUTUBE_EMBED_SETTING_ATTRIBUTES = [
  "start",
  "autoplay",
  "cclanguage",
  "ccloadpolicy",
  "disablekbcontrols",
  "enableiframeapi",
  "endtime",
  "interfacelanguage",
  "ivloadpolicy",
  "loop",
  "modestbranding",
  "origin",
  "playlist",
  "progressbarcolor",
  "rel",
] as const;

/** The attributes each element may carry; anything else (style, class, id, on*…) is removed. */
export const EDITOR_ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ["href", "target", "rel", "title", "data-marketplace-item"],
  img: ["src", "alt", "title", "width", "height", "loading", "decoding"],
  ol: ["start", "type"],
  div: ["data-youtube-video", "data-image-gallery"],
  iframe: [
    "src",
    "title",
    "width",
    "height",
    "allow",
    "allowfullscreen",
    "frameborder",
    "loading",
    "referrerpolicy",
    ...YOUTUBE_EMBED_SETTING_ATTRIBUTES,
  ],
};

/** Attributes that keep an empty value (`alt=""` marks a decorative image). */
export const EDITOR_EMPTY_ATTRIBUTES = [
  "alt",
  "data-youtube-video",
  "data-image-gallery",
  "allowfullscreen",
  "origin",
  "playlist",
] as const;

/** URL schemes a link may use. */
export const LINK_PROTOCOLS = ["http", "https", "mailto"] as const;

/** URL schemes an image may use, besides a path under {@link UPLOADS_PATH}. */
export const IMAGE_PROTOCOLS = ["http", "https"] as const;

/** Where uploaded images are served from; images may point there with a site-relative path. */
export const UPLOADS_PATH = "/uploads/";

/** rel keywords a link may carry; links that leave the site always get noopener and noreferrer. */
export const LINK_REL_KEYWORDS = [
  "noopener",
  "noreferrer",
  "nofollow",
  "ugc",
  "sponsored",
] as const;

/** Values of `<ol type>`. */
export const ORDERED_LIST_TYPES = ["1", "a", "A", "i", "I"] as const;

/** A base for resolving relative URLs when no site origin is known; never a real host. */
const RELATIVE_BASE = "https://relative.invalid";

/** The scheme of a URL as a browser resolves it ("" when it cannot be parsed). */
function resolvedProtocol(value: string, base = RELATIVE_BASE): string {
  try {
    return new URL(value, base).protocol.slice(0, -1).toLowerCase();
  } catch {
    return "";
  }
}

/**
 * A link target the editor may write: an absolute http, https or mailto URL, or a link on this
 * site starting with "/", "#" or "?". Scheme tricks (entities are decoded before this is asked;
 * whitespace, control characters, upper case) are judged the way a browser resolves the URL.
 */
export function isAllowedLinkHref(href: string): boolean {
  // Browsers drop tabs and line breaks anywhere in a URL before reading it.
  const value = href.replace(/[\t\n\r]/g, "").trim();
  if (value === "") return false;
  if (/^[/#?]/.test(value)) {
    // "//host" and "/\host" leave the site (browsers read a backslash as a slash).
    return !/^[/\\]{2}/.test(value);
  }
  if (!/^(https?|mailto):/i.test(value)) return false;
  return (LINK_PROTOCOLS as readonly string[]).includes(resolvedProtocol(value));
}

/** An image source the editor may write: an absolute http(s) URL or a file under /uploads/. */
export function isAllowedImageSrc(src: string): boolean {
  const value = src.trim();
  if (value.startsWith("/")) return isUploadFilePath(value);
  if (!/^https?:\/\//i.test(value)) return false;
  return (IMAGE_PROTOCOLS as readonly string[]).includes(resolvedProtocol(value));
}

/** One file in the uploads folder: a plain name, no folders, no dot first, no ".." inside. */
const UPLOAD_FILE_PATH = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*$/;

/**
 * Whether a site-relative path names one uploaded file, "/uploads/{name}", judged on the path
 * the browser requests: the value is resolved as the URL parser does (dot segments, their
 * "%2e" forms and backslashes included) and must come out unchanged, with nothing but a plain
 * file name after /uploads/. So "/uploads/../api/logout", "/uploads/%2e%2e/api/logout",
 * "/uploads/..%2fapi", a backslash anywhere and "/uploads//host" all fail: each would request
 * another address, or one the uploads folder never serves.
 */
export function isUploadFilePath(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value, RELATIVE_BASE);
  } catch {
    return false;
  }
  if (url.origin !== RELATIVE_BASE || url.search !== "" || url.hash !== "") return false;
  return url.pathname === value && UPLOAD_FILE_PATH.test(url.pathname);
}

/** A frame source from YouTube's embed player: an 11-character video id, optionally with options. */
const EMBED_SRC =
  /^https:\/\/www\.youtube(?:-nocookie)?\.com\/embed\/[A-Za-z0-9_-]{11}(?:[?#][^\s"'<>\\]*)?$/;

export function isAllowedEmbedSrc(src: string): boolean {
  return EMBED_SRC.test(src);
}

/**
 * Whether a link stays on this site: a relative URL, or an absolute one on `siteUrl`'s origin.
 * mailto: and other non-web links are neither; callers treat them separately.
 */
export function isSiteLink(href: string, siteUrl?: string | null): boolean {
  const base = siteUrl || RELATIVE_BASE;
  try {
    const origin = new URL(base).origin;
    return new URL(href.trim(), base).origin === origin;
  } catch {
    return false;
  }
}
