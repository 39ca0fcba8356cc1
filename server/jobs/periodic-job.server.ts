import { logger } from "#server/config/logger.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { describeError } from "#server/errors.ts";
import { runWithLease } from "./job-lease.server.ts";

/** A job that runs now and then at intervals until stopped. */
export type PeriodicJob = {
  /** Stops the timer and waits for a run in progress, so the database can then be closed. */
  stop: () => Promise<void>;
};

export type PeriodicJobOptions<T> = {
  /** The lease's name: one process at a time runs the job on a database (job-lease.server.ts). */
  name: string;
  intervalMs: number;
  run: () => Promise<T>;
  /** Called with what a run answered, in the process that ran it (to log what it did). */
  ran: (value: T) => void;
  /** What the log says before the reason when a run fails. */
  failure: string;
};

/**
 * Runs `run` now and then every `intervalMs`, under the job's lease: when several processes
 * share the database, a run that finds another process running the job skips its turn. A failed
 * run is logged and the next one tries again; the timer never keeps the process alive by itself.
 */
export function startPeriodicJob<T>(
  db: Db,
  { name, intervalMs, run, ran, failure }: PeriodicJobOptions<T>,
): PeriodicJob {
  let running: Promise<void> | null = null;
  let stopped = false;
  const turn = () => {
    if (running || stopped) return;
    running = runWithLease(db, name, run)
      .then((outcome) => {
        if (outcome.ran) ran(outcome.value);
      })
      .catch((error: unknown) => {
        logger.error(`${failure}: ${describeError(error)}`);
      })
      .finally(() => {
        running = null;
      });
  };
  turn();
  const timer = setInterval(turn, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
