import type { Options, Store } from "express-rate-limit";
import { sql } from "kysely";
import { logger } from "#server/config/logger.server.ts";
import type { Db } from "./db.server.ts";

/**
 * Fixed-window counters kept in the database, so a limit holds across restarts and across
 * every server process that shares the database.
 */
export class DatabaseRateLimitStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  #db: Db;
  #now: () => number;
  #windowMs = 60_000;
  #lastSweep = 0;

  /** `now` is the clock windows are counted by (milliseconds, as Date.now). */
  constructor(db: Db, prefix: string, { now = Date.now }: { now?: () => number } = {}) {
    this.#db = db;
    this.#now = now;
    this.prefix = `${prefix}:`;
  }

  init(options: Options) {
    this.#windowMs = options.windowMs;
  }

  async increment(key: string) {
    const now = new Date(this.#now());
    const nowIso = now.toISOString();
    const resetIso = new Date(now.getTime() + this.#windowMs).toISOString();
    // One statement on both databases: start a new window when the old one is over,
    // otherwise count one more hit in it.
    const row = await this.#db
      .insertInto("rate_limits")
      .values({ key: this.prefix + key, hits: 1, resetAt: resetIso })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet({
          hits: sql`case when rate_limits."resetAt" <= ${nowIso} then 1 else rate_limits.hits + 1 end`,
          resetAt: sql`case when rate_limits."resetAt" <= ${nowIso} then excluded."resetAt" else rate_limits."resetAt" end`,
        }),
      )
      .returning(["hits", "resetAt"])
      .executeTakeFirstOrThrow();
    this.#sweepExpired(now);
    return { totalHits: Number(row.hits), resetTime: new Date(row.resetAt) };
  }

  async decrement(key: string) {
    await this.#db
      .updateTable("rate_limits")
      .set({ hits: sql`case when hits > 0 then hits - 1 else 0 end` })
      .where("key", "=", this.prefix + key)
      .execute();
  }

  async resetKey(key: string) {
    await this.#db
      .deleteFrom("rate_limits")
      .where("key", "=", this.prefix + key)
      .execute();
  }

  /** Drops finished windows now and then, so the table holds only live counters. */
  #sweepExpired(now: Date) {
    if (now.getTime() - this.#lastSweep < this.#windowMs) return;
    this.#lastSweep = now.getTime();
    this.#db
      .deleteFrom("rate_limits")
      .where("resetAt", "<", now.toISOString())
      .execute()
      .catch((error: unknown) => logger.error({ err: error }, "Rate-limit sweep failed"));
  }
}
