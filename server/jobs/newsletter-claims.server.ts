import { hostname } from "node:os";
import { logger } from "#server/config/logger.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { THIS_PROCESS } from "./job-lease.server.ts";
import {
  type ClaimedDelivery,
  claimDueDeliveries,
  currentHolders,
  finishSendings,
  releaseClaims,
  renewClaims,
} from "./newsletter-deliveries.server.ts";

// The newsletter worker's first step (newsletter-worker.server.ts): claiming due deliveries for
// this process, keeping its claims alive, and taking back those of a process that stopped.

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

export type ClaimOptions = {
  /** Who claims: this process, or a test's stand-in for another. */
  holder: string;
  /** Deliveries claimed per claim. */
  batchSize: number;
  /** How long a claim lasts unless renewed. */
  leaseMs: number;
};

/**
 * The deliveries this process has claimed and not yet handed to a lane. Lanes share it: when it
 * runs dry, one claim fetches the next batch for all of them.
 */
export class ClaimQueue {
  readonly #db: Db;
  readonly #options: ClaimOptions;
  readonly #queue: ClaimedDelivery[] = [];
  #claiming: Promise<void> | null = null;
  #stopped = false;

  constructor(db: Db, options: ClaimOptions) {
    this.#db = db;
    this.#options = options;
  }

  /** The next claimed delivery, claiming a batch when none is left; none once stopped. */
  async next(): Promise<ClaimedDelivery | undefined> {
    if (this.#queue.length === 0 && !this.#stopped) {
      this.#claiming ??= this.#claimMore().finally(() => {
        this.#claiming = null;
      });
      await this.#claiming;
    }
    return this.#stopped ? undefined : this.#queue.shift();
  }

  /** Hands out nothing more; what is left is given back with the rest of the claims. */
  stop(): void {
    this.#stopped = true;
  }

  /** Forgets what is left (its claims are given back as a whole: releaseClaims). */
  clear(): void {
    this.#queue.length = 0;
  }

  async #claimMore(): Promise<void> {
    const { holder, leaseMs, batchSize } = this.#options;
    const now = new Date();
    const claimed = await claimDueDeliveries(this.#db, {
      holder,
      now,
      until: new Date(now.getTime() + leaseMs),
      limit: batchSize,
    });
    this.#queue.push(...claimed);
  }
}

/**
 * The claims' upkeep, run every so often while the worker runs: renews this process's claims,
 * takes back those of a process of this host that stopped, and marks finished the sendings with
 * nothing left to hand over.
 */
export async function keepClaims(
  db: Db,
  { holder, leaseMs }: Pick<ClaimOptions, "holder" | "leaseMs">,
): Promise<void> {
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
