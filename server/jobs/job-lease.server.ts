import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { sql } from "kysely";
import { logger } from "#server/config/logger.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { dbKindOf } from "#server/db/dialect.server.ts";
import { describeError } from "#server/errors.ts";

/**
 * This process as a lease holder: host, PID and a random part (a PID comes back after a
 * restart, and containers all run as PID 1).
 */
export const THIS_PROCESS = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;

/** SQLite: how long a lease lasts when its holder dies without giving it back. */
export const DEFAULT_LEASE_MS = 60_000;

export type LeaseOptions = {
  /** Who takes the lease; this process by default. */
  holder?: string;
  /**
   * SQLite: how long the lease lasts unless given back: longer than the job's longest run, since
   * after it another process may start the job too. PostgreSQL needs none (see runWithLease).
   */
  leaseMs?: number;
  /** The clock leases are counted by (milliseconds, as Date.now). */
  now?: () => number;
};

/** What runWithLease did: ran the job (and what it answered), or left it to another holder. */
export type LeaseOutcome<T> = { ran: true; value: T } | { ran: false };

/**
 * Runs `job` unless another process (any holder of the same database) is running the job of the
 * same name now; then answers `{ran: false}` at once, without waiting. A job that throws gives
 * the lease back and its error goes to the caller.
 *
 * - PostgreSQL: a session advisory lock (`pg_try_advisory_lock`) on one connection of the pool,
 *   kept out of the pool for the job's run and unlocked after it. A holder that dies loses its
 *   connection, and PostgreSQL drops the lock with it at once. The key is the job's name within
 *   the current schema, so sites (and test runs) sharing a database in their own schemas do not
 *   block one another.
 * - SQLite: a row in `job_leases`, taken with one conditional INSERT … ON CONFLICT DO UPDATE
 *   (only when there is none or it has lapsed) and deleted after the run. A holder that dies
 *   leaves its row until `leaseMs` has passed.
 */
export async function runWithLease<T>(
  db: Db,
  name: string,
  job: () => Promise<T>,
  options: LeaseOptions = {},
): Promise<LeaseOutcome<T>> {
  return dbKindOf(db) === "postgres"
    ? runWithAdvisoryLock(db, name, job)
    : runWithLeaseRow(db, name, job, options);
}

async function runWithAdvisoryLock<T>(
  db: Db,
  name: string,
  job: () => Promise<T>,
): Promise<LeaseOutcome<T>> {
  const key = sql`hashtextextended(current_schema() || ${`/job/${name}`}, 0)`;
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{
      taken: boolean;
    }>`select pg_try_advisory_lock(${key}) as taken`.execute(connection);
    if (!rows[0]?.taken) return { ran: false };
    try {
      return { ran: true, value: await job() };
    } finally {
      // When the connection itself is gone, so is the lock: nothing to give back.
      await sql`select pg_advisory_unlock(${key})`.execute(connection).catch((error: unknown) => {
        logger.error(`Giving back the lease of job ${name} failed: ${describeError(error)}`);
      });
    }
  });
}

async function runWithLeaseRow<T>(
  db: Db,
  name: string,
  job: () => Promise<T>,
  { holder = THIS_PROCESS, leaseMs = DEFAULT_LEASE_MS, now = Date.now }: LeaseOptions,
): Promise<LeaseOutcome<T>> {
  const at = now();
  const result = await db
    .insertInto("job_leases")
    .values({ name, holder, expiresAt: new Date(at + leaseMs).toISOString() })
    .onConflict((conflict) =>
      conflict
        .column("name")
        .doUpdateSet({ holder: sql`excluded.holder`, expiresAt: sql`excluded."expiresAt"` })
        .where("job_leases.expiresAt", "<=", new Date(at).toISOString()),
    )
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) !== 1) return { ran: false };
  try {
    return { ran: true, value: await job() };
  } finally {
    await db
      .deleteFrom("job_leases")
      .where("name", "=", name)
      .where("holder", "=", holder)
      .execute()
      .catch((error: unknown) => {
        logger.error(`Giving back the lease of job ${name} failed: ${describeError(error)}`);
      });
  }
}
