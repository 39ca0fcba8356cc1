import { STUDIO_FILTER_KEYS } from "./constants.ts";

/**
 * The content rules of docs/product/content-model.md#statuses-and-visibility and #portfolio-items
 * that need no database: what a reader sees of a post, a pack's studio filter, a post's text. The
 * matching SQL is server/services/content-rules.server.ts; presenters, services and pages apply
 * these alike.
 */

type Visible = { status: string; scheduledAt: string | null };

/** A post is public when published, or scheduled with its time at or before `now`. */
export function isPubliclyVisible(post: Visible, now: Date): boolean {
  if (post.status === "published") return true;
  return (
    post.status === "scheduled" &&
    post.scheduledAt !== null &&
    Date.parse(post.scheduledAt) <= now.getTime()
  );
}

/**
 * The status a reader should see: a scheduled post whose time has come is published, even
 * before the sweep has flipped it, and its publication time is its scheduled time.
 */
export function effectiveState(
  post: Visible & { publishedAt: string | null },
  now: Date,
): { status: string; publishedAt: string | null } {
  if (post.status === "scheduled" && isPubliclyVisible(post, now)) {
    return { status: "published", publishedAt: post.publishedAt ?? post.scheduledAt };
  }
  return { status: post.status, publishedAt: post.publishedAt };
}

/** packType -> the studio filter key (world, "Skin Pack", "Addon"); other values pass through. */
export function studioFilterKey(packType: string | null): string | null {
  if (packType === null) return null;
  // Own keys only: packType is free text, and "constructor" must not find Object's.
  return Object.hasOwn(STUDIO_FILTER_KEYS, packType)
    ? (STUDIO_FILTER_KEYS[packType] ?? packType)
    : packType;
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  "#39": "'",
};

// A tag ends at the first ">" outside quotes: serialized HTML leaves ">" unescaped in
// attribute values (alt="5 > 3").
const TAG = /<(?:[^>"']|"[^"]*"|'[^']*')*>/g;

/**
 * Post HTML as readable plain text (the portfolio's fullDescription). Runs of blanks become one
 * space; a lone space is left as it is rather than rewritten.
 */
export function htmlToPlainText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<\/(p|div|h[1-6]|li|blockquote|pre|tr)>|<br\s*\/?>/gi, "\n")
    .replace(TAG, "")
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (entity, name: string) => {
      const lower = name.toLowerCase();
      if (lower.startsWith("#x")) return fromCodePoint(Number.parseInt(lower.slice(2), 16));
      if (lower.startsWith("#") && lower !== "#39")
        return fromCodePoint(Number.parseInt(lower.slice(1), 10));
      return Object.hasOwn(ENTITIES, lower) ? (ENTITIES[lower] ?? entity) : entity;
    })
    .replace(/[ \t]{2,}|\t/g, " ")
    .replace(/\s*\n\s*/g, "\n")
    .trim();
}

/**
 * A numeric character reference's character, as browsers decode it: NUL, surrogates and numbers
 * beyond Unicode become U+FFFD (String.fromCodePoint would throw and fail the whole list).
 */
function fromCodePoint(code: number): string {
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return "\uFFFD";
  return String.fromCodePoint(code);
}
