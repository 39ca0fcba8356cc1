import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";
import { type Db, openDatabase } from "#server/db/db.server.ts";
import type { DbKind } from "#server/db/dialect.server.ts";
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from "./test-database.ts";

// The production server run the way `npm start` runs it (scripts/start.mjs importing
// build/server/index.js), as a child process, so tests can signal it, kill it and restart it.
// tests/setup/global-setup.ts builds it and provides a copy made for this test run.

function serverRoot(): string {
  const prepared = inject("serverProcess");
  if (!prepared) return fileURLToPath(new URL("../..", import.meta.url));
  if ("error" in prepared) throw new Error(prepared.error);
  return prepared.root;
}
const SERVING_LINE = /Studio Site is serving on http:\/\/127\.0\.0\.1:(\d+)/;

export type ExitResult = { code: number | null; signal: NodeJS.Signals | null };

export type ServerProcess = {
  pid: number;
  port: number;
  /** http://127.0.0.1:<port> */
  url: string;
  /** Everything the process printed so far. */
  stdout: () => string;
  stderr: () => string;
  /** Settles when the process has exited. */
  exited: Promise<ExitResult>;
  isRunning: () => boolean;
  /** Resolves once stdout contains a line matching the pattern. */
  waitForOutput: (pattern: RegExp, timeoutMs?: number) => Promise<void>;
  /** Sends a signal to this process (by its PID). */
  signal: (signal: NodeJS.Signals) => void;
};

const running = new Set<ChildProcess>();

/**
 * Kills (SIGKILL, by PID) every server process this test file started that is still running.
 * Call it in afterEach/afterAll so a failing test leaves nothing behind.
 */
export async function killServerProcesses(): Promise<void> {
  const children = [...running];
  for (const child of children) killChild(child);
  await Promise.all(
    children.map((child) =>
      child.exitCode === null && child.signalCode === null
        ? new Promise((resolve) => child.once("exit", resolve))
        : undefined,
    ),
  );
}

// Last resort when the worker itself ends (e.g. an interrupted run).
process.once("exit", () => {
  for (const child of running) killChild(child);
});

function killChild(child: ChildProcess) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(child.pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}

/**
 * Environment for a server process: loopback only, a port the system picks, no demo content, one
 * trusted proxy hop (so tests give each request its own X-Forwarded-For address and stay under
 * the newsletter rate limit). Nothing is inherited from the test run but PATH, so a DATABASE_URL
 * set in the developer's shell cannot leak in.
 */
function serverEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const merged: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: "0",
    SEED_DEMO: "0",
    TRUST_PROXY: "1",
    ...env,
  };
  return Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined));
}

