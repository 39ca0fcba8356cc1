import { type ExpressionBuilder, type RawBuilder, sql } from "kysely";
import { MAX_LIST_LIMIT } from "#common/constants.ts";
import type { Database } from "#server/db/tables.ts";

/**
 * The content rules of docs/product/content-model.md#statuses-and-visibility and #portfolio-items
 * as SQL, matching the pure functions of #common/content-rules.ts, so the
 * API, the page loaders and the jobs apply them identically.
 */

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
 * (docs/product/access.md#who-may-do-what: drafts are visible to them everywhere).
 */
export type Audience = "public" | "staff";

/** The WHERE clause for what `audience` may see (`now` may also be an ISO timestamp). */
export function visibleTo(audience: Audience, now: Date | string) {
  if (audience === "public") return publiclyVisible(now);
  return (eb: ExpressionBuilder<Database, "posts">) => eb.lit(true);
}

/**
 * The time a post went public, as SQL, the key of every public list
 * (docs/product/content-model.md#posts): its publishedAt; for a scheduled post that has none, its
 * scheduledAt, which is what effectiveState shows for a due one until the sweep writes it into
 * publishedAt; else its createdAt, so the key is never NULL (the two databases sort NULL to
 * opposite ends). For a published post this is the publishedAt the pages show. Migration 0005
 * indexes exactly this expression, and the planners use an expression index only for the same
 * expression: change both together.
 */
export function publicationTime(): RawBuilder<string> {
  return sql<string>`coalesce(${sql.ref("posts.publishedAt")}, ${sql.ref("posts.scheduledAt")}, ${sql.ref("posts.createdAt")})`;
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
