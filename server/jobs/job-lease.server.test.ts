import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "#server/db/db.server.ts";
import { eventually } from "#tests/helpers/http.ts";
import {
  createOtherSchema,
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import { allowConsoleError } from "#tests/setup/setup-test-env.ts";
import { runWithLease } from "./job-lease.server.ts";

/** A promise and the function that settles it: a job that runs until the test lets it end. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/**
 * A job that runs until released, and a promise settled once it has started: a test asks from
 * another holder only after that, when the lease is surely taken (asked earlier, the other's
 * brief hold could make this job's single try fail).
 */
function heldJob() {
  const running = gate();
  const started = gate();
  const job = () => {
    started.open();
    return running.opened;
  };
  return { job, started: started.opened, release: running.open };
}

describeEachDatabase("a job's lease", (kind) => {
  let database: TestDatabase;
  const handles: DatabaseHandle[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    for (const handle of handles) await handle.close().catch(() => undefined);
    await database?.destroy();
  });

  /**
   * Another server process's handle on the same data: a second SQLite connection, or a second
   * pool whose connections carry `applicationName` (so the test can find them).
   */
  function openProcess(applicationName = `lease_${randomBytes(4).toString("hex")}`) {
    let databaseUrl = database.databaseUrl;
    if (databaseUrl) {
      const url = new URL(databaseUrl);
      url.searchParams.set("application_name", applicationName);
      databaseUrl = url.toString();
    }
    const handle = openDatabase({
      databaseUrl,
      dataDir: database.dataDir,
      schema: database.schema,
    });
    handles.push(handle);
    return handle;
  }

  it("lets one of two processes run a job at a time, and the other once it is done", async () => {
    const [a, b] = [openProcess(), openProcess()];
    const name = `contended-${kind}`;
    const running = gate();
    let inside = 0;
    let most = 0;
    const job = (label: string) => async () => {
      inside += 1;
      most = Math.max(most, inside);
      await running.opened;
      inside -= 1;
      return label;
    };
    const first = runWithLease(a.db, name, job("a"), { holder: "a" });
    await eventually(async () => expect(inside).toBe(1));
    // Asked while A runs, by the other process and by A again: refused at once, not queued.
    expect(await runWithLease(b.db, name, job("b"), { holder: "b" })).toEqual({ ran: false });
    expect(await runWithLease(a.db, name, job("a2"), { holder: "a2" })).toEqual({ ran: false });
    running.open();
    expect(await first).toEqual({ ran: true, value: "a" });
    expect(most).toBe(1);
    // Given back: the other process runs it now.
    expect(await runWithLease(b.db, name, job("b"), { holder: "b" })).toEqual({
      ran: true,
      value: "b",
    });
  });

  it("runs exactly one of many attempts made at the same moment from two processes", async () => {
    const [a, b] = [openProcess(), openProcess()];
    const name = `burst-${kind}`;
    const running = gate();
    const attempts = Array.from({ length: 8 }, (_, i) =>
      runWithLease(
        i % 2 === 0 ? a.db : b.db,
        name,
        async () => {
          await running.opened;
          return i;
        },
        { holder: `holder-${i}` },
      ),
    );
    // Every attempt but the one running has been refused before the job is let go.
    await eventually(async () => {
      const settled = await Promise.all(
        attempts.map((attempt) => Promise.race([attempt, Promise.resolve("pending")])),
      );
      expect(settled.filter((s) => s === "pending")).toHaveLength(1);
    });
    running.open();
    const outcomes = await Promise.all(attempts);
    expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
  });

  it("gives the lease back when the job fails", async () => {
    const a = openProcess();
    const name = `failing-${kind}`;
    await expect(
      runWithLease(a.db, name, async () => {
        throw new Error("job failed");
      }),
    ).rejects.toThrow("job failed");
    expect(await runWithLease(a.db, name, async () => 1)).toEqual({ ran: true, value: 1 });
  });

  it("keeps jobs of other names apart", async () => {
    const a = openProcess();
    const one = heldJob();
    const first = runWithLease(a.db, `one-${kind}`, one.job);
    await one.started;
    expect(await runWithLease(a.db, `two-${kind}`, async () => 2)).toEqual({ ran: true, value: 2 });
    one.release();
    expect(await first).toMatchObject({ ran: true });
  });

  if (kind === "sqlite") {
    describe("SQLite: a lease row", () => {
      it("is taken over once the lease of a holder that died has run out", async () => {
        const a = openProcess();
        const b = openProcess();
        const name = "dying-holder";
        const start = Date.now();
        const leaseMs = 60_000;
        // A takes the lease and dies mid-run: its job never ends and its connection closes.
        const never = new Promise<void>(() => undefined);
        void runWithLease(a.db, name, () => never, { holder: "a", leaseMs, now: () => start });
        await eventually(async () => {
          const row = await b.db
            .selectFrom("job_leases")
            .selectAll()
            .where("name", "=", name)
            .executeTakeFirst();
          expect(row?.holder).toBe("a");
        });
        await a.close();

        const atB = (ms: number) => ({ holder: "b", leaseMs, now: () => start + ms });
        expect(await runWithLease(b.db, name, async () => "b", atB(leaseMs - 1))).toEqual({
          ran: false,
        });
        expect(await runWithLease(b.db, name, async () => "b", atB(leaseMs))).toEqual({
          ran: true,
          value: "b",
        });
        // B gave it back when done; A's lapsed row is gone with it.
        const rows = await b.db.selectFrom("job_leases").selectAll().execute();
        expect(rows.filter((row) => row.name === name)).toEqual([]);
      });
    });
  }

  if (kind === "postgres") {
    describe("PostgreSQL: an advisory lock", () => {
      it("is taken over at once when the holder's connection is gone", async () => {
        const applicationName = `lease_dying_${randomBytes(4).toString("hex")}`;
        const a = openProcess(applicationName);
        const b = openProcess();
        const name = "dying-holder";
        const aJob = heldJob();
        const held = runWithLease(a.db, name, aJob.job);
        await aJob.started;
        expect(await runWithLease(b.db, name, async () => "b")).toEqual({ ran: false });
        // A's process dies: its connection ends, as when the server is killed.
        allowConsoleError(1);
        const { rows } = await sql<{ ended: boolean }>`
          select pg_terminate_backend(l.pid) as ended
          from pg_locks l join pg_stat_activity s on s.pid = l.pid
          where l.locktype = 'advisory' and s.application_name = ${applicationName}
        `.execute(b.db);
        expect(rows).toEqual([{ ended: true }]);
        await eventually(async () =>
          expect(await runWithLease(b.db, name, async () => "b")).toEqual({
            ran: true,
            value: "b",
          }),
        );
        aJob.release();
        // A learns it lost the lock when it tries to give it back.
        await held.catch(() => undefined);
      });

      it("does not block the job of the same name in another schema (another site)", async () => {
        // Advisory locks are the database's: the other site's schema is in the same one.
        const other = await createOtherSchema(database);
        try {
          const a = openProcess();
          const aJob = heldJob();
          const first = runWithLease(a.db, "shared-name", aJob.job);
          await aJob.started;
          expect(await runWithLease(other.handle.db, "shared-name", async () => 1)).toEqual({
            ran: true,
            value: 1,
          });
          aJob.release();
          expect(await first).toMatchObject({ ran: true });
        } finally {
          await other.handle.close();
        }
      });
    });
  }
});
