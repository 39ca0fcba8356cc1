// The servers the benchmark starts as child processes (the yardstick and the production site
// server), each stopped by its PID, and each site server's role for finding its CPU profile.
import { spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { cleanups } from "./cleanup.mjs";
import { BENCH_OWNER, CPU_PROF_DIR } from "./options.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Children still running; killed (SIGKILL, by PID) if this process ends without cleaning up. */
const children = new Set();
process.once("exit", () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) process.kill(child.pid, "SIGKILL");
  }
});

/** What each site server measured, by PID, for finding its CPU profile (BENCH_CPU_PROF). */
export const profiledServers = [];

/**
 * Where the servers' stdout goes: a folder in the run's temporary one (set by index.mjs), one
 * file per server.
 */
export const CHILD_LOGS = { dir: null, count: 0 };

/**
 * Starts the production server on `database` with `npm start`'s script (a copy of
 * scripts/start.mjs beside the copied build; it adds Node's flags itself). `cacheTtlMs`
 * undefined leaves the response cache at its default lifetime (any RESPONSE_CACHE_TTL_MS of this
 * shell is not passed on); 0 turns it off. `prelude` is a module file run in the server's
 * process before the script (`--import`).
 */
export async function startSite({
  startScript,
  database,
  cacheTtlMs,
  owner = false,
  prelude = null,
  env: extraEnv = {},
}) {
  const env = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: "0",
    DATA_DIR: database.dataDir,
    SEED_DEMO: "0",
    DATABASE_URL: database.url ?? "",
    ADMIN_EMAIL: owner ? BENCH_OWNER.email : "",
    ADMIN_PASSWORD: owner ? BENCH_OWNER.password : "",
    ...extraEnv,
  };
  if (cacheTtlMs === undefined) delete env.RESPONSE_CACHE_TTL_MS;
  else env.RESPONSE_CACHE_TTL_MS = String(cacheTtlMs);
  const site = await startChild({
    name: "site",
    args: [
      ...(CPU_PROF_DIR ? ["--cpu-prof", `--cpu-prof-dir=${CPU_PROF_DIR}`] : []),
      ...(prelude ? ["--import", pathToFileURL(prelude).href] : []),
      startScript,
    ],
    env,
    ready: /Studio Site is serving on http:\/\/127\.0\.0\.1:(\d+)/,
  });
  site.origin = `http://127.0.0.1:${site.port}`;
  site.cacheOff = cacheTtlMs === 0;
  const cache = cacheTtlMs === 0 ? "cache off" : "cache on";
  console.log(`  site: ${site.origin} (PID ${site.child.pid}, ${database.count} posts, ${cache})`);
  profiledServers.push(`${site.child.pid}: ${database.count} posts, ${cache}`);
  return site;
}

/**
 * Starts `node …args` and resolves once its output matches `ready` (whose first group is the
 * port). Its PID is registered for clean-up at once. Its stdout goes to a file of its own in
 * CHILD_LOGS (a server writes a line per request, as in production at LOG_LEVEL=info), read
 * for `ready` only: a log shipper takes lines as fast as they come, which this process,
 * busy making the load, would not, and nothing of the load generator's CPU goes to them.
 * The last lines of stderr (warnings and errors) are kept to explain a failure.
 */
export function startChild({ name, args, env, ready, timeoutMs = 30_000 }) {
  if (!CHILD_LOGS.dir) throw new Error("startChild: no folder for the servers' output yet");
  mkdirSync(CHILD_LOGS.dir, { recursive: true });
  const logFile = path.join(CHILD_LOGS.dir, `${name}-${++CHILD_LOGS.count}.log`);
  const stdout = openSync(logFile, "w");
  const child = spawn(process.execPath, args, {
    cwd: root,
    env,
    stdio: ["ignore", stdout, "pipe"],
  });
  closeSync(stdout);
  const handle = { name, child, port: 0, output: [], exited: null };
  children.add(child);
  handle.exited = new Promise((resolve) =>
    child.once("exit", (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    }),
  );
  cleanups.push({ label: `${name} server`, fn: () => stopChild(handle) });
  child.stderr.on("data", (chunk) => {
    handle.output.push(...chunk.toString().split("\n").filter(Boolean));
    handle.output.splice(0, Math.max(0, handle.output.length - 40));
  });
  return new Promise((resolve, reject) => {
    const startedAt = Date.now();
    let poll = null;
    function fail(why) {
      clearTimeout(poll);
      const logged = readFileSync(logFile, "utf8").split("\n").filter(Boolean).slice(-20);
      reject(
        new Error(`the ${name} server ${why}:\n  ${[...logged, ...handle.output].join("\n  ")}`),
      );
    }
    const exitedEarly = (code, signal) => fail(`exited early (${signal ?? `code ${code}`})`);
    child.once("error", (error) => fail(`could not be started (${error.message})`));
    child.once("exit", exitedEarly);
    const look = () => {
      const match = ready.exec(readFileSync(logFile, "utf8"));
      if (match) {
        handle.port = Number(match[1]);
        child.off("exit", exitedEarly);
        resolve(handle);
      } else if (Date.now() - startedAt > timeoutMs) {
        fail(`did not start within ${timeoutMs / 1000} s`);
      } else {
        poll = setTimeout(look, 50);
      }
    };
    look();
  });
}

/** Stops a child by its PID: SIGTERM, then SIGKILL if it is still there after 15 s. */
export async function stopChild(handle) {
  const { child } = handle;
  if (child.exitCode !== null || child.signalCode !== null) return;
  process.kill(child.pid, "SIGTERM");
  const stopped = await Promise.race([
    handle.exited.then(() => true),
    new Promise((resolve) => setTimeout(() => resolve(false), 15_000).unref()),
  ]);
  if (!stopped) {
    console.error(`The ${handle.name} server (PID ${child.pid}) ignored SIGTERM; killing it.`);
    process.kill(child.pid, "SIGKILL");
    await handle.exited;
  }
}
