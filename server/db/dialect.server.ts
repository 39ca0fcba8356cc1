import { createHash } from "node:crypto";
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryExecutorProvider,
  SqliteAdapter,
  sql,
  type TableMetadata,
} from "kysely";
import { DEFAULT_MIGRATION_LOCK_TABLE, DEFAULT_MIGRATION_TABLE } from "kysely/migration";
import { KeptPlanSqliteCompiler } from "./sqlite-statements.server.ts";

/**
 * Every difference between SQLite and PostgreSQL that the rest of the code would otherwise
 * have to know about lives in this module.
 */
export type DbKind = "sqlite" | "postgres";

/** Column types for migrations: timestamps are ISO-8601 text on SQLite, timestamptz on PostgreSQL. */
export function columnTypes(kind: DbKind) {
  return {
    timestamp: kind === "postgres" ? ("timestamptz" as const) : ("text" as const),
    boolean: kind === "postgres" ? ("boolean" as const) : ("integer" as const),
    double: kind === "postgres" ? ("double precision" as const) : ("real" as const),
  };
}

/** Works out which database a Kysely instance talks to (migrations receive only the instance). */
export function dbKindOf<T>(db: Kysely<T>): DbKind {
  return db.getExecutor().adapter instanceof SqliteAdapter ? "sqlite" : "postgres";
}

/** True when the error is a unique-key violation on either database. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const e = error as { code?: unknown; errcode?: unknown; message?: unknown };
  if (e.code === "23505") return true; // PostgreSQL unique_violation
  // SQLITE_CONSTRAINT_UNIQUE (2067) and SQLITE_CONSTRAINT_PRIMARYKEY (1555)
  return e.code === "ERR_SQLITE_ERROR" && (e.errcode === 2067 || e.errcode === 1555);
}

/**
 * True when PostgreSQL ended the transaction to break a deadlock with another one (40P01): the
 * other went through, and this one may simply run again.
 */
export function isDeadlock(error: unknown): boolean {
  return (
    typeof error === "object" && error !== null && (error as { code?: unknown }).code === "40P01"
  );
}

/** What kind of fault of the database itself an error is: see databaseFault. */
export type DatabaseFault = "full" | "read-only" | "unavailable";

/**
 * The database fault behind an error, looking through the errors a library wrapped it in
 * (better-auth's "Failed to get session" carries the database's error as its `cause`): the
 * fault and the error that is it. null when there is none.
 */
