import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// Browser tests run against the production build (`npm run test:e2e` builds first), served by
// the real server on a loopback port with its own fresh data folder and the demo content.
// The folder is made once by the runner; its workers inherit the variable and open the same
// database to add what a test needs.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "studio-e2e-"));
// A port nobody is listening on, unless E2E_PORT names one: a fixed default would make two runs
// on one machine collide. Chosen once by the runner; the workers inherit the variable.
process.env.E2E_PORT ??= freeLoopbackPort();
const port = Number(process.env.E2E_PORT);
export const E2E_BASE_URL = `http://127.0.0.1:${port}`;

/**
 * The specs with tests whose behaviour lives in the database: of these, the tests tagged
 * `@postgres` (the editor's versions, autosave, working copy and history; the staff tables'
 * paging, filters, search, order and bulk actions; a newsletter sent to its end; tag changes)
 * run on PostgreSQL too. The rest of each spec (texts, layout, accessibility, the browser's own
 * behaviour) is the same on either database, and the API suites run every rule on both.
 */
const POSTGRES_SPECS = [
  "dashboard/editor-autosave.spec.ts",
  "dashboard/editor-actions.spec.ts",
  "dashboard/posts-table.spec.ts",
  "dashboard/mailing-list.spec.ts",
  "dashboard/tags.spec.ts",
  "dashboard/newsletters.spec.ts",
];

// With TEST_DATABASE_URL, a second server runs on PostgreSQL, in a schema of its own (made here
// once, dropped by the teardown), for the tests whose behaviour lives in the database.
const postgres = process.env.TEST_DATABASE_URL
  ? postgresServer(process.env.TEST_DATABASE_URL)
  : null;

export default defineConfig({
  testDir: "tests/e2e",
  // Two groups on one server: the public pages first, whose tests compare the pages with the
  // API's answers, then the dashboard, whose tests create, publish and delete content. Run at
  // the same time, a post published by one could appear between another's API call and its page.
  // What the public specs need published is added by a setup project before they start
  // (public.setup.ts), never while they run.
  projects: [
    { name: "public-setup", testMatch: "public.setup.ts" },
    {
      name: "public",
      testMatch: "*.spec.ts",
      testIgnore: "dashboard/**",
      dependencies: ["public-setup"],
    },
    { name: "dashboard", testMatch: "dashboard/**/*.spec.ts", dependencies: ["public"] },
    ...(postgres
      ? [
          {
            name: "dashboard-postgres",
            testMatch: POSTGRES_SPECS,
            grep: /@postgres/,
            dependencies: ["dashboard"],
            use: { baseURL: postgres.baseUrl },
            metadata: { databaseUrl: postgres.databaseUrl, dataDir: postgres.dataDir },
          },
        ]
      : []),
  ],
  globalTeardown: "./tests/e2e/global-teardown.ts",
  fullyParallel: false,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  // The longest flows (an editor session through autosaves, its history and the public page;
  // a page scanned for accessibility at two widths) take 15-30 s on a quiet machine and up to
  // twice that on a slower one. Each step still fails on its own after 5 s.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  reporter: [["list"]],
  use: {
    baseURL: E2E_BASE_URL,
    viewport: { width: 1280, height: 900 },
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? chromiumPath(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
      ],
    },
  },
  webServer: [
    {
      command: "node scripts/start.mjs",
      url: `${E2E_BASE_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        HOST: "127.0.0.1",
        PORT: String(port),
        DATA_DIR: process.env.E2E_DATA_DIR,
        SITE_URL: E2E_BASE_URL,
        SEED_DEMO: "1",
        NODE_ENV: "production",
        // Warnings and errors only: a line per request would bury them in the run's output.
        LOG_LEVEL: "warn",
        // Many tests subscribe from the same address; the limit itself is tested over HTTP.
        TRUST_PROXY: "0",
        // No outside service from tests: the editor's video lookup fails at once (a closed local
        // port), as it does when YouTube cannot be reached. Specs that need an answer start a
        // server of their own pointed at tests/fakes/youtube-server.ts.
        YOUTUBE_BASE_URL: "http://127.0.0.1:9",
        YOUTUBE_IMAGE_BASE_URL: "http://127.0.0.1:9",
      },
    },
    ...(postgres ? [postgres.webServer] : []),
  ],
});

/** A loopback port that is free now (the configuration is read synchronously). */
function freeLoopbackPort(): string {
  const script =
    'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });';
  const result = spawnSync(process.execPath, ["-e", script], { encoding: "utf8" });
  const found = result.stdout.trim();
  if (result.status !== 0 || !/^\d+$/.test(found)) {
    throw new Error(`Could not find a free port: ${result.stderr}`);
  }
  return found;
}

/** The PostgreSQL server's schema (made now, once for the run), address and command. */
function postgresServer(adminUrl: string) {
  if (!process.env.E2E_PG_SCHEMA) {
    const schema = `e2e_${process.pid}_${Date.now().toString(36)}`;
    const script = `const pg = require("pg"); const c = new pg.Client({ connectionString: process.argv[1] }); c.connect().then(() => c.query("create schema ${schema}")).then(() => c.end()).catch((e) => { console.error(e.message); process.exit(1); });`;
    const made = spawnSync(process.execPath, ["-e", script, adminUrl], { encoding: "utf8" });
    if (made.status !== 0) throw new Error(`Could not make the PostgreSQL schema: ${made.stderr}`);
    process.env.E2E_PG_SCHEMA = schema;
  }
  process.env.E2E_PG_PORT ??= freeLoopbackPort();
  // Made once by the runner, like the port: the workers read the server's outbox there.
  process.env.E2E_PG_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "studio-e2e-pg-"));
  const schema = process.env.E2E_PG_SCHEMA;
  const pgPort = Number(process.env.E2E_PG_PORT);
  const baseUrl = `http://127.0.0.1:${pgPort}`;
  const url = new URL(adminUrl);
  url.searchParams.set("options", `-c search_path=${schema}`);
  const databaseUrl = url.toString();
  return {
    baseUrl,
    databaseUrl,
    dataDir: process.env.E2E_PG_DATA_DIR,
    webServer: {
      command: "node scripts/start.mjs",
      url: `${baseUrl}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "pipe" as const,
      stderr: "pipe" as const,
      env: {
        HOST: "127.0.0.1",
        PORT: String(pgPort),
        DATA_DIR: process.env.E2E_PG_DATA_DIR,
        DATABASE_URL: databaseUrl,
        SITE_URL: baseUrl,
        SEED_DEMO: "1",
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        TRUST_PROXY: "0",
        YOUTUBE_BASE_URL: "http://127.0.0.1:9",
        YOUTUBE_IMAGE_BASE_URL: "http://127.0.0.1:9",
      },
    },
  };
}

/**
 * The machine's Chromium: its headless shell where installed (the browser without a window, which
 * Playwright itself uses for headless runs: about a third less CPU per test), else the browser.
 */
function chromiumPath(): string {
  const shell = "/usr/bin/chromium-headless-shell";
  return existsSync(shell) ? shell : "/usr/bin/chromium";
}
