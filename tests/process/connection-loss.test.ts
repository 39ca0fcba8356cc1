import { sql } from "kysely";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createPost } from "#tests/factories/post.ts";
import {
  createServerData,
  killServerProcesses,
  type ServerData,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
  subscribe,
} from "#tests/helpers/server-process.ts";
import { TEST_DATABASE_URL } from "#tests/helpers/test-database.ts";

// PostgreSQL connections die under a running server: a database restart, a failover, an idle
// timeout in a proxy, an operator's pg_terminate_backend. The server must stay up; at most the
// requests whose queries were running at that moment fail (503 with Retry-After: the database
// went away, try again), and the ones after are answered normally over new connections.

const CUTS = 5;
const CONCURRENT_CLIENTS = 6;

afterEach(killServerProcesses);

describe.skipIf(!TEST_DATABASE_URL)(
  "a server whose PostgreSQL connections are cut [postgres]",
  () => {
    let data: ServerData;
    afterAll(() => data?.destroy());

    it("stays up and answers again over new connections", { timeout: 60_000 }, async () => {
      data = await createServerData("postgres");
      const postgres = data.postgres;
      if (!postgres) throw new Error("expected PostgreSQL data");
      const server = await startServerProcess(data.env);
      // Enough rows that the list query is still running now and then when a connection is cut.
      const content = `<p>${"A paragraph of post text. ".repeat(200)}</p>`;
      for (let i = 0; i < 300; i += 20) {
        await Promise.all(
          Array.from({ length: 20 }, () => createPost(postgres.database.handle.db, { content })),
        );
      }

      const load = startLoad(server);
      let terminated = 0;
      for (let cut = 0; cut < CUTS; cut += 1) {
        await load.answered(20);
        const { rows } = await sql<{ terminated: boolean }>`
        select pg_terminate_backend(pid) as terminated from pg_stat_activity
        where application_name = ${postgres.applicationName}`.execute(postgres.database.handle.db);
        terminated += rows.filter((row) => row.terminated).length;
      }
      await load.answered(20);
      const { statuses, connectionErrors } = await load.stop();

      expect(terminated).toBeGreaterThan(0);
      expect(server.isRunning(), server.stderr()).toBe(true);
      expect(connectionErrors, server.stderr()).toEqual([]);
      expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
      expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0);

      // Once the cutting stops, every request succeeds again.
      for (let i = 0; i < 20; i += 1) {
        const response = await fetch(`${server.url}/api/posts/published?limit=1000`);
        expect(response.status).toBe(200);
        expect(await response.json()).toHaveLength(300);
        expect((await subscribe(server, `after-cut-${i}@example.com`)).status).toBe(200);
      }
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect(await stopServerProcess(server)).toEqual({ code: 0, signal: null });
    });
  },
);

/** Clients reading the post list and subscribing, one request after another, until stopped. */
function startLoad(server: ServerProcess) {
  const statuses: number[] = [];
  const connectionErrors: string[] = [];
  let running = true;
  let sent = 0;
  const waiters: { count: number; resolve: () => void }[] = [];

  const record = (status: number) => {
    statuses.push(status);
    for (const waiter of waiters.filter((w) => statuses.length >= w.count)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  const client = async (index: number) => {
    while (running) {
      sent += 1;
      try {
        const response =
          index % 2 === 0
            ? await fetch(`${server.url}/api/posts/published?limit=1000`)
            : await subscribe(server, `cut-${sent}@example.com`);
        await response.arrayBuffer();
        record(response.status);
      } catch (error) {
        connectionErrors.push(String(error));
        if (!server.isRunning()) return;
      }
    }
  };
  const clients = Array.from({ length: CONCURRENT_CLIENTS }, (_, i) => client(i));

  return {
    /** Resolves once `count` more requests have been answered. */
    answered: (count: number) =>
      new Promise<void>((resolve, reject) => {
        waiters.push({ count: statuses.length + count, resolve });
        server.exited.then(() => reject(new Error(`The server exited:\n${server.stderr()}`)));
      }),
    stop: async () => {
      running = false;
      await Promise.all(clients);
      return { statuses, connectionErrors };
    },
  };
}
