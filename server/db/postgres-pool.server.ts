import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";
import pg from "pg";
import { logger } from "#server/config/logger.server.ts";

/**
 * How long PostgreSQL may take, in milliseconds: `connectMs` to open a connection or to wait for
 * a free one in the pool, `statementMs` for one statement (the server cancels it then).
 */
export type PostgresTimeouts = { connectMs: number; statementMs: number };

/**
 * How much longer than statement_timeout the client waits for any answer at all before it gives
 * the connection up (query_timeout): the server's own cancellation comes first when the server is
 * there, and this catches a network that silently drops packets.
 */
const QUERY_TIMEOUT_MARGIN_MS = 1000;

/** How long ending the pool waits for its connections to report they are closed. */
const CLOSE_WAIT_MS = 2000;

export type PostgresPoolOptions = {
  connectionString: string;
  /** PostgreSQL schema to work in (tests give each file its own). */
  schema: string | undefined;
  timeouts: PostgresTimeouts;
};

/** How the pool's connections are used at one moment (for the metrics). */
export type PoolUse = { open: number; idle: number; waiting: number; max: number };

/**
 * The `pg` pool for Kysely, with every wait bounded: connecting (and waiting for a free
 * connection), each statement on the server, and each answer on the client. A connection whose
 * query failed without an answer from the server is dropped instead of handed out again (see
 * guardClient), so the pool recovers by itself once the server can be reached again.
 */
export function createPostgresPool({
  connectionString,
  schema,
  timeouts,
}: PostgresPoolOptions): PostgresPool & { use: () => PoolUse } {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: timeouts.connectMs,
    idleTimeoutMillis: 30_000,
    // Each statement that hangs longer than this is a bug or a lost server, not a slow query.
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.statementMs + QUERY_TIMEOUT_MARGIN_MS,
    // A transaction whose client vanished mid-way (its packets dropped) keeps its locks on the
    // server until this ends its session.
    idle_in_transaction_session_timeout: Math.max(timeouts.statementMs * 2, 30_000),
    options: schema ? `-c search_path=${schema}` : undefined,
    // Timestamps travel as ISO strings on both databases, so rows look the same everywhere.
    types: {
      getTypeParser: (oid, format) =>
        oid === pg.types.builtins.TIMESTAMPTZ
          ? (value: string) => new Date(value).toISOString()
          : oid === pg.types.builtins.INT8
            ? (value: string) => Number(value)
            : pg.types.getTypeParser(oid, format),
    },
  });
  // An idle client whose server connection drops emits 'error' on the pool; without a
  // listener that would crash the process. The pool discards the client and opens a new
  // one on the next query, which is exactly the recovery we want.
  pool.on("error", (error) => {
    // While the pool ends, a connection the server closes first is no loss.
    if (pool.ending) return;
    logger.warn(`PostgreSQL connection lost (${error.message}); it will be re-established.`);
  });
  // pg's end() resolves once it has asked every connection to close, not once they are closed:
  // the handle's close waits for the last one, so what comes after (a shutdown, a database
  // dropped) finds none of them still open.
  let open = 0;
  let allClosed: () => void = () => undefined;
  pool.on("remove", () => {
    open -= 1;
    if (open === 0) allClosed();
  });
  const endPool = async () => {
    await pool.end();
    // Bounded: a connection to a server that no longer answers may never report its close.
    if (open > 0) {
      await new Promise<void>((resolve) => {
        allClosed = resolve;
        setTimeout(resolve, CLOSE_WAIT_MS).unref();
      });
    }
  };
  let ended: Promise<void> | undefined;
  // Each new connection is counted for the end above. A client that is checked out (running a query, or just handed out from the idle list as its
  // connection dies) has no pool listener, and an unheard 'error' would crash the process. Its
  // query fails on its own and is reported by whoever ran it; the pool then drops the client.
  pool.on("connect", (client) => {
    open += 1;
    client.on("error", () => undefined);
  });

  const guarded = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    options: pool.options,
    connect: async () => {
      const client = await pool.connect();
      let guard = guarded.get(client);
      if (!guard) {
        guard = guardClient(client);
        guarded.set(client, guard);
      }
      return guard;
    },
    // Once: Kysely ends the pool when it destroys a database it used, and the handle's close
    // after it; every call waits for the same end.
    end: () => {
      ended ??= endPool();
      return ended;
    },
    use: () => ({
      open: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max ?? 10,
    }),
  };
}

/**
 * A pooled client that remembers a failure which leaves its connection unusable: no answer in
 * time (query_timeout: the query may still be pending on a connection nobody hears from), a
 * connection that died, a server that ended the session. Later queries on it fail at once with
 * that same error (so a transaction's ROLLBACK reports the real cause, not "not queryable"),
 * and releasing it closes the connection instead of returning it to the pool.
 */
function guardClient(client: pg.PoolClient): PostgresPoolClient {
  let broken: unknown = null;
  const guard = {
    get processID() {
      return (client as { processID?: number }).processID;
    },
    async query(sql: string, parameters: ReadonlyArray<unknown>) {
      if (broken !== null) throw broken;
      try {
        return await client.query(sql, parameters as unknown[]);
      } catch (error) {
        if (breaksConnection(error)) broken = error;
        throw error;
      }
    },
    release(destroy?: boolean) {
      const discard = destroy === true || broken !== null;
      broken = null;
      client.release(discard);
    },
  };
  return guard as unknown as PostgresPoolClient & {
    query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  };
}

/**
 * An error the server sent in answer leaves the connection usable (a constraint violation, a
 * statement timeout), except the ones that end the session: connection exceptions (08…) and a
 * server shutting down (57P01–57P03). Anything without a SQLSTATE comes from the client side
 * (timeouts, dead sockets), after which the connection's state is unknown.
 */
function breaksConnection(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string" || !/^[0-9A-Z]{5}$/.test(code)) return true;
  return code.startsWith("08") || /^57P0[1-3]$/.test(code);
}