export function findDatabaseFault(error: unknown): { fault: DatabaseFault; error: unknown } | null {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    const fault = databaseFault(cause);
    if (fault) return { fault, error: cause };
    cause = (cause as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * Whether an error is the database failing rather than the query: its disk is full
 * ("full"), it cannot be written ("read-only"), or it cannot be reached or does not answer in
 * time ("unavailable"). null for everything else (constraint violations, bugs, …).
 */
export function databaseFault(error: unknown): DatabaseFault | null {
  if (typeof error !== "object" || error === null) return null;
  const e = error as { code?: unknown; errcode?: unknown; message?: unknown };
  if (e.code === "ERR_SQLITE_ERROR" && typeof e.errcode === "number") {
    // The primary result code, also for the extended ones (SQLITE_IOERR_WRITE, …).
    return SQLITE_FAULTS.get(e.errcode & 0xff) ?? null;
  }
  if (typeof e.code === "string" && SQLSTATE.test(e.code)) {
    if (e.code === "53100") return "full"; // disk_full
    if (e.code === "25006") return "read-only"; // read_only_sql_transaction: a standby
    return POSTGRES_UNAVAILABLE.test(e.code) ? "unavailable" : null;
  }
  if (error instanceof AggregateError && error.errors.some((inner) => databaseFault(inner))) {
    return "unavailable";
  }
  if (typeof e.code === "string" && NETWORK_ERRORS.has(e.code)) return "unavailable";
  if (typeof e.message === "string" && PG_CONNECTION_MESSAGES.test(e.message)) {
    return "unavailable";
  }
  return null;
}

/** The PostgreSQL error codes (SQLSTATE) are five digits or capital letters. */
const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * PostgreSQL codes for a server that cannot serve now: connection exceptions (08…),
 * insufficient resources (53…: too many connections, out of memory), query canceled (57014,
 * statement_timeout), shutting down or starting up (57P01–57P05).
 */
const POSTGRES_UNAVAILABLE = /^(08|53|57014|57P0)/;

/** SQLite's primary result codes that are the database's own trouble, with their names. */
const SQLITE_FAULTS = new Map<number, DatabaseFault>([
  [5, "unavailable"], // SQLITE_BUSY: another writer held the lock past the busy timeout
  [6, "unavailable"], // SQLITE_LOCKED
  [8, "read-only"], // SQLITE_READONLY
  [10, "unavailable"], // SQLITE_IOERR
  [13, "full"], // SQLITE_FULL
  [14, "unavailable"], // SQLITE_CANTOPEN
  [15, "unavailable"], // SQLITE_PROTOCOL
]);

const SQLITE_RESULT_NAMES = new Map<number, string>([
  [1, "SQLITE_ERROR"],
  [5, "SQLITE_BUSY"],
  [6, "SQLITE_LOCKED"],
  [7, "SQLITE_NOMEM"],
  [8, "SQLITE_READONLY"],
  [10, "SQLITE_IOERR"],
  [11, "SQLITE_CORRUPT"],
  [13, "SQLITE_FULL"],
  [14, "SQLITE_CANTOPEN"],
  [15, "SQLITE_PROTOCOL"],
  [19, "SQLITE_CONSTRAINT"],
]);

/**
 * The name of a SQLite result code as node:sqlite reports it in `errcode` (an extended code is
 * named by its primary one: 3338, SQLITE_IOERR_FSYNC, is "SQLITE_IOERR"), for logs.
 */
export function sqliteResultName(errcode: number): string {
  return SQLITE_RESULT_NAMES.get(errcode & 0xff) ?? `SQLite result ${errcode}`;
}

/** Socket errors of a database server that cannot be reached. */
const NETWORK_ERRORS = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);

/**
 * How pg and pg-pool report a connection that could not be made in time, died, or gave no
 * answer to a query in time (query_timeout); they carry no code.
 */
const PG_CONNECTION_MESSAGES =
  /^(timeout exceeded when trying to connect|Connection terminated|Query read timeout|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)/;

/**
 * Makes transactions that call this with the same name run one after another, across
 * processes: the check-then-insert inside them then cannot interleave. Call it first thing in
 * the transaction; the lock is released at commit or rollback. On SQLite the IMMEDIATE
 * transaction already holds the database's write lock (see withImmediateTransactions); on
 * PostgreSQL it takes a transaction-scoped advisory lock keyed by the name.
 */
export async function lockTransaction(trx: QueryExecutorProvider, name: string): Promise<void> {
  if (trx.getExecutor().adapter instanceof SqliteAdapter) return;
  const key = createHash("sha256").update(name).digest().readBigInt64BE(0);
  await sql`select pg_advisory_xact_lock(${key.toString()}::bigint)`.execute(trx);
}

/**
 * Wraps the node:sqlite dialect so that transactions start with BEGIN IMMEDIATE and
 * migrations run inside one. A deferred BEGIN takes the write lock only at the first write,
 * and two processes upgrading at once fail at once with SQLITE_BUSY instead of waiting;
 * IMMEDIATE takes the lock up front and waits out the busy timeout. That is also what makes
 * running migrations from two processes at once safe: the second waits for the first,
 * then finds nothing left to do.
 */
export function withImmediateTransactions(
  inner: Dialect,
  /** Whether the connection is inside a transaction (node:sqlite's `isTransaction`). */
  inTransaction: () => boolean,
): Dialect {
  return {
    createAdapter: () => new ImmediateSqliteAdapter(),
    createDriver: () => new ImmediateDriver(inner.createDriver(), inTransaction),
    createIntrospector: (db) => inner.createIntrospector(db),
    // Kysely's own SQLite compiler, with limits that keep a statement's plan (the class's comment).
    createQueryCompiler: () => new KeptPlanSqliteCompiler(),
  };
}

class ImmediateSqliteAdapter extends SqliteAdapter implements DialectAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class ImmediateDriver implements Driver {
  readonly inner: Driver;
  readonly inTransaction: () => boolean;
  constructor(inner: Driver, inTransaction: () => boolean) {
    this.inner = inner;
    this.inTransaction = inTransaction;
  }
  init() {
    return this.inner.init();
  }
  acquireConnection() {
    return this.inner.acquireConnection();
  }
  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    // After some errors (SQLITE_FULL, SQLITE_IOERR, SQLITE_BUSY, …) SQLite has already rolled the
    // transaction back itself. A ROLLBACK then fails with "cannot rollback - no transaction is
    // active", and that failure would be thrown in place of the error that made us roll back.
    if (!this.inTransaction()) return;
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(connection);
  }
  destroy() {
    return this.inner.destroy();
  }
}

