import type { Config } from "#server/config/env.server.ts";
import { logger } from "#server/config/logger.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { describeError } from "#server/errors.ts";
import { currentSiteSettings } from "#server/services/site-settings.server.ts";
import type { Resolve } from "#server/services/webhook-address.server.ts";
import { attemptWebhook, eventSnapshot } from "#server/services/webhook-send.server.ts";
import { THIS_PROCESS } from "./job-lease.server.ts";
import { isDeadHolderOnThisHost } from "./newsletter-claims.server.ts";
import {
  type AttemptRecord,
  type ClaimedWebhook,
  claimDueWebhook,
  recordAttempt,
  releaseWebhookClaims,
  renewWebhookClaims,
  webhookHolders,
} from "./webhook-claims.server.ts";

// The webhook worker (docs/decisions/037-webhooks.md). Each server process runs one, as it runs
// the newsletter's: lanes each claim one due delivery, send it (a time limit on each request, so
// a receiver that hangs holds one lane for that long and no more) and record what came of it
// before the next. A delivery that fails waits longer each time (with jitter) for a day, then
// fails for good.

export type WebhookWorkerOptions = {
  holder?: string;
  lanes?: number;
  leaseMs?: number;
  idleMs?: number;
  /** Each request's time limit. */
  timeoutMs?: number;
  /** The first retry's wait; each further one doubles, up to an hour. */
  retryMs?: number;
  /** How long after the event a delivery is still tried. */
  giveUpAfterMs?: number;
  /** The clock due times are counted by (tests move it instead of waiting). */
  now?: () => Date;
  resolve?: Resolve;
};

export const WEBHOOK_DEFAULTS = {
  lanes: 4,
  leaseMs: 60_000,
  idleMs: 1_000,
  retryMs: 30_000,
  maxRetryMs: 60 * 60 * 1000,
  giveUpAfterMs: 24 * 60 * 60 * 1000,
} as const;

export type WebhookWorker = { wake: () => void; stop: () => Promise<void> };

/** The wait before the attempt after `attempts` failed ones: doubling, capped, ±25% jitter. */
export function retryDelay(attempts: number, retryMs: number, random = Math.random): number {
  const base = Math.min(WEBHOOK_DEFAULTS.maxRetryMs, retryMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.75 + random() * 0.5));
}

/** Claims, sends and records one due delivery; false when none was due. */
export async function deliverOne(
  db: Db,
  config: Config,
  options: WebhookWorkerOptions & { holder: string },
): Promise<boolean> {
  const now = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? WEBHOOK_DEFAULTS.leaseMs;
  const at = now();
  const claimed = await claimDueWebhook(db, {
    holder: options.holder,
    now: at,
    until: new Date(at.getTime() + leaseMs),
  });
  for (const delivery of claimed) {
    const record = await attempt(db, config, delivery, options, now);
    if (!(await recordAttempt(db, record))) {
      logger.warn(`Webhook delivery ${delivery.id}: it was no longer this process's to record.`);
    }
  }
  return claimed.length > 0;
}

async function attempt(
  db: Db,
  config: Config,
  claimed: ClaimedWebhook,
  options: WebhookWorkerOptions & { holder: string },
  now: () => Date,
): Promise<AttemptRecord> {
  const base = { id: claimed.id, holder: options.holder };
  const [endpoint, event] = await Promise.all([
    db
      .selectFrom("webhook_endpoints")
      .selectAll()
      .where("id", "=", claimed.endpointId)
      .executeTakeFirst(),
    db
      .selectFrom("webhook_events")
      .selectAll()
      .where("id", "=", claimed.eventId)
      .executeTakeFirst(),
  ]);
  if (!endpoint?.enabled || !event) {
    const error = "The endpoint is turned off, so nothing was sent.";
    return {
      ...base,
      at: now(),
      statusCode: null,
      response: null,
      error,
      durationMs: null,
      outcome: { status: "failed" },
    };
  }
  const settings = await currentSiteSettings(db, config.siteDefaults);
  const site = { name: settings.companyName, url: config.siteUrl };
  const outcome = await attemptWebhook(endpoint, eventSnapshot(event), claimed.id, {
    config,
    site,
    now: now(),
    timeoutMs: options.timeoutMs,
    resolve: options.resolve,
  });
  const at = now();
  const { ok, statusCode, response, error, durationMs } = outcome;
  if (ok)
    return {
      ...base,
      at,
      statusCode,
      response,
      error,
      durationMs,
      outcome: { status: "delivered" },
    };
  const retryAt = new Date(
    at.getTime() + retryDelay(claimed.attempts + 1, options.retryMs ?? WEBHOOK_DEFAULTS.retryMs),
  );
  const giveUpAt =
    Date.parse(event.createdAt) + (options.giveUpAfterMs ?? WEBHOOK_DEFAULTS.giveUpAfterMs);
  return {
    ...base,
    at,
    statusCode,
    response,
    error,
    durationMs,
    outcome: retryAt.getTime() > giveUpAt ? { status: "failed" } : { status: "pending", retryAt },
  };
}

/** Starts this process's webhook worker. */
export function startWebhookWorker(
  db: Db,
  config: Config,
  options: WebhookWorkerOptions = {},
): WebhookWorker {
  const holder = options.holder ?? THIS_PROCESS;
  const lanes = options.lanes ?? WEBHOOK_DEFAULTS.lanes;
  const leaseMs = options.leaseMs ?? WEBHOOK_DEFAULTS.leaseMs;
  const idleMs = options.idleMs ?? WEBHOOK_DEFAULTS.idleMs;
  const now = options.now ?? (() => new Date());
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
  let stopped = false;

  async function lane(): Promise<void> {
    while (!stopped) {
      try {
        if (await deliverOne(db, config, { ...options, holder, now })) continue;
      } catch (error) {
        logger.error(`The webhook worker could not go on: ${describeError(error)}`);
      }
      if (!stopped) await sleep(idleMs);
    }
  }

  let upkeepRun: Promise<void> = Promise.resolve();
  const runUpkeep = () => {
    upkeepRun = upkeepRun
      .then(() => keepWebhookClaims(db, holder, new Date(now().getTime() + leaseMs)))
      .catch((error: unknown) =>
        logger.error(`Webhook upkeep failed (it runs again shortly): ${describeError(error)}`),
      );
    return upkeepRun;
  };
  const timer = setInterval(runUpkeep, Math.max(50, Math.min(5_000, leaseMs / 3)));
  timer.unref();
  const running = runUpkeep().then(() => Promise.all(Array.from({ length: lanes }, lane)));

  return {
    wake,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      wake();
      await running;
      await upkeepRun;
      await releaseWebhookClaims(db, holder).catch((error: unknown) =>
        logger.error(`Giving back webhook claims failed: ${describeError(error)}`),
      );
    },
  };
}

/** Renews this process's claims and takes back those of a stopped process of this host. */
async function keepWebhookClaims(db: Db, holder: string, until: Date): Promise<void> {
  await renewWebhookClaims(db, holder, until);
  for (const other of await webhookHolders(db)) {
    if (isDeadHolderOnThisHost(other, holder)) {
      const released = await releaseWebhookClaims(db, other);
      if (released > 0)
        logger.info(`Took back ${released} webhook deliveries of a stopped process.`);
    }
  }
}
