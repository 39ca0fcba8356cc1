import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { siteScript } from "./scripts/lib/site-script-plugin.ts";

// Unit and integration tests. The React Router plugin is left out: API tests build the
// Express app without pages, and pages are tested in a real browser (tests/e2e).
export default defineConfig({
  // Pages name the site script's address (app/root.tsx); a test has no build, so the source file.
  plugins: [siteScript()],
  test: {
    exclude: ["tests/e2e/**", "node_modules/**", "build/**"],
    projects: [
      // The server's tests share a worker's modules from file to file: the server keeps no state
      // in its modules (every service lives in the ServerContext a test makes for itself), and
      // loading the server's module graph again for every file took more than a third of the
      // suite's time. Each file still gets a fresh database and server of its own.
      {
        extends: true,
        test: {
          name: "server",
          include: ["{common,server,scripts,tests}/**/*.test.{ts,tsx}"],
          isolate: false,
        },
      },
      // The pages' tests replace modules (vi.mock) and run in a browser-like environment: each
      // file in a fresh worker, so what one file replaces never reaches another.
      { extends: true, test: { name: "app", include: ["app/**/*.test.{ts,tsx}"] } },
    ],
    pool: "forks",
    // One worker more than the cores (Vitest's default is one fewer): process tests wait on child
    // processes, timers and sockets, and a third worker on two cores fills those waits.
    maxWorkers: availableParallelism() + 1,
    globalSetup: ["tests/setup/global-setup.ts"],
    setupFiles: ["tests/setup/setup-test-env.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