/**
 * Wraps the PostgreSQL dialect so that introspection (which Kysely's migrator uses to find its
 * own tables, at every start) sees only the schema our tables are in. Kysely's own introspection
 * reads every table of every schema in the database and passes each schema's name to
 * has_schema_privilege and pg_get_serial_sequence, which fail with "schema … does not exist"
 * when another schema is dropped meanwhile: another site sharing the database, a test run
 * beside this one.
 */
export function withOwnSchemaIntrospection(inner: Dialect): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createDriver: () => inner.createDriver(),
    createIntrospector: (db) => new OwnSchemaIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
  };
}

type ColumnRow = {
  schema: string;
  table: string;
  kind: string;
  column: string;
  notNull: boolean;
  hasDefault: boolean;
  type: string;
  typeSchema: string;
  autoIncrementing: boolean;
  comment: string | null;
};

class OwnSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;
  constructor(db: Kysely<unknown>) {
    this.#db = db;
  }

  /** The schemas' names only: no per-schema function that a concurrent drop could fail. */
  async getSchemas() {
    const { rows } = await sql<{
      name: string;
    }>`select nspname as name from pg_catalog.pg_namespace`.execute(this.#db);
    return rows;
  }

  async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    // The functions in the select list run only for the rows of our own schema.
    const { rows } = await sql<ColumnRow>`
      select ns.nspname as "schema", c.relname as "table", c.relkind as "kind", a.attname as "column",
        a.attnotnull as "notNull", a.atthasdef as "hasDefault",
        typ.typname as "type", typns.nspname as "typeSchema",
        pg_get_serial_sequence(format('%I.%I', ns.nspname, c.relname), a.attname) is not null
          as "autoIncrementing",
        col_description(c.oid, a.attnum) as "comment"
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c.oid
      join pg_catalog.pg_type typ on typ.oid = a.atttypid
      join pg_catalog.pg_namespace typns on typns.oid = typ.typnamespace
      where ns.nspname = current_schema()
        and c.relkind in ('r', 'v', 'p', 'f')
        and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(this.#db);
    const internal = new Set([DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && internal.has(row.table)) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = {
          name: row.table,
          schema: row.schema,
          isView: row.kind === "v",
          isForeign: row.kind === "f",
          columns: [],
        };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.typeSchema,
        isNullable: !row.notNull,
        isAutoIncrementing: row.autoIncrementing,
        hasDefaultValue: row.hasDefault,
        comment: row.comment ?? undefined,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions) {
    return { tables: await this.getTables(options) };
  }
}
