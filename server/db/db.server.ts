import { mkdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { NodeSqliteDialect } from "@better-auth/kysely-adapter/node-sqlite-dialect";
import { Kysely, PostgresDialect, sql } from "kysely";
import { DATABASE_TIMEOUT_DEFAULTS } from "#server/config/env.server.ts";
import { keepFilePrivate, PRIVATE_FOLDER_MODE } from "#server/config/private-files.server.ts";
import {
  type DbKind,
  withImmediateTransactions,
  withOwnSchemaIntrospection,
} from "./dialect.server.ts";
import { createPostgresPool, type PoolUse, type PostgresTimeouts } from "./postgres-pool.server.ts";
import { withStatementCache } from "./sqlite-statements.server.ts";
import type { Database } from "./tables.ts";

export type Db = Kysely<Database>;

export type DatabaseHandle = {
  db: Db;
  kind: DbKind;
  /** Answers true when a trivial query succeeds within the timeout. */
  ping: (timeoutMs?: number) => Promise<boolean>;
  /** PostgreSQL: how the connection pool is used now (SQLite has no pool). */
  poolUse?: () => PoolUse;
  close: () => Promise<void>;
};

export type OpenDatabaseOptions = {
  /** postgres://… ; when absent the SQLite file `studio.db` in dataDir is used. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL schema to work in (tests give each file its own). */
  schema?: string | undefined;
  /** PostgreSQL's time limits; each one left out is DATABASE_TIMEOUT_DEFAULTS'. */
  databaseTimeouts?: Partial<PostgresTimeouts> | undefined;
};

/**
 * Opens the database the configuration names: PostgreSQL through a `pg` pool when a URL is
 * given, otherwise the SQLite file in the data folder through Node's built-in driver.
 * The same Kysely instance later serves better-auth, so there is one connection (SQLite) or
 * one pool (PostgreSQL) per process.
 */
export function openDatabase(options: OpenDatabaseOptions): DatabaseHandle {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.schema, options.databaseTimeouts)
    : openSqlite(options.dataDir);
}

function openSqlite(dataDir: string): DatabaseHandle {
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const file = path.join(dataDir, "studio.db");
  // Made owner-only before SQLite opens it: SQLite gives its -wal, -shm and -journal files the
  // database file's own mode.
  keepFilePrivate(file, [`${file}-wal`, `${file}-shm`]);
  const database = new DatabaseSync(file, { timeout: SQLITE_BUSY_TIMEOUT_MS });
  // node:sqlite's defaults suit a script, not a server: readers must not block the writer
  // (WAL), an acknowledged write must survive a power cut (synchronous=FULL), and the
  // foreign keys we declare must be enforced.
  enableWal(database);
  database.exec(`
    PRAGMA synchronous = FULL;
    PRAGMA foreign_keys = ON;
    PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS};
  `);
  const db = new Kysely<Database>({
    dialect: withImmediateTransactions(
      new NodeSqliteDialect({ database: withStatementCache(database) }),
      () => database.isTransaction,
    ),
  });
  return {
    db,
    kind: "sqlite",
    ping: async () => {
      try {
        database.prepare("select 1").get();
        return true;
      } catch {
        return false;
      }
    },
    // Kysely closes only a connection it opened: a handle that never ran a query is closed here.
    close: async () => {
      if (!database.isOpen) return;
      await db.destroy();
      if (database.isOpen) database.close();
    },
  };
}

const SQLITE_BUSY_TIMEOUT_MS = 5000;

/**
 * Switches the database to WAL mode. Changing the journal mode needs an exclusive lock, and
 * SQLite answers SQLITE_BUSY at once instead of waiting out the busy timeout when another
 * process holds a lock (two servers opening a fresh file together): retry until the timeout.
 */
function enableWal(database: DatabaseSync) {
  const deadline = Date.now() + SQLITE_BUSY_TIMEOUT_MS;
  for (let wait = 5; ; wait = Math.min(wait * 2, 100)) {
    try {
      const row = database.prepare("PRAGMA journal_mode = WAL").get() as { journal_mode?: string };
      if (row.journal_mode?.toLowerCase() !== "wal") {
        throw new Error(`SQLite refused WAL mode (journal mode is ${row.journal_mode})`);
      }
      return;
    } catch (error) {
      // The primary result code, also for the extended ones (SQLITE_BUSY_RECOVERY, ...).
      const busy = (((error as { errcode?: number }).errcode ?? 0) & 0xff) === SQLITE_BUSY;
      if (!busy || Date.now() >= deadline) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, wait);
    }
  }
}

/** SQLITE_BUSY, as node:sqlite reports it in `errcode`. */
const SQLITE_BUSY = 5;

function openPostgres(
  connectionString: string,
  schema: string | undefined,
  timeouts: Partial<PostgresTimeouts> | undefined,
): DatabaseHandle {
  const pool = createPostgresPool({
    connectionString,
    schema,
    timeouts: {
      connectMs: timeouts?.connectMs ?? DATABASE_TIMEOUT_DEFAULTS.connectMs,
      statementMs: timeouts?.statementMs ?? DATABASE_TIMEOUT_DEFAULTS.statementMs,
    },
  });
  const db = new Kysely<Database>({
    dialect: withOwnSchemaIntrospection(new PostgresDialect({ pool })),
  });
  return {
    db,
    kind: "postgres",
    poolUse: pool.use,
    ping: async (timeoutMs = 2000) => {
      try {
        await Promise.race([
          sql`select 1`.execute(db),
          new Promise((_, reject) =>
            setTimeout(() => reject(new Error("timeout")), timeoutMs).unref(),
          ),
        ]);
        return true;
      } catch {
        return false;
      }
    },
    // Kysely ends only a pool it started using: a handle that never ran a query is ended here.
    close: async () => {
      await db.destroy();
      await pool.end();
    },
  };
}