function spawnServer(env: Record<string, string | undefined>) {
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: serverRoot(),
    env: serverEnv(env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<ExitResult>((resolve) => {
    child.once("exit", (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
  });
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

/**
 * Starts the production server with the given environment (DATA_DIR and, for PostgreSQL,
 * DATABASE_URL at least) and resolves once it says where it is serving. Rejects with its output
 * if it exits or stays silent first.
 */
export async function startServerProcess(
  env: Record<string, string | undefined>,
  { timeoutMs = 30_000 }: { timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const { child, exited, stdout, stderr } = spawnServer(env);
  if (child.pid === undefined) throw new Error("The server process could not be spawned.");
  const pid = child.pid;
  const isRunning = () => child.exitCode === null && child.signalCode === null;

  const waitForOutput = (pattern: RegExp, waitMs = 10_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!pattern.test(stdout())) return false;
        done();
        resolve();
        return true;
      };
      const onExit = () => {
        if (check()) return;
        done();
        reject(new Error(`Server exited before printing ${pattern}:\n${stdout()}${stderr()}`));
      };
      const timer = setTimeout(() => {
        done();
        reject(
          new Error(`Server did not print ${pattern} within ${waitMs} ms:\n${stdout()}${stderr()}`),
        );
      }, waitMs);
      const done = () => {
        clearTimeout(timer);
        child.stdout?.off("data", check);
        child.off("exit", onExit);
      };
      if (check()) return;
      child.stdout?.on("data", check);
      child.once("exit", onExit);
    });

  await waitForOutput(SERVING_LINE, timeoutMs);
  const port = Number(SERVING_LINE.exec(stdout())?.[1]);
  return {
    pid,
    port,
    url: `http://127.0.0.1:${port}`,
    stdout,
    stderr,
    exited,
    isRunning,
    waitForOutput,
    signal: (signal) => process.kill(pid, signal),
  };
}

/**
 * Stops a server with SIGTERM and waits for it to exit; SIGKILLs it if it has not exited
 * within the timeout (and then reports that it hung).
 */
export async function stopServerProcess(
  server: ServerProcess,
  timeoutMs = 20_000,
): Promise<ExitResult> {
  if (!server.isRunning()) return server.exited;
  server.signal("SIGTERM");
  return waitForExit(server, timeoutMs);
}

/** Waits for the process to exit; SIGKILLs it and throws if it does not within the timeout. */
export async function waitForExit(server: ServerProcess, timeoutMs: number): Promise<ExitResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      if (server.isRunning()) server.signal("SIGKILL");
      reject(new Error(`Server process ${server.pid} did not exit within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([server.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs a server that is expected to fail at start, and resolves with how it exited and what it
 * printed. It is killed if it is still running after the timeout.
 */
export async function runFailingServerProcess(
  env: Record<string, string | undefined>,
  timeoutMs = 20_000,
): Promise<ExitResult & { stdout: string; stderr: string }> {
  const { child, exited, stdout, stderr } = spawnServer(env);
  const timer = setTimeout(() => killChild(child), timeoutMs);
  const result = await exited;
  clearTimeout(timer);
  return { ...result, stdout: stdout(), stderr: stderr() };
}

/** The data a server process works on, with what a test needs to look at it afterwards. */
export type ServerData = {
  kind: DbKind;
  /** DATA_DIR, plus DATABASE_URL for PostgreSQL. */
  env: Record<string, string>;
  dataDir: string;
  /** PostgreSQL: the test's own connection to the same schema, and the server's application_name. */
  postgres: { database: TestDatabase; applicationName: string } | undefined;
  destroy: () => Promise<void>;
};

/**
 * Fresh, empty, not yet migrated data for a server process: a new SQLite data folder, or a new
 * PostgreSQL database whose connections carry a unique application_name (so a test can find the
 * server's backends in pg_stat_activity).
 */
export async function createServerData(kind: DbKind): Promise<ServerData> {
  if (kind === "sqlite") {
    const dataDir = mkdtempSync(path.join(tmpdir(), "studio-process-"));
    return {
      kind,
      env: { DATA_DIR: dataDir },
      dataDir,
      postgres: undefined,
      destroy: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  if (!TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL is not set");
  const database = await createTestDatabase("postgres", { migrate: false });
  const applicationName = `studio_test_${randomBytes(6).toString("hex")}`;
  const url = new URL(database.databaseUrl ?? TEST_DATABASE_URL);
  url.searchParams.set("application_name", applicationName);
  return {
    kind,
    env: { DATA_DIR: database.dataDir, DATABASE_URL: url.toString() },
    dataDir: database.dataDir,
    postgres: { database, applicationName },
    destroy: () => database.destroy(),
  };
}

/**
 * The test's own handle on a server process's database, to add rows as another process would:
 * PostgreSQL's test connection to the same schema, or the SQLite file opened a second time.
 * `close` closes only what this opened.
 */
export function openServerDatabase(data: ServerData): { db: Db; close: () => Promise<void> } {
  if (data.postgres) return { db: data.postgres.database.handle.db, close: async () => undefined };
  const handle = openDatabase({ dataDir: data.dataDir });
  return { db: handle.db, close: () => handle.close() };
}

/** The SQLite database file a server process uses in its data folder. */
export function sqliteFile(data: ServerData): string {
  return path.join(data.dataDir, "studio.db");
}

let clientAddresses = 0;

/**
 * An address no earlier request from this test file used, for X-Forwarded-For: the newsletter
 * calls are rate-limited per client address, and the servers here trust one proxy hop.
 */
export function nextClientAddress(): string {
  clientAddresses += 1;
  const n = clientAddresses;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** POST /api/newsletter/subscribe from a fresh client address. */
export function subscribe(server: { url: string }, email: string): Promise<Response> {
  return fetch(`${server.url}/api/newsletter/subscribe`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": nextClientAddress() },
    body: JSON.stringify({ email }),
  });
}
