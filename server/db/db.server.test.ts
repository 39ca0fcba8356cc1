import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { describe, expect, it, onTestFinished } from "vitest";
import { createTestDatabase, describeEachDatabase } from "#tests/helpers/test-database.ts";
import { openDatabase } from "./db.server.ts";

// Two servers started together on one fresh SQLite file: while one is already writing
// (migrating, RESERVED lock), the other asks for WAL mode, which needs an exclusive lock.
// SQLite sees a possible deadlock and answers SQLITE_BUSY at once, without waiting out the
// busy timeout; openDatabase must wait and retry instead of failing to start.

const dbModule = fileURLToPath(new URL("./db.server.ts", import.meta.url));
const OPEN_AND_REPORT = `
  const { openDatabase } = await import(${JSON.stringify(dbModule)});
  console.log("opening");
  const handle = openDatabase({ dataDir: process.argv[1] });
  const { rows } = await handle.db.executeQuery({ sql: "PRAGMA journal_mode", parameters: [], query: { kind: "RawNode" } });
  await handle.close();
  console.log(rows[0].journal_mode);
`;

/**
 * Opens the database in a child process; `opening` settles once the child is about to open it
 * (starting Node and loading the module can take a while on a busy machine).
 */
function openInChild(dataDir: string): {
  opening: Promise<void>;
  opened: Promise<{ code: number | null; out: string }>;
} {
  let started: () => void = () => undefined;
  const opening = new Promise<void>((resolve) => {
    started = resolve;
  });
  const opened = new Promise<{ code: number | null; out: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", OPEN_AND_REPORT, dataDir], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      if (out.startsWith("opening\n")) started();
    });
    child.stderr.on("data", (chunk) => {
      out += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      started();
      resolve({ code, out: out.replace(/^opening\n/, "").trim() });
    });
  });
  return { opening, opened };
}

describe("openDatabase on SQLite", () => {
  it("waits for another process's write to finish before switching a fresh file to WAL", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "studio-open-"));
    const other = new DatabaseSync(path.join(dataDir, "studio.db"));
    try {
      other.exec("begin immediate; create table migrating (x integer);");
      const { opening, opened } = openInChild(dataDir);
      // Once the child has started to open the file, hold the lock a moment longer, so that
      // it meets the lock however long it took to get there.
      await opening;
      await new Promise((resolve) => setTimeout(resolve, 300));
      other.exec("commit");
      expect(await opened).toEqual({ code: 0, out: "wal" });
    } finally {
      other.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("the SQLite file's mode", () => {
  it("narrows a database made readable by others to its owner at open, -wal and -shm included", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "studio-db-mode-"));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const file = path.join(dataDir, "studio.db");
    // As an earlier version left it under umask 022.
    const earlier = new DatabaseSync(file);
    earlier.exec("PRAGMA journal_mode = WAL; create table t (x); insert into t values (1);");
    earlier.close();
    chmodSync(file, 0o644);
    const handle = openDatabase({ dataDir });
    onTestFinished(() => handle.close());
    await sql`insert into t values (2)`.execute(handle.db);
    for (const each of [file, `${file}-wal`, `${file}-shm`]) {
      expect((statSync(each).mode & 0o777).toString(8), each).toBe("600");
    }
  });
});

describeEachDatabase("a database handle's close", (kind) => {
  it("closes a handle that never ran a query: it answers no more", async () => {
    const database = await createTestDatabase(kind, { migrate: false });
    try {
      await database.handle.close();
      expect(await database.handle.ping()).toBe(false);
      await expect(database.handle.db.selectFrom("posts").selectAll().execute()).rejects.toThrow();
      // Closing again, as a shutdown after a failed start may, is harmless.
      await database.handle.close();
    } finally {
      await database.destroy();
    }
  });
});
