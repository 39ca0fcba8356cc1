import { logger } from "#server/config/logger.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { pruneDeliveryLog } from "#server/services/webhook-deliveries.server.ts";
import { type PeriodicJob, startPeriodicJob } from "./periodic-job.server.ts";

/** How often old webhook deliveries are cleared away. */
export const WEBHOOK_UPKEEP_INTERVAL_MS = 60 * 60 * 1000;

/** The upkeep's lease name: one process at a time runs it on a database (job-lease.server.ts). */
export const WEBHOOK_UPKEEP_JOB = "webhook-upkeep";

/** Deletes webhook deliveries and events older than 30 days, now and then every `intervalMs`. */
export function startWebhookUpkeep(
  db: Db,
  { intervalMs = WEBHOOK_UPKEEP_INTERVAL_MS }: { intervalMs?: number } = {},
): PeriodicJob {
  return startPeriodicJob(db, {
    name: WEBHOOK_UPKEEP_JOB,
    intervalMs,
    run: () => pruneDeliveryLog(db),
    ran: (deleted) => {
      if (deleted > 0) logger.info(`Deleted ${deleted} webhook deliveries older than 30 days.`);
    },
    failure: "The webhooks' upkeep failed",
  });
}
