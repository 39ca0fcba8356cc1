import sanitizeHtml from "sanitize-html";
import {
  EDITOR_ALLOWED_ATTRIBUTES,
  EDITOR_ALLOWED_TAGS,
  EDITOR_EMPTY_ATTRIBUTES,
  IMAGE_PROTOCOLS,
  isAllowedEmbedSrc,
  isAllowedImageSrc,
  isAllowedLinkHref,
  isSiteLink,
  LINK_PROTOCOLS,
  LINK_REL_KEYWORDS,
  ORDERED_LIST_TYPES,
} from "#common/editor/allowed-html.ts";
import {
  IMAGE_GALLERY_ATTRIBUTE,
  isMarketplaceItemId,
  MARKETPLACE_ITEM_ATTRIBUTE,
} from "#common/editor/embed-markup.ts";

export type SanitizePostHtmlOptions = {
  /**
   * The site's public origin (SITE_URL). Absolute links to it count as links inside the site
   * (no new tab); without it only relative links do.
   */
  siteUrl?: string | null;
};

type Attributes = Record<string, string>;

/**
 * Post HTML reduced to what the editor produces (common/editor/allowed-html.ts): any other
 * element, attribute, URL scheme or frame host is removed, so stored content can run no script.
 * Links that leave the site open in a new tab with rel="noopener noreferrer"; links inside the
 * site never get a target. Text survives; markup the editor writes survives as is. It runs when
 * post HTML is written (docs/decisions/010-sanitize-on-write.md), never when it is shown.
 */
export function sanitizePostHtml(html: string, options: SanitizePostHtmlOptions = {}): string {
  if (!html) return "";
  const { siteUrl = null } = options;
  // allowedEmptyAttributes is a sanitize-html option its type definitions do not list yet.
  const sanitizeOptions: sanitizeHtml.IOptions & { allowedEmptyAttributes: string[] } = {
    allowedTags: [...EDITOR_ALLOWED_TAGS],
    allowedAttributes: Object.fromEntries(
      Object.entries(EDITOR_ALLOWED_ATTRIBUTES).map(([tag, names]) => [tag, [...names]]),
    ),
    allowedEmptyAttributes: [...EDITOR_EMPTY_ATTRIBUTES],
    allowedClasses: {},
    allowedStyles: {},
    allowedSchemes: [...LINK_PROTOCOLS],
    allowedSchemesByTag: { img: [...IMAGE_PROTOCOLS], iframe: ["https"] },
    allowProtocolRelative: false,
    allowedIframeHostnames: ["www.youtube.com", "www.youtube-nocookie.com"],
    allowIframeRelativeUrls: false,
    // Elements whose content is code or markup, not text, disappear with their content.
    nonTextTags: ["script", "style", "textarea", "option", "noscript", "title", "template", "xmp"],
    disallowedTagsMode: "discard",
    parseStyleAttributes: false,
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: linkAttributes(attribs, siteUrl) }),
      img: (tagName, attribs) => ({ tagName, attribs: imageAttributes(attribs) }),
      // A frame's content is never shown by browsers; drop it rather than keep it as text.
      iframe: (tagName, attribs) => ({
        tagName,
        attribs: embedAttributes(attribs),
        text: "",
      }),
      ol: (tagName, attribs) => ({ tagName, attribs: orderedListAttributes(attribs) }),
      // The boxes' markers carry no value; the editor writes them empty.
      div: (tagName, attribs) => ({
        tagName,
        attribs: Object.fromEntries(Object.keys(attribs).map((name) => [name, ""])),
      }),
    },
    exclusiveFilter: (frame) => {
      // Whole element gone: an image or a frame with nothing (allowed) to show.
      if (frame.tag === "img" && !frame.attribs.src) return true;
      if (frame.tag === "iframe" && !frame.attribs.src) return true;
      // Tag gone, content kept: a link to nowhere, a box that is not a YouTube embed.
      if (frame.tag === "a" && !frame.attribs.href) return "excludeTag";
      if (frame.tag === "div" && !isEmbedBox(frame.attribs)) return "excludeTag";
      return false;
    },
  };
  return serializeLikeBrowser(sanitizeHtml(html, sanitizeOptions));
}

/** A box the editor writes: a YouTube embed or an image gallery (one of them, never both). */
function isEmbedBox(attribs: Attributes): boolean {
  return "data-youtube-video" in attribs !== IMAGE_GALLERY_ATTRIBUTE in attribs;
}

/**
 * A link's attributes; a marketplace item card's id is kept only as a UUID on a link that has
 * an address, and always first, where the editor writes it and the pages look for it.
 */
function linkAttributes(attribs: Attributes, siteUrl: string | null): Attributes {
  const result = plainLinkAttributes(attribs, siteUrl);
  const itemId = attribs[MARKETPLACE_ITEM_ATTRIBUTE];
  if (result.href === undefined || !isMarketplaceItemId(itemId)) return result;
  return { [MARKETPLACE_ITEM_ATTRIBUTE]: itemId, ...result };
}

