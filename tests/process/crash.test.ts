import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, afterEach, expect, it } from "vitest";
import {
  createServerData,
  killServerProcesses,
  type ServerData,
  type ServerProcess,
  sqliteFile,
  startServerProcess,
  stopServerProcess,
  subscribe,
} from "#tests/helpers/server-process.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";

// A server killed outright (power cut, OOM killer, `kill -9`) must not lose a subscription it
// has already confirmed, nor leave a database that the next start cannot use.

// Each kill lands at a different point of eight clients' writes, and each restart opens the data
// exactly as the kill left it; three rounds per database catch what five did, in half the time.
const ITERATIONS = { sqlite: 3, postgres: 3 } as const;
const CONCURRENT_CLIENTS = 8;

afterEach(killServerProcesses);

describeEachDatabase("a server killed while writing", (kind) => {
  let data: ServerData;
  afterAll(() => data?.destroy());

  it(`keeps every acknowledged subscription and an intact database (${ITERATIONS[kind]} kills)`, {
    timeout: 180_000,
  }, async () => {
    data = await createServerData(kind);
    const acknowledged: string[] = [];
    let server = await startServerProcess(data.env);

    for (let round = 0; round < ITERATIONS[kind]; round += 1) {
      const ackedThisRound = await subscribeUntilKilled(server, `r${round}`);
      expect(ackedThisRound.length).toBeGreaterThan(0);
      acknowledged.push(...ackedThisRound);

      const stored = await readSubscribersAfterCrash(data);
      expect(missing(acknowledged, stored), `round ${round}`).toEqual([]);

      // The next round's server starts on the data exactly as the crash left it.
      server = await startServerProcess(data.env);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    }

    expect(await stopServerProcess(server)).toEqual({ code: 0, signal: null });
    const stored = await readSubscribersAfterCrash(data);
    expect(missing(acknowledged, stored)).toEqual([]);
  });
});

/**
 * Several clients subscribe one unique address after another; shortly after the first
 * acknowledgement, while requests are in flight, the server is SIGKILLed. Returns the
 * addresses the server answered 200 for.
 */
async function subscribeUntilKilled(server: ServerProcess, label: string): Promise<string[]> {
  const acked: string[] = [];
  const otherStatuses: number[] = [];
  let firstAck: () => void = () => undefined;
  const firstAcked = new Promise<void>((resolve) => {
    firstAck = resolve;
  });
  let sent = 0;

  const client = async () => {
    for (;;) {
      sent += 1;
      const email = `crash-${label}-${sent}@example.com`;
      let response: Response;
      try {
        response = await subscribe(server, email);
        await response.arrayBuffer();
      } catch {
        return; // The connection died with the server.
      }
      if (response.status === 200) {
        acked.push(email);
        firstAck();
      } else {
        otherStatuses.push(response.status);
      }
    }
  };
  const clients = Array.from({ length: CONCURRENT_CLIENTS }, client);

  await firstAcked;
  await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 250));
  server.signal("SIGKILL");
  expect(await server.exited).toEqual({ code: null, signal: "SIGKILL" });
  await Promise.all(clients);

  expect(otherStatuses).toEqual([]);
  return acked;
}

/**
 * The subscribers table of a database whose server is dead, after checking it is intact.
 * SQLite is checked on a copy of the database file and its write-ahead log, so the original
 * stays exactly as the crash left it for the next start to recover.
 */
async function readSubscribersAfterCrash(data: ServerData): Promise<Set<string>> {
  if (data.postgres) {
    const rows = await data.postgres.database.handle.db
      .selectFrom("subscribers")
      .select("email")
      .execute();
    return new Set(rows.map((row) => row.email));
  }
  const copyDir = mkdtempSync(path.join(tmpdir(), "studio-crash-copy-"));
  try {
    const file = sqliteFile(data);
    const copy = path.join(copyDir, "studio.db");
    copyFileSync(file, copy);
    if (existsSync(`${file}-wal`)) copyFileSync(`${file}-wal`, `${copy}-wal`);
    const database = new DatabaseSync(copy);
    try {
      expect(database.prepare("pragma integrity_check").all()).toEqual([{ integrity_check: "ok" }]);
      const rows = database.prepare("select email from subscribers").all();
      return new Set(rows.map((row) => String(row.email)));
    } finally {
      database.close();
    }
  } finally {
    rmSync(copyDir, { recursive: true, force: true });
  }
}

function missing(expected: string[], stored: Set<string>): string[] {
  return expected.filter((email) => !stored.has(email));
}
