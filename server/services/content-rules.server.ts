import { type ExpressionBuilder, type RawBuilder, sql } from "kysely";
import { MAX_LIST_LIMIT, STUDIO_FILTER_KEYS } from "#common/constants.ts";
import type { Database } from "#server/db/tables.ts";

/**
 * The content rules of docs/product.md#statuses-and-visibility and #portfolio-items, as pure
 * functions and as the matching SQL, so the API, the page loaders and the jobs apply them
 * identically.
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

/** The statuses a publicly visible post can have: the only ones `publiclyVisible` admits. */
export const PUBLIC_STATUSES = ["published", "scheduled"] as const;

/** The same rule as a WHERE clause over `posts`. */
export function publiclyVisible(now: Date | string) {
  const nowIso = typeof now === "string" ? now : now.toISOString();
  return (eb: ExpressionBuilder<Database, "posts">) =>
    eb.or([
      eb("posts.status", "=", "published"),
      eb.and([eb("posts.status", "=", "scheduled"), eb("posts.scheduledAt", "<=", nowIso)]),
    ]);
}

/**
 * Who is looking: the public sees published and due scheduled posts; staff see every post
 * (docs/product.md#who-may-do-what: drafts are visible to them everywhere).
 */
export type Audience = "public" | "staff";

/** The WHERE clause for what `audience` may see (`now` may also be an ISO timestamp). */
export function visibleTo(audience: Audience, now: Date | string) {
  if (audience === "public") return publiclyVisible(now);
  return (eb: ExpressionBuilder<Database, "posts">) => eb.lit(true);
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

/**
 * The time a post went public, as SQL, the key of every public list (docs/product.md#posts):
 * its publishedAt; for a scheduled post that has none, its scheduledAt, which is what
 * effectiveState shows for a due one until the sweep writes it into publishedAt; else its
 * createdAt, so the key is never NULL (the two databases sort NULL to opposite ends). For a
 * published post this is the publishedAt the pages show. Migration 0005 indexes exactly this
 * expression, and the planners use an expression index only for the same expression: change
 * both together.
 */
export function publicationTime(): RawBuilder<string> {
  return sql<string>`coalesce(${sql.ref("posts.publishedAt")}, ${sql.ref("posts.scheduledAt")}, ${sql.ref("posts.createdAt")})`;
}

/** packType -> the studio filter key (world, "Skin Pack", "Addon"); other values pass through. */
export function studioFilterKey(packType: string | null): string | null {
  if (packType === null) return null;
  // Own keys only: packType is free text, and "constructor" must not find Object's.
  return Object.hasOwn(STUDIO_FILTER_KEYS, packType)
    ? (STUDIO_FILTER_KEYS[packType] ?? packType)
    : packType;
}

/** Newest first by creation time; the id breaks ties so pages are stable. */
export function newestFirst<T extends { createdAt: string; id: string }>(rows: T[]): T[] {
  // Compare instants, not strings: "…T01:00:00+01:00" and "…T00:00:00.000Z" are a tie.
  return [...rows].sort(
    (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id.localeCompare(a.id),
  );
}

/** Clamps an optional requested limit to 1…MAX_LIST_LIMIT (undefined means the maximum). */
export function effectiveLimit(limit: number | undefined): number {
  if (limit === undefined || Number.isNaN(limit)) return MAX_LIST_LIMIT;
  return Math.max(1, Math.min(MAX_LIST_LIMIT, Math.trunc(limit)));
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
