import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_LAUNCH_OPTIONS } from "./tests/helpers/chromium.ts";

// Browser tests run against the production build (`npm run test:e2e` builds first), served by
// the real server on a loopback port with its own fresh data folder and the demo content.
// The folder is made once by the runner; its workers inherit the variable and open the same
// database to add what a test needs. The server runs on SQLite: what a page does is the same on
// either database, and the API suites prove every rule on PostgreSQL too (describeEachDatabase).
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "studio-e2e-"));
// A port nobody is listening on, unless E2E_PORT names one: a fixed default would make two runs
// on one machine collide. Chosen once by the runner; the workers inherit the variable.
process.env.E2E_PORT ??= freeLoopbackPort();
const port = Number(process.env.E2E_PORT);
export const E2E_BASE_URL = `http://127.0.0.1:${port}`;

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
  ],
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
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
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
