import { setTimeout as sleep } from "node:timers/promises";
import type { Config } from "#server/config/env.server.ts";
import { logger } from "#server/config/logger.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { describeError } from "#server/errors.ts";
import { confirmationMessage } from "#server/mail/confirmation-mail.server.ts";
import { MailError, type Mailer } from "#server/mail/mailer.server.ts";
import {
  type ConfirmationAllowance,
  confirmationLimitKey,
  giveBackConfirmationAllowance,
  takeConfirmationAllowance,
} from "#server/services/confirmation-mail-limits.server.ts";
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

/** The right to send one confirmation: its row's claim and its recipient's place in the limit. */
type TakenMail = { claim: ConfirmationClaim; allowance: ConfirmationAllowance };

/**
 * Takes the right to mail this address at `at`: its row's claim (pending, not mailed in the last
 * 10 minutes), then a place in its recipient's limit, which outlives the row. Held back by the
 * limit, the row stays pending and unmailed, for a later request or the upkeep job.
 */
async function takeMail(
  db: Db,
  secret: string,
  email: string,
  at: Date,
): Promise<TakenMail | null> {
  const claim = await claimConfirmation(db, email, at);
  if (!claim) return null;
  const key = confirmationLimitKey(secret, claim.email);
  const allowance = await takeConfirmationAllowance(db, key, at);
  if (!allowance) {
    await releaseConfirmation(db, claim);
    return null;
  }
  return { claim, allowance };
}

/** Gives both back after the mail could not be sent, so it may be tried again at once. */
async function giveBackMail(db: Db, { claim, allowance }: TakenMail): Promise<void> {
  await releaseConfirmation(db, claim);
  await giveBackConfirmationAllowance(db, allowance);
}

/** Waits for a mail's slot in the site's pace; false when `signal` stopped the wait. */
async function waitForSlot(db: Db, ratePerMinute: number, signal: AbortSignal): Promise<boolean> {
  if (ratePerMinute <= 0) return true;
  const slot = await takeSlot(db, paceInterval(ratePerMinute));
  const wait = slot - Date.now();
  if (wait > 0) await sleep(wait, undefined, { signal }).catch(() => undefined);
  return !signal.aborted;
}

/**
 * The confirmation sender of a server process, made once at start-up (ServerContext's
 * `confirmations`): it sends through `mailer`, the process's own. `now` is the clock the
 * per-address limits count by (a test's own moves time); the pace keeps to the real one.
 */
export function createConfirmationSender({
  db,
  config,
  mailer,
  now = Date.now,
}: {
  db: Db;
  config: Config;
  mailer: Mailer;
  now?: () => number;
}): ConfirmationSender {
  const queues = { form: [] as string[], bulk: [] as string[] };
  const queued = new Set<string>();
  let running: Promise<void> | null = null;
  let stopped = false;
  const halt = new AbortController();

  const sendOne = async (email: string) => {
    let taken: TakenMail | null = null;
    try {
      taken = await takeMail(db, config.sessionSecret, email, new Date(now()));
      if (!taken) return;
      if (!(await waitForSlot(db, config.mail.ratePerMinute, halt.signal))) {
        // Stopping: the address stays pending with no mail sent, for the upkeep job to queue.
        await giveBackMail(db, taken);
        return;
      }
      const { companyName } = await currentSiteSettings(db, config.siteDefaults);
      const link = confirmationUrl(
        { siteUrl: config.siteUrl, secret: config.sessionSecret },
        taken.claim.id,
      );
      await mailer.send(confirmationMessage({ to: taken.claim.email, link, companyName }));
    } catch (error) {
      const temporary = !(error instanceof MailError) || error.temporary;
      logger.error(
        `The confirmation mail to ${email} was not sent (${describeError(error)}); ${
          temporary ? "a new request or the next upkeep run tries again" : "the address refused it"
        }.`,
      );
      // A permanent refusal (5xx) keeps its time: only a new request, 10 minutes on, tries again.
      if (taken && temporary) {
        await giveBackMail(db, taken).catch((release: unknown) => {
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
