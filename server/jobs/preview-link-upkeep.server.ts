import { logger } from "#server/config/logger.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { pruneEndedPreviewLinks } from "#server/services/preview-links.server.ts";
import { type PeriodicJob, startPeriodicJob } from "./periodic-job.server.ts";

/** How often ended preview links are cleared away. */
export const PREVIEW_LINK_UPKEEP_INTERVAL_MS = 60 * 60 * 1000;

/** The upkeep's lease name: one process at a time runs it on a database (job-lease.server.ts). */
export const PREVIEW_LINK_UPKEEP_JOB = "preview-link-upkeep";

/**
 * Deletes preview links that expired or were revoked more than 30 days ago, now and then every
 * `intervalMs`, under the job's lease (periodic-job.server.ts).
 */
export function startPreviewLinkUpkeep(
  db: Db,
  { intervalMs = PREVIEW_LINK_UPKEEP_INTERVAL_MS }: { intervalMs?: number } = {},
): PeriodicJob {
  return startPeriodicJob(db, {
    name: PREVIEW_LINK_UPKEEP_JOB,
    intervalMs,
    run: () => pruneEndedPreviewLinks(db),
    ran: (deleted) => {
      if (deleted > 0)
        logger.info(`Deleted ${deleted} preview link(s) that ended over 30 days ago.`);
    },
    failure: "The preview links' upkeep failed",
  });
}