/** Keeps a safe href; links leaving the site open in a new tab without access to this one. */
function plainLinkAttributes(attribs: Attributes, siteUrl: string | null): Attributes {
  const { href, title } = attribs;
  const result: Attributes = {};
  if (href === undefined || !isAllowedLinkHref(href)) {
    return title === undefined ? result : { title };
  }
  result.href = href;
  if (title !== undefined) result.title = title;
  const rel = relKeywords(attribs.rel);
  const isWebLink = !/^\s*mailto:/i.test(href);
  if (isWebLink && !isSiteLink(href, siteUrl)) {
    for (const keyword of ["noopener", "noreferrer"]) if (!rel.includes(keyword)) rel.push(keyword);
    // Keep the editor's attribute order: target and rel first when it wrote them first.
    return reorderLike(attribs, { ...result, target: "_blank", rel: rel.join(" ") });
  }
  if (rel.length > 0) result.rel = rel.join(" ");
  return reorderLike(attribs, result);
}

function relKeywords(rel: string | undefined): string[] {
  const allowed = LINK_REL_KEYWORDS as readonly string[];
  const keywords: string[] = [];
  for (const keyword of (rel ?? "").toLowerCase().split(/\s+/)) {
    if (allowed.includes(keyword) && !keywords.includes(keyword)) keywords.push(keyword);
  }
  return keywords;
}

function imageAttributes(attribs: Attributes): Attributes {
  const result: Attributes = { ...attribs };
  if (result.src === undefined || !isAllowedImageSrc(result.src)) delete result.src;
  for (const name of ["width", "height"]) {
    const value = result[name];
    if (value !== undefined && !/^\d{1,5}$/.test(value)) delete result[name];
  }
  if (result.loading !== undefined && !["lazy", "eager"].includes(result.loading)) {
    delete result.loading;
  }
  if (result.decoding !== undefined && !["async", "sync", "auto"].includes(result.decoding)) {
    delete result.decoding;
  }
  return result;
}

function embedAttributes(attribs: Attributes): Attributes {
  const result: Attributes = { ...attribs };
  if (result.src === undefined || !isAllowedEmbedSrc(result.src)) delete result.src;
  for (const name of ["width", "height"]) {
    const value = result[name];
    if (value !== undefined && !/^\d{1,5}%?$/.test(value)) delete result[name];
  }
  return result;
}

function orderedListAttributes(attribs: Attributes): Attributes {
  const result: Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    if (name === "start" && /^-?\d{1,9}$/.test(value)) result.start = value;
    if (name === "type" && (ORDERED_LIST_TYPES as readonly string[]).includes(value)) {
      result.type = value;
    }
  }
  return result;
}

/** `next`'s attributes in the order they had in `original`, new ones last. */
function reorderLike(original: Attributes, next: Attributes): Attributes {
  const ordered: Attributes = {};
  for (const name of Object.keys(original)) {
    const value = next[name];
    if (value !== undefined) ordered[name] = value;
  }
  return { ...ordered, ...next };
}

/**
 * Writes void elements and non-breaking spaces the way a browser serializes HTML (`<br>`,
 * `&nbsp;`), which is how the editor hands content over, so unchanged content round-trips
 * byte for byte. Safe on the sanitizer's output: there every `>` inside text or an attribute
 * value is escaped, so " />" can only end a tag.
 */
function serializeLikeBrowser(html: string): string {
  return html.replace(/ \/>/g, ">").replace(/\u00a0/g, "&nbsp;");
}

/** An image or frame start tag of sanitized HTML, its attributes in group 2. */
const MEDIA_TAG = /<(img|iframe)\b([^>]*)>/g;
/** One attribute of a sanitized start tag: values are always double-quoted, `"` escaped. */
const ATTRIBUTE_NAME = /\s([^\s="]+)(?:="[^"]*")?/g;

/**
 * For display: images and embeds without a `loading` attribute get `loading="lazy"` (post
 * content sits below the page header). A string pass, cheap enough for every render, and only
 * for HTML `sanitizePostHtml` wrote: there a `<` or `>` outside markup is always escaped and
 * every attribute value is double-quoted, so the pattern sees whole tags and whole attributes.
 * The stored HTML stays what the editor wrote.
 */
export function lazyLoadMedia(sanitizedHtml: string): string {
  return sanitizedHtml.replace(MEDIA_TAG, (tag, name: string, attributes: string) => {
    for (const match of attributes.matchAll(ATTRIBUTE_NAME)) {
      if (match[1]?.toLowerCase() === "loading") return tag;
    }
    return `<${name}${attributes} loading="lazy">`;
  });
}
