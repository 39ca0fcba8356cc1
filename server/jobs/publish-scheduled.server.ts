import { logger } from "#server/config/logger.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { runWithLease } from "./job-lease.server.ts";

/** How often the sweep runs. Visibility never waits for it (content-rules.server.ts). */
export const PUBLISH_SWEEP_INTERVAL_MS = 30_000;

/** The sweep's lease name: one process at a time sweeps a database (job-lease.server.ts). */
export const PUBLISH_SWEEP_JOB = "publish-scheduled";

/**
 * Flips every scheduled post whose time has come to published, with its scheduled time as its
 * publication time (unless it was published before), and answers how many it flipped. One
 * UPDATE, so server processes sweeping one database at once cannot flip a post twice or
 * differently. updatedAt stays: nobody edited the post, and readers already saw it as published.
 */
export async function publishDuePosts(db: Db, now = new Date()): Promise<number> {
  const result = await db
    .updateTable("posts")
    .set((eb) => ({
      status: "published",
      publishedAt: eb.fn.coalesce("publishedAt", "scheduledAt"),
    }))
    .where("status", "=", "scheduled")
    .where("scheduledAt", "<=", now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export type ScheduledPublishing = {
  /** Stops the timer and waits for a sweep in progress, so the database can then be closed. */
  stop: () => Promise<void>;
};

/**
 * Runs publishDuePosts now and then every `intervalMs`, under the job's lease: when several
 * processes share the database, a sweep that finds another process sweeping skips its turn. Each
 * post it flips is logged once, by the process that flipped it. A failed sweep is logged and the
 * next one tries again; the timer never keeps the process alive by itself.
 */
export function startScheduledPublishing(
  db: Db,
  { intervalMs = PUBLISH_SWEEP_INTERVAL_MS }: { intervalMs?: number } = {},
): ScheduledPublishing {
  let running: Promise<void> | null = null;
  let stopped = false;
  const sweep = () => {
    if (running || stopped) return;
    running = runWithLease(db, PUBLISH_SWEEP_JOB, () => publishDuePosts(db))
      .then((outcome) => {
        if (outcome.ran && outcome.value > 0) {
          logger.info(`Published ${outcome.value} scheduled post(s) whose time had come.`);
        }
      })
      .catch((error: unknown) => {
        logger.error(`Publishing scheduled posts failed: ${describe(error)}`);
      })
      .finally(() => {
        running = null;
      });
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
