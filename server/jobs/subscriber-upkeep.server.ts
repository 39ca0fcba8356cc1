import { logger } from "#server/config/logger.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { pruneConfirmationLimits } from "#server/services/confirmation-mail-limits.server.ts";
import {
  listUnsentConfirmations,
  purgeUnconfirmed,
} from "#server/services/subscriber-consent.server.ts";
import type { ConfirmationSender } from "./confirmation-sender.server.ts";
import { type PeriodicJob, startPeriodicJob } from "./periodic-job.server.ts";

/** How often the mailing list's upkeep runs. */
export const SUBSCRIBER_UPKEEP_INTERVAL_MS = 60 * 60 * 1000;

/** The upkeep's lease name: one process at a time runs it on a database (job-lease.server.ts). */
export const SUBSCRIBER_UPKEEP_JOB = "subscriber-upkeep";

/** Confirmations queued per run: the rest wait for the next run. */
const UNSENT_PER_RUN = 2_000;

/**
 * One run: deletes pending addresses older than 30 days, and queues the confirmation of pending
 * ones that never got it (an import whose process stopped before mailing them all, a mail the
 * server could not take, a mail the recipient's limit held back); drops the per-recipient
 * confirmation limits that no longer hold anything back. Answers how many it purged and queued.
 */
export async function keepSubscribers(
  db: Db,
  confirmations: ConfirmationSender,
  now = new Date(),
): Promise<{ purged: number; queued: number }> {
  const purged = await purgeUnconfirmed(db, now);
  await pruneConfirmationLimits(db, now);
  const unsent = await listUnsentConfirmations(db, UNSENT_PER_RUN);
  confirmations.enqueue(unsent, { bulk: true });
  return { purged, queued: unsent.length };
}

/**
 * Runs keepSubscribers now and then every `intervalMs`, under the job's lease, as the publishing
 * sweep does (periodic-job.server.ts). Stopping it also stops the confirmation mails, after the
 * one being sent.
 */
export function startSubscriberUpkeep(
  db: Db,
  confirmations: ConfirmationSender,
  { intervalMs = SUBSCRIBER_UPKEEP_INTERVAL_MS }: { intervalMs?: number } = {},
): PeriodicJob {
  const job = startPeriodicJob(db, {
    name: SUBSCRIBER_UPKEEP_JOB,
    intervalMs,
    run: () => keepSubscribers(db, confirmations),
    ran: ({ purged, queued }) => {
      if (purged > 0) {
        logger.info(`Deleted ${purged} unconfirmed newsletter address(es) older than 30 days.`);
      }
      if (queued > 0) logger.info(`Queued ${queued} confirmation mail(s) that had not been sent.`);
    },
    failure: "The mailing list's upkeep failed",
  });
  return {
    stop: async () => {
      await job.stop();
      await confirmations.stop();
    },
  };
}
