import { createHash } from "node:crypto";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryExecutorProvider,
  SqliteAdapter,
  sql,
} from "kysely";

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
export function withImmediateTransactions(inner: Dialect): Dialect {
  return {
    createAdapter: () => new ImmediateSqliteAdapter(),
    createDriver: () => new ImmediateDriver(inner.createDriver()),
    createIntrospector: (db) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
  };
}

class ImmediateSqliteAdapter extends SqliteAdapter implements DialectAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class ImmediateDriver implements Driver {
  readonly inner: Driver;
  constructor(inner: Driver) {
    this.inner = inner;
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
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(connection);
  }
  destroy() {
    return this.inner.destroy();
  }
}
