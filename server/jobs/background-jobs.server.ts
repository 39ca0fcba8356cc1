import type { Config } from "#server/config/env.server.ts";
import type { Db } from "#server/db/db.server.ts";
import type { ConfirmationSender } from "./confirmation-sender.server.ts";
import { startNewsletterWorker } from "./newsletter-worker.server.ts";
import { startPreviewLinkUpkeep } from "./preview-link-upkeep.server.ts";
import { startScheduledPublishing } from "./publish-scheduled.server.ts";
import { startSubscriberUpkeep } from "./subscriber-upkeep.server.ts";
import { startWebhookUpkeep } from "./webhook-upkeep.server.ts";
import { startWebhookWorker } from "./webhook-worker.server.ts";

/**
 * The background work of one server process: publishing due scheduled posts, the newsletter
 * worker, the mailing list's upkeep (which feeds the confirmation mails), the preview links', and the
 * webhook worker and its upkeep. Made once at
 * start-up (ServerContext's `jobs`), started once the server listens, stopped at shutdown.
 */
export type BackgroundJobs = {
  /** Starts every job; a second call does nothing. */
  start: () => void;
  /**
   * Stops them, each after the run or the copies it is handling (the upkeep's stop also stops the
   * confirmation mails, after the one being sent), so the database they use can be closed.
   */
  stop: () => Promise<void>;
};

export function backgroundJobs({
  db,
  config,
  confirmations,
}: {
  db: Db;
  config: Config;
  confirmations: ConfirmationSender;
}): BackgroundJobs {
  let running: ReadonlyArray<{ stop: () => Promise<void> }> = [];
  return {
    start: () => {
      if (running.length > 0) return;
      running = [
        startScheduledPublishing(db, config),
        startNewsletterWorker(db, config),
        // Purges unconfirmed addresses and mails confirmations that were never sent (decision 027).
        startSubscriberUpkeep(db, confirmations),
        // Deletes preview links a month after they ended (decision 034).
        startPreviewLinkUpkeep(db),
        // Sends the webhooks' deliveries, and deletes their log after 30 days (decision 037).
        startWebhookWorker(db, config),
        startWebhookUpkeep(db),
      ];
    },
    stop: async () => {
      await Promise.all(running.map((job) => job.stop()));
    },
  };
}
