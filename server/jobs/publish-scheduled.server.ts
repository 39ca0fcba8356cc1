import { logger } from "#server/config/logger.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { handOverPlannedNewsletters } from "#server/services/newsletter-plans.server.ts";
import type { NewsletterSite } from "#server/services/post-newsletter.server.ts";
import { getPostById } from "#server/services/post-rows.server.ts";
import {
  hasWebhookTakers,
  queueDueLaunches,
  queuePostEvents,
} from "#server/services/webhook-events.server.ts";
import { type PeriodicJob, startPeriodicJob } from "./periodic-job.server.ts";

/** How often the sweep runs. Visibility never waits for it (content-rules.server.ts). */
export const PUBLISH_SWEEP_INTERVAL_MS = 30_000;

/** The sweep's lease name: one process at a time sweeps a database (job-lease.server.ts). */
export const PUBLISH_SWEEP_JOB = "publish-scheduled";

/**
 * Flips every scheduled post whose time has come to published, with its scheduled time as its
 * publication time (unless it was published before), and answers how many it flipped. One
 * UPDATE, so server processes sweeping one database at once cannot flip a post twice or
 * differently; the `post.published` webhook events of the posts it flipped are recorded in the
 * same transaction (docs/decisions/037-webhooks.md). updatedAt stays: nobody edited the post, and
 * readers already saw it as published.
 */
export async function publishDuePosts(db: Db, now = new Date()): Promise<number> {
  const due = await db
    .selectFrom("posts")
    .select("id")
    .where("status", "=", "scheduled")
    .where("scheduledAt", "<=", now.toISOString())
    .limit(1)
    .executeTakeFirst();
  if (!due) return 0;
  // Without an endpoint to tell, the flip stays one statement (no transaction held open).
  if (!(await hasWebhookTakers(db, ["post.published", "marketplace.launched"]))) {
    return (await flipDuePosts(db, now)).length;
  }
  return db.transaction().execute(async (trx) => {
    const flipped = await flipDuePosts(trx, now);
    for (const { id } of flipped) {
      const post = await getPostById(trx, id);
      const before = post && { ...post, status: "scheduled" };
      if (post && before) await queuePostEvents(trx, { before, after: post, now });
    }
    return flipped.length;
  });
}

function flipDuePosts(db: Db, now: Date) {
  return db
    .updateTable("posts")
    .set((eb) => ({
      status: "published",
      publishedAt: eb.fn.coalesce("publishedAt", "scheduledAt"),
    }))
    .where("status", "=", "scheduled")
    .where("scheduledAt", "<=", now.toISOString())
    .returning("id")
    .execute();
}

/**
 * Runs publishDuePosts now and then every `intervalMs` (periodic-job.server.ts), each time
 * followed by the hand-off of the newsletters planned for the posts' publication
 * (newsletter-plans.server.ts): when several processes share the database, a sweep that finds
 * another process sweeping skips its turn. Each post it flips, and each newsletter it starts, is
 * logged once, by the process that did it.
 */
export function startScheduledPublishing(
  db: Db,
  site: NewsletterSite,
  { intervalMs = PUBLISH_SWEEP_INTERVAL_MS }: { intervalMs?: number } = {},
): PeriodicJob {
  return startPeriodicJob(db, {
    name: PUBLISH_SWEEP_JOB,
    intervalMs,
    run: async () => {
      const published = await publishDuePosts(db);
      return {
        published,
        mailed: await handOverPlannedNewsletters(db, site),
        launched: await queueDueLaunches(db),
      };
    },
    ran: ({ published, mailed, launched }) => {
      if (published > 0) {
        logger.info(`Published ${published} scheduled post(s) whose time had come.`);
      }
      if (mailed > 0) {
        logger.info(`Started the newsletter of ${mailed} post(s) that went live.`);
      }
      if (launched > 0) logger.info(`Announced ${launched} marketplace item(s) that went live.`);
    },
    failure: "Publishing scheduled posts failed",
  });
}
