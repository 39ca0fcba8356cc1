import type { Config } from "#server/config/env.server.ts";
import { logger } from "#server/config/logger.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { isDeadlock } from "#server/db/dialect.server.ts";
import { describeError } from "#server/errors.ts";
import { createMailer, type Mailer } from "#server/mail/mailer.server.ts";
import { THIS_PROCESS } from "./job-lease.server.ts";
import { ClaimQueue, keepClaims } from "./newsletter-claims.server.ts";
import { releaseClaims } from "./newsletter-deliveries.server.ts";
import { OutcomeRecorder } from "./newsletter-record.server.ts";
import { CopySender } from "./newsletter-send.server.ts";

// The newsletter worker (docs/decisions/028-newsletter-sending.md). Each server process runs one:
// it claims due deliveries in small batches (newsletter-claims.server.ts), and hands them to the
// mail server in `lanes` (newsletter-send.server.ts), each one copy at a time, recording each
// copy's outcome before its next (newsletter-record.server.ts). So at any moment at most one copy
// per lane is handed over and not yet recorded, and a crash can send a second copy only of a
// message the mail server accepted in the instant before the crash (its 250 answer not yet
// recorded).

export type NewsletterWorkerOptions = {
  /** Who claims deliveries: this process by default. */
  holder?: string;
  /** Copies handed over at once, each on its own connection of the mailer's pool. */
  lanes?: number;
  /** Deliveries claimed per claim. */
  batchSize?: number;
  /** How long a claim lasts unless renewed (renewed every third of it while the process runs). */
  leaseMs?: number;
  /** How long an idle worker waits before looking for due deliveries again. */
  idleMs?: number;
  /** Hand-overs a copy gets in all before a temporary refusal counts as a failure. */
  maxAttempts?: number;
  /** The mailer; by default one of the worker's own with a pooled connection per lane. */
  mailer?: Mailer;
};

export type NewsletterWorker = {
  /** Looks for due deliveries now rather than at the next idle turn. */
  wake: () => void;
  /** Lets the copies being handed over finish and be recorded, gives back the rest, stops. */
  stop: () => Promise<void>;
};

export const NEWSLETTER_DEFAULTS = {
  lanes: 4,
  batchSize: 20,
  leaseMs: 30_000,
  idleMs: 1_000,
  maxAttempts: 5,
} as const;

/** Starts the newsletter worker of this process. */
export function startNewsletterWorker(
  db: Db,
  config: Config,
  options: NewsletterWorkerOptions = {},
): NewsletterWorker {
  const holder = options.holder ?? THIS_PROCESS;
  const lanes = options.lanes ?? NEWSLETTER_DEFAULTS.lanes;
  const batchSize = options.batchSize ?? NEWSLETTER_DEFAULTS.batchSize;
  const leaseMs = options.leaseMs ?? NEWSLETTER_DEFAULTS.leaseMs;
  const idleMs = options.idleMs ?? NEWSLETTER_DEFAULTS.idleMs;
  const maxAttempts = options.maxAttempts ?? NEWSLETTER_DEFAULTS.maxAttempts;
  const mailer = options.mailer ?? createMailer(config, { maxConnections: lanes });
  const claims = new ClaimQueue(db, { holder, batchSize, leaseMs });
  const sender = new CopySender(db, config, { holder, mailer, maxAttempts });
  const recorder = new OutcomeRecorder(db, holder);
  const idle = idleWait();
  let stopped = false;

  async function lane(): Promise<void> {
    while (!stopped) {
      try {
        const delivery = await claims.next();
        if (delivery) {
          await recorder.record(delivery, await sender.send(delivery));
          continue;
        }
      } catch (error) {
        logger.error(`The newsletter worker could not go on: ${describeError(error)}`);
      }
      if (!stopped) await idle.sleep(idleMs);
    }
  }

  let upkeepRun: Promise<void> = Promise.resolve();
  const runUpkeep = () => {
    upkeepRun = upkeepRun
      .then(() => keepClaims(db, { holder, leaseMs }))
      .catch((error: unknown) => {
        // Two processes' upkeeps (or an upkeep and a lane) may take the same claims' rows in
        // different orders; PostgreSQL then ends one, the other goes on, and this runs again
        // within a second: no fault.
        if (isDeadlock(error)) {
          logger.warn(`Newsletter upkeep met another process's and runs again shortly.`);
          return;
        }
        logger.error(`Newsletter upkeep failed (it runs again shortly): ${describeError(error)}`);
      });
    return upkeepRun;
  };
  const upkeepTimer = setInterval(runUpkeep, Math.max(50, Math.min(idleMs, leaseMs / 3)));
  upkeepTimer.unref();
  // Claims of a run of this process that died are taken back before the lanes start claiming.
  const running = runUpkeep().then(() => Promise.all(Array.from({ length: lanes }, () => lane())));

  return {
    wake: idle.wake,
    stop: async () => {
      stopped = true;
      claims.stop();
      clearInterval(upkeepTimer);
      idle.wake();
      await running;
      await upkeepRun;
      claims.clear();
      await releaseClaims(db, holder).catch((error: unknown) =>
        logger.error(`Giving back newsletter claims failed: ${describeError(error)}`),
      );
      if (!options.mailer) mailer.close();
    },
  };
}

/** Waits that end early when woken: an idle lane sleeps, and a wake-up sends it looking. */
function idleWait() {
  const sleepers = new Set<() => void>();
  return {
    sleep: (ms: number) =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          sleepers.delete(done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        sleepers.add(done);
      }),
    wake: () => {
      for (const done of [...sleepers]) done();
    },
  };
}
