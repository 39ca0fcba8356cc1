import type { Expression, SqlBool } from "kysely";
import type { DashboardStats } from "#common/types/stats.ts";
import type { Db } from "#server/db/db.server.ts";
import { publiclyVisible } from "./content-rules.server.ts";

/**
 * The dashboard overview's counters (common/types/stats.ts), from one pass over `posts`.
 * "published" applies the visibility rule at `now`, so a scheduled post whose time has come
 * counts as published even before the sweep flips its status.
 */
export async function getDashboardStats(db: Db, now = new Date()): Promise<DashboardStats> {
  const nowIso = now.toISOString();
  // count(CASE WHEN … THEN 1 END) counts the rows that match and is 0, not NULL, on an empty
  // table; it reads the same on SQLite and PostgreSQL. PostgreSQL returns counts as strings.
  const row = await db
    .selectFrom("posts")
    .select((eb) => {
      const countWhere = (condition: Expression<SqlBool>) =>
        eb.fn.count<number | string>(eb.case().when(condition).then(eb.lit(1)).end());
      return [
        eb.fn.countAll<number | string>().as("totalPosts"),
        countWhere(publiclyVisible(now)(eb)).as("published"),
        countWhere(eb("posts.status", "=", "draft")).as("drafts"),
        countWhere(
          eb.and([
            eb("posts.status", "=", "scheduled"),
            // No time set yet means not due either.
            eb.or([eb("posts.scheduledAt", "is", null), eb("posts.scheduledAt", ">", nowIso)]),
          ]),
        ).as("scheduled"),
        countWhere(eb("posts.category", "=", "marketplace-content")).as("marketplace"),
        countWhere(eb("posts.category", "=", "news")).as("news"),
        countWhere(eb("posts.category", "=", "youtube")).as("youtube"),
      ];
    })
    .executeTakeFirstOrThrow();
  return {
    totalPosts: Number(row.totalPosts),
    published: Number(row.published),
    drafts: Number(row.drafts),
    scheduled: Number(row.scheduled),
    marketplace: Number(row.marketplace),
    news: Number(row.news),
    youtube: Number(row.youtube),
  };
}
