// Shared by the benchmark scripts (bench/index.mjs, lighthouse.mjs): the production build they
// measure.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Builds, then copies build/ to `target`. Other work in this checkout (test set-ups) may rebuild
 * build/ at the same moment; a copy taken while that happened is thrown away and the whole step
 * repeated.
 */
export function buildAndCopy(target) {
  const entry = path.join(root, "build/server/index.js");
  for (let attempt = 1; ; attempt++) {
    const build = spawnSync("npx", ["react-router", "build"], {
      cwd: root,
      encoding: "utf8",
      timeout: 180_000,
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (build.status !== 0) {
      console.error(build.stdout, build.stderr);
      throw new Error(`the build failed (${build.error?.message ?? `exit code ${build.status}`})`);
    }
    try {
      const before = statSync(entry).mtimeMs;
      rmSync(target, { recursive: true, force: true });
      cpSync(path.join(root, "build"), target, { recursive: true });
      if (statSync(entry).mtimeMs === before && existsSync(path.join(target, "client"))) return;
    } catch (error) {
      if (error.code !== "ENOENT") throw error;
    }
    if (attempt === 3) throw new Error("build/ kept changing while it was copied");
    console.log("  build/ changed while it was copied (another build running?); again");
  }
}
