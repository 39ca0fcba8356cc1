import { setTimeout as sleep } from "node:timers/promises";
import type { Config } from "#server/config/env.server.ts";
import { logger } from "#server/config/logger.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { describeError } from "#server/errors.ts";
import { confirmationMessage } from "#server/mail/confirmation-mail.server.ts";
import { MailError, type Mailer } from "#server/mail/mailer.server.ts";
import { currentSiteSettings } from "#server/services/site-settings.server.ts";
import {
  type ConfirmationClaim,
  claimConfirmation,
  releaseConfirmation,
} from "#server/services/subscriber-consent.server.ts";
import { confirmationUrl } from "#server/services/subscriber-links.server.ts";
import { paceInterval, takeSlot } from "./newsletter-pace.server.ts";

// The double opt-in mail (docs/decisions/027-double-opt-in-and-unsubscribe.md). Requests and
// imports only queue an address; one worker per process sends the queue's mails one after the
// other, after the request has been answered, so neither the time a subscribe takes nor an
// import's size depends on the mail server. Each mail takes its slot in the site's sending pace
// (MAIL_RATE_PER_MINUTE, shared with newsletters: newsletter-pace.server.ts), and a person who
// typed their address goes ahead of the addresses of an import or of the upkeep job.

/** Addresses a process keeps waiting; beyond, the upkeep job finds them later (never mailed). */
const MAX_QUEUED = 20_000;

export type ConfirmationSender = {
  /**
   * Queues the confirmation of these addresses; each is mailed only if it may be (claim).
   * `bulk` (an import, the upkeep job) queues them behind every address from the form.
   */
  enqueue: (emails: readonly string[], options?: { bulk?: boolean }) => void;
  /** Resolves once the queue is empty and nothing is being sent. */
  idle: () => Promise<void>;
  /**
   * At shutdown: forgets the queue (its rows stay pending with no mail sent, and the upkeep job
   * of the next start queues them again), takes no more, and waits for the mail being sent.
   */
  stop: () => Promise<void>;
};

/**
 * The confirmation sender of a server process, made once at start-up (ServerContext's
 * `confirmations`): it sends through `mailer`, the process's own.
 */
export function createConfirmationSender({
  db,
  config,
  mailer,
}: {
  db: Db;
  config: Config;
  mailer: Mailer;
}): ConfirmationSender {
  const queues = { form: [] as string[], bulk: [] as string[] };
  const queued = new Set<string>();
  let running: Promise<void> | null = null;
  let stopped = false;
  const halt = new AbortController();

  /** Waits for this mail's slot in the site's pace; false when the sender stopped meanwhile. */
  const paced = async (): Promise<boolean> => {
    const { ratePerMinute } = config.mail;
    if (ratePerMinute <= 0) return true;
    const slot = await takeSlot(db, paceInterval(ratePerMinute));
    const wait = slot - Date.now();
    if (wait > 0) {
      await sleep(wait, undefined, { signal: halt.signal }).catch(() => undefined);
    }
    return !halt.signal.aborted;
  };

  const sendOne = async (email: string) => {
    let claim: ConfirmationClaim | null = null;
    try {
      claim = await claimConfirmation(db, email);
      if (!claim) return;
      if (!(await paced())) {
        // Stopping: the address stays pending with no mail sent, for the upkeep job to queue.
        await releaseConfirmation(db, claim);
        return;
      }
      const { companyName } = await currentSiteSettings(db, config.siteDefaults);
      const link = confirmationUrl(
        { siteUrl: config.siteUrl, secret: config.sessionSecret },
        claim.id,
      );
      await mailer.send(confirmationMessage({ to: claim.email, link, companyName }));
    } catch (error) {
      const temporary = !(error instanceof MailError) || error.temporary;
      logger.error(
        `The confirmation mail to ${email} was not sent (${describeError(error)}); ${
          temporary ? "a new request or the next upkeep run tries again" : "the address refused it"
        }.`,
      );
      // A permanent refusal (5xx) keeps its time: only a new request, 10 minutes on, tries again.
      if (claim && temporary) {
        await releaseConfirmation(db, claim).catch((release: unknown) => {
          logger.error(`Could not release the confirmation of ${email}: ${describeError(release)}`);
        });
      }
    }
  };

  const next = () => queues.form.shift() ?? queues.bulk.shift();
  const kick = () => {
    if (running || queued.size === 0) return;
    running = work().finally(() => {
      running = null;
      kick();
    });
  };

  const work = async () => {
    for (let email = next(); email !== undefined; email = next()) {
      queued.delete(email);
      await sendOne(email);
    }
  };

  return {
    enqueue: (emails, { bulk = false } = {}) => {
      if (stopped) return;
      const queue = bulk ? queues.bulk : queues.form;
      for (const email of emails) {
        if (queued.has(email)) {
          // Someone typed an address an import had queued: it moves ahead with them.
          const waiting = bulk ? -1 : queues.bulk.indexOf(email);
          if (waiting >= 0) queue.push(...queues.bulk.splice(waiting, 1));
          continue;
        }
        if (queued.size >= MAX_QUEUED) continue;
        queued.add(email);
        queue.push(email);
      }
      kick();
    },
    idle: async () => {
      while (running) await running;
    },
    stop: async () => {
      stopped = true;
      halt.abort();
      queues.form.length = 0;
      queues.bulk.length = 0;
      queued.clear();
      while (running) await running;
    },
  };
}
