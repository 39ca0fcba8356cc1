import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  rmSync,
  statSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#server/db/db.server.ts";
import { migrateToLatest } from "#server/db/migrate.server.ts";
import {
  dropPostgresDatabase,
  postgresUrlOf,
  TEST_DATABASE_PREFIX,
  testDatabaseName,
  withAdminClient,
} from "#tests/helpers/test-database.ts";

declare module "vitest" {
  interface ProvidedContext {
    /**
     * For tests/helpers/server-process.ts: a folder holding scripts/start.mjs and build/ as of
     * this test run, or why there is none.
     */
    serverProcess: { root: string } | { error: string };
    /**
     * For tests/helpers/test-database.ts, with TEST_DATABASE_URL: the migrated PostgreSQL
     * database that test databases are copied from, and the run whose prefix their names carry.
     */
    postgresTemplate: { template: string; run: number } | null;
  }
}

const root = fileURLToPath(new URL("../..", import.meta.url));

/** What the production build is made from; a change to any of these makes the build stale. */
const BUILD_SOURCES = ["app", "server", "common", "vite.config.ts", "react-router.config.ts"];
const SERVER_BUILD = path.join(root, "build/server/index.js");
/** Where each run keeps its copy: inside node_modules/, so the bundle's imports resolve. */
const COPIES = path.join(root, "node_modules/.cache/studio-site-tests");

/**
 * Says once, in one line, when the PostgreSQL suites will not run, and prepares the production
 * server that the process tests (tests/process) start as child processes: builds it unless the
 * build is newer than every source file, then copies it aside for this run, so that a
 * `react-router build` started elsewhere meanwhile (which empties build/) cannot pull it away
 * from under a running test. The copy sits inside node_modules/ so the bundle's imports resolve.
 */
export default async function globalSetup(project: TestProject) {
  if (!process.env.TEST_DATABASE_URL) {
    console.log(
      "PostgreSQL suites skipped: TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test).",
    );
  }
  const dropTemplate = await preparePostgresTemplate(project);
  removeCopiesOfEndedRuns();
  const copy = path.join(COPIES, `server-${process.pid}-${randomBytes(4).toString("hex")}`);
  try {
    try {
      copyServer(copy);
    } catch {
      // Someone else's build emptied build/ while we copied it: build once more and copy again.
      rmSync(copy, { recursive: true, force: true });
      buildServer();
      copyServer(copy);
    }
    project.provide("serverProcess", { root: copy });
  } catch (error) {
    // A page that does not build yet should not stop the unit tests; the process tests report it.
    const message = error instanceof Error ? error.message : String(error);
    console.log("Process tests will fail: the production server could not be built.");
    project.provide("serverProcess", { error: message });
  }
  return async () => {
    rmSync(copy, { recursive: true, force: true });
    await dropTemplate();
  };
}

/**
 * With TEST_DATABASE_URL: one database migrated to the latest schema, which each PostgreSQL test
 * database is copied from (`create database … template`: a tenth of the time of migrating each).
 * Drops what killed runs left behind first; the returned function drops this run's databases.
 */
async function preparePostgresTemplate(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  project.provide("postgresTemplate", null);
  if (!url) return async () => undefined;
  await dropDatabasesOf((pid) => !isRunning(pid));
  const template = testDatabaseName("template");
  await withAdminClient((client) => client.query(`create database ${template}`));
  const handle = openDatabase({ databaseUrl: postgresUrlOf(url, template), dataDir: root });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
  project.provide("postgresTemplate", { template, run: process.pid });
  return () => dropDatabasesOf((pid) => pid === process.pid);
}

/**
 * Drops the test databases of the runs the predicate picks (by the process id in the name).
 * Another run's database that someone is connected to is left alone: a run on another machine
 * sharing this server has process ids of its own.
 */
async function dropDatabasesOf(picked: (pid: number) => boolean) {
  const { rows } = await withAdminClient((client) =>
    client.query<{ name: string; busy: boolean }>(
      `select datname as name,
              exists (select 1 from pg_stat_activity a where a.datname = d.datname) as busy
         from pg_database d where datname like $1`,
      [`${TEST_DATABASE_PREFIX.replaceAll("_", "\\_")}%`],
    ),
  );
  for (const { name, busy } of rows) {
    const pid = Number(new RegExp(`^${TEST_DATABASE_PREFIX}(\\d+)_`).exec(name)?.[1]);
    if (pid && picked(pid) && (pid === process.pid || !busy)) await dropPostgresDatabase(name);
  }
}

/** A run that was killed never removed its copy; the process id in the name tells. */
function removeCopiesOfEndedRuns() {
  if (!existsSync(COPIES)) return;
  for (const name of readdirSync(COPIES)) {
    const pid = Number(/^server-(\d+)-/.exec(name)?.[1]);
    if (pid && !isRunning(pid)) rmSync(path.join(COPIES, name), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function copyServer(copy: string) {
  if (!isBuildFresh()) buildServer();
  cpSync(path.join(root, "build"), path.join(copy, "build"), { recursive: true });
  mkdirSync(path.join(copy, "scripts"));
  copyFileSync(path.join(root, "scripts/start.mjs"), path.join(copy, "scripts/start.mjs"));
  if (!existsSync(path.join(copy, "build/server/index.js"))) {
    throw new Error("The copied build has no build/server/index.js");
  }
}

function isBuildFresh(): boolean {
  return existsSync(SERVER_BUILD) && statSync(SERVER_BUILD).mtimeMs > newestSourceMtime();
}

function buildServer() {
  console.log("Building the production server for the process tests (react-router build)…");
  // NODE_ENV=test (set by Vitest) would leak into the bundle's mode; build as `npm run build` does.
  const result = spawnSync("npx", ["react-router", "build"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production" },
    encoding: "utf8",
  });
  if (result.status !== 0) {
    throw new Error(
      `react-router build failed (${result.error?.message ?? `exit code ${result.status}`}):\n${result.stdout}${result.stderr}`,
    );
  }
}

function newestSourceMtime(): number {
  let newest = 0;
  const visit = (file: string) => {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const entry of readdirSync(file)) visit(path.join(file, entry));
    } else if (!/\.test\.tsx?$/.test(file)) {
      // Test files beside the code are not part of the build.
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const source of BUILD_SOURCES) visit(path.join(root, source));
  return newest;
}
