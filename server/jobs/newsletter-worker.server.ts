import { hostname } from "node:os";
import type { Config } from "#server/config/env.server.ts";
import { logger } from "#server/config/logger.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { asMailError, createMailer, type Mailer } from "#server/mail/mailer.server.ts";
import { type NewsletterContent, personalize } from "#server/mail/newsletter-message.server.ts";
import { unsubscribeUrl } from "#server/services/subscriber-links.server.ts";
import { type GroupedWrite, groupCommitter } from "./group-commit.server.ts";
import { THIS_PROCESS } from "./job-lease.server.ts";
import {
  type ClaimedDelivery,
  claimDueDeliveries,
  currentHolders,
  finishSendings,
  recordRefusal,
  recordSent,
  recordSkipped,
  releaseClaims,
  renewClaims,
  sendingContent,
  turnOf,
} from "./newsletter-deliveries.server.ts";
import { paceInterval, takeSlot } from "./newsletter-pace.server.ts";

// The newsletter worker (docs/decisions/028-newsletter-sending.md). Each server process runs one:
// it claims due deliveries in small batches, and hands them to the mail server in `lanes`, each
// one copy at a time, recording each copy's outcome before its next. So at any moment at most
// one copy per lane is handed over and not yet recorded, and a crash can send a second copy only
// of a message the mail server accepted in the instant before the crash (its 250 answer not yet
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

/** How long a copy waits after its `attempts`-th temporary refusal: doubling from `retryMs`. */
export function retryDelay(retryMs: number, attempts: number): number {
  return retryMs * 2 ** Math.max(0, attempts - 1);
}

/**
 * Whether a claim holder (THIS_PROCESS of some process: host:pid:random) is a process of this
 * host that no longer runs, so its claims can be taken back at once instead of when they run out.
 */
export function isDeadHolderOnThisHost(holder: string, self = THIS_PROCESS): boolean {
  if (holder === self) return false;
  const parts = holder.split(":");
  if (parts.length < 3) return false;
  const pid = Number(parts.at(-2));
  const host = parts.slice(0, -2).join(":");
  if (host !== hostname() || !Number.isInteger(pid) || pid <= 0) return false;
  // The same PID as this process but another holder: an earlier run (a container's PID 1).
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

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
  const { ratePerMinute, retryMs } = config.mail;
  const messageHost = new URL(config.siteUrl).hostname;
  const links = { siteUrl: config.siteUrl, secret: config.sessionSecret };

  let stopped = false;
  const queue: ClaimedDelivery[] = [];
  let claiming: Promise<void> | null = null;
  const contents = new Map<string, NewsletterContent | null>();

  const sleepers = new Set<() => void>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      sleepers.add(done);
    });
  const wake = () => {
    for (const done of [...sleepers]) done();
  };

  async function claimMore(): Promise<void> {
    const now = new Date();
    const claimed = await claimDueDeliveries(db, {
      holder,
      now,
      until: new Date(now.getTime() + leaseMs),
      limit: batchSize,
    });
    queue.push(...claimed);
  }

  async function next(): Promise<ClaimedDelivery | undefined> {
    if (queue.length === 0 && !stopped) {
      claiming ??= claimMore().finally(() => {
        claiming = null;
      });
      await claiming;
    }
    return stopped ? undefined : queue.shift();
  }

  async function contentOf(sendingId: string): Promise<NewsletterContent | null> {
    if (!contents.has(sendingId)) {
      if (contents.size > 20) contents.clear();
      contents.set(sendingId, await sendingContent(db, sendingId));
    }
    return contents.get(sendingId) ?? null;
  }

  const commit = groupCommitter(db);

  /**
   * Commits a copy's outcome (with those of the other lanes waiting at the same moment), retrying
   * until it is committed: the lane goes on to its next copy only after it.
   */
  async function record(what: string, write: GroupedWrite): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        if (!(await commit(write))) {
          logger.warn(`Newsletter delivery ${what}: it was no longer this process's to record.`);
        }
        return;
      } catch (error) {
        if (attempt >= 10) {
          logger.error(
            `Newsletter delivery ${what} could not be recorded (${describe(error)}); it may be sent again.`,
          );
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 100 * 2 ** attempt)));
      }
    }
  }

  async function deliver(delivery: ClaimedDelivery): Promise<void> {
    if (ratePerMinute > 0) {
      const slot = await takeSlot(db, paceInterval(ratePerMinute));
      const wait = slot - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    const turn = await turnOf(db, delivery.id, holder);
    if (!turn.mine) return;
    const settle = { id: delivery.id, holder, at: new Date() };
    const content = await contentOf(delivery.sendingId);
    if (turn.subscriberStatus !== "active" || !content) {
      await record(`${delivery.id} skipped`, (trx) => recordSkipped(trx, settle));
      return;
    }
    const link = unsubscribeUrl(links, delivery.subscriberId);
    const messageId = `<${delivery.id}@${messageHost}>`;
    try {
      await mailer.send({
        ...personalize(content, link),
        to: delivery.email,
        messageId,
        unsubscribeUrl: link,
      });
    } catch (thrown) {
      const error = asMailError(thrown);
      const attempts = delivery.attempts + 1;
      const at = new Date();
      const retryAt =
        error.temporary && attempts < maxAttempts
          ? new Date(at.getTime() + retryDelay(retryMs, attempts))
          : null;
      await record(`${delivery.id} refused`, (trx) =>
        recordRefusal(trx, { ...settle, at, error: error.message, retryAt }),
      );
      return;
    }
    await record(`${delivery.id} sent`, (trx) =>
      recordSent(trx, { ...settle, at: new Date(), messageId }),
    );
  }

  async function lane(): Promise<void> {
    while (!stopped) {
      try {
        const delivery = await next();
        if (delivery) {
          await deliver(delivery);
          continue;
        }
      } catch (error) {
        logger.error(`The newsletter worker could not go on: ${describe(error)}`);
      }
      if (!stopped) await sleep(idleMs);
    }
  }

  async function upkeep(): Promise<void> {
    const now = new Date();
    await renewClaims(db, holder, new Date(now.getTime() + leaseMs));
    for (const other of await currentHolders(db)) {
      if (isDeadHolderOnThisHost(other, holder)) {
        const released = await releaseClaims(db, other);
        if (released > 0) {
          logger.info(`Took back ${released} newsletter copies claimed by a stopped process.`);
        }
      }
    }
    for (const title of await finishSendings(db, now)) {
      logger.info(`The newsletter "${title}" is sent: nothing is left to hand over.`);
    }
  }

  let upkeepRun: Promise<void> = Promise.resolve();
  const runUpkeep = () => {
    upkeepRun = upkeepRun
      .then(upkeep)
      .catch((error: unknown) =>
        logger.error(`Newsletter upkeep failed (it runs again shortly): ${describe(error)}`),
      );
    return upkeepRun;
  };
  const upkeepTimer = setInterval(runUpkeep, Math.max(50, Math.min(idleMs, leaseMs / 3)));
  upkeepTimer.unref();
  // Claims of a run of this process that died are taken back before the lanes start claiming.
  const running = runUpkeep().then(() => Promise.all(Array.from({ length: lanes }, () => lane())));

  return {
    wake,
    stop: async () => {
      stopped = true;
      clearInterval(upkeepTimer);
      wake();
      await running;
      await upkeepRun;
      queue.length = 0;
      await releaseClaims(db, holder).catch((error: unknown) =>
        logger.error(`Giving back newsletter claims failed: ${describe(error)}`),
      );
      if (!options.mailer) mailer.close();
    },
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
