import { DatabaseSync } from "node:sqlite";
import { sql } from "kysely";
import { afterEach, expect, it } from "vitest";
import { loadConfig } from "#server/config/env.server.ts";
import { buildDemoContent } from "#server/seed/demo-content.server.ts";
import {
  createServerData,
  killServerProcesses,
  type ServerData,
  sqliteFile,
  startServerProcess,
  stopServerProcess,
} from "#tests/helpers/server-process.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";

// Two server processes started at once on one fresh database (a rolling deploy, two replicas)
// both migrate and both try to seed demo content. Both must come up, and the demo content must
// be there once, exactly as the demo content holds it.

const ROUNDS = 1;
const TABLES = ["posts", "apps", "subscribers"] as const;
type Counts = Record<(typeof TABLES)[number], number>;

afterEach(killServerProcesses);

describeEachDatabase("two servers starting at once on a fresh database", (kind) => {
  it("both migrate and serve, and the demo content is seeded once", {
    timeout: 120_000,
  }, async () => {
    // What one seeding leaves (server/seed/seed.server.test.ts proves a single server's seeding
    // row by row), read from the demo content itself rather than from a server started alone.
    const content = buildDemoContent(loadConfig({ SEED_DEMO: "1" }), new Date());
    const expected: Counts = {
      posts: content.posts.length,
      apps: content.apps.length,
      subscribers: content.subscribers.length,
    };

    for (let round = 0; round < ROUNDS; round += 1) {
      const counts = await withServerData(kind, async (data) => {
        const servers = await Promise.all([
          startServerProcess({ ...data.env, SEED_DEMO: "1" }),
          startServerProcess({ ...data.env, SEED_DEMO: "1" }),
        ]);
        for (const server of servers) {
          expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
          expect((await fetch(`${server.url}/api/posts/published`)).status).toBe(200);
        }
        for (const server of servers) {
          expect(await stopServerProcess(server)).toEqual({ code: 0, signal: null });
        }
        return countRows(data);
      });
      expect(counts, `round ${round}`).toEqual(expected);
    }
  });
});

async function withServerData<T>(kind: ServerData["kind"], fn: (data: ServerData) => Promise<T>) {
  const data = await createServerData(kind);
  try {
    return await fn(data);
  } finally {
    await killServerProcesses();
    await data.destroy();
  }
}

/** Rows per table, read after the servers have stopped. */
async function countRows(data: ServerData): Promise<Counts> {
  const counts = {} as Counts;
  if (data.postgres) {
    const db = data.postgres.database.handle.db;
    for (const table of TABLES) {
      const { rows } = await sql<{ count: number }>`select count(*) as count from ${sql.table(
        table,
      )}`.execute(db);
      counts[table] = Number(rows[0]?.count);
    }
    return counts;
  }
  const database = new DatabaseSync(sqliteFile(data), { readOnly: true });
  try {
    for (const table of TABLES) {
      const row = database.prepare(`select count(*) as count from ${table}`).get();
      counts[table] = Number(row?.count);
    }
    return counts;
  } finally {
    database.close();
  }
}
