import type { Db } from "#server/db/db.server.ts";

/**
 * The scheduled-publishing job's queue: posts waiting to be published, and how many of them are
 * already due (their time has come and the sweep has not flipped them yet). Due posts are
 * public already (content-rules.server.ts); a due count that stays above 0 says the sweep is
 * not running.
 */
export async function countScheduledPosts(
  db: Db,
  now = new Date(),
): Promise<{ waiting: number; due: number }> {
  const row = await db
    .selectFrom("posts")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("waiting"),
      eb.fn
        .count<number | string>(
          eb.case().when("scheduledAt", "<=", now.toISOString()).then(1).end(),
        )
        .as("due"),
    ])
    .where("status", "=", "scheduled")
    .executeTakeFirstOrThrow();
  return { waiting: Number(row.waiting), due: Number(row.due) };
}
