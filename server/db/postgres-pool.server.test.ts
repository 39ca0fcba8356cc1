import diagnostics from "node:diagnostics_channel";
import type { Socket } from "node:net";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TcpProxy } from "#tests/helpers/tcp-proxy.ts";
import {
  createTestDatabase,
  TEST_DATABASE_URL,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import { allowConsoleError } from "#tests/setup/setup-test-env.ts";
import { type DatabaseHandle, openDatabase } from "./db.server.ts";

const TIMEOUTS = { connectMs: 1000, statementMs: 1500 };
/** query_timeout: the statement limit and one second. */
const QUERY_TIMEOUT_MS = TIMEOUTS.statementMs + 1000;

describe.skipIf(!TEST_DATABASE_URL)(
  "the PostgreSQL pool when the network drops packets [postgres]",
  () => {
    let database: TestDatabase;
    let proxy: TcpProxy;
    let handle: DatabaseHandle;
    beforeAll(async () => {
      database = await createTestDatabase("postgres");
      const forUrl = TcpProxy.forUrl(database.databaseUrl ?? "");
      proxy = forUrl.proxy;
      await proxy.start();
      handle = openDatabase({
        databaseUrl: forUrl.viaProxy(),
        dataDir: database.dataDir,
        schema: database.schema,
        databaseTimeouts: TIMEOUTS,
      });
    });
    afterAll(async () => {
      await handle?.close().catch(() => undefined);
      await proxy?.stop();
      await database?.destroy();
    });

    it("fails a transaction with the query's own timeout, once, and works again over a new connection", async () => {
      allowConsoleError(5);
      const started = Date.now();
      const failure = await handle.db
        .transaction()
        .execute(async (trx) => {
          await sql`select 1`.execute(trx);
          proxy.mode = "drop";
          await sql`select 2`.execute(trx);
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      const elapsed = Date.now() - started;
      proxy.mode = "forward";

      // Not the ROLLBACK's failure, and not after waiting out a second timeout for the ROLLBACK.
      expect((failure as Error | null)?.message).toBe("Query read timeout");
      expect(elapsed).toBeGreaterThanOrEqual(QUERY_TIMEOUT_MS - 50);
      expect(elapsed).toBeLessThan(QUERY_TIMEOUT_MS * 2 - 200);

      for (let i = 0; i < 12; i += 1) {
        const { rows } = await sql<{ n: number }>`select ${i}::int as n`.execute(handle.db);
        expect(rows).toEqual([{ n: i }]);
      }
    });
  },
);

describe.skipIf(!TEST_DATABASE_URL)("closing the PostgreSQL pool [postgres]", () => {
  it("returns once every connection of it is closed, and reports none as lost", async () => {
    const database = await createTestDatabase("postgres");
    // The sockets this test's handle opens (Node announces each client socket it makes).
    const sockets: Socket[] = [];
    const opened = (message: unknown) => sockets.push((message as { socket: Socket }).socket);
    try {
      const handle = openDatabase({
        databaseUrl: database.databaseUrl,
        dataDir: database.dataDir,
        schema: database.schema,
      });
      diagnostics.subscribe("net.client.socket", opened);
      // Several connections at once, all idle in the pool when it closes.
      await Promise.all(
        Array.from({ length: 5 }, () => sql`select pg_sleep(0.05)`.execute(handle.db)),
      );
      diagnostics.unsubscribe("net.client.socket", opened);
      expect(sockets).toHaveLength(5);
      await handle.close();
      expect(sockets.filter((socket) => !socket.closed)).toEqual([]);
    } finally {
      diagnostics.unsubscribe("net.client.socket", opened);
      // Dropped with force at once: a connection still closing would be cut and reported as
      // lost, which the test set-up fails as an unexpected error.
      await database.destroy();
    }
  });
});
