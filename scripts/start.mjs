// `npm start`: build when there is no build yet, then run the production server.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import module from "node:module";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";

const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 22)) {
  // `npm ci` installs the project's own Node 24 (the `node` dev dependency) and npm scripts run
  // it; a production install (`npm ci --omit=dev`) has only the machine's Node.js.
  console.error(
    `Studio Site needs Node.js 22.22 or newer (24 recommended); this is ${process.version}.\n` +
      "Install Node.js 24 (see .nvmrc), or install the dev dependencies too (npm ci), which bring " +
      "the project's own Node.js 24 for npm start.",
  );
  process.exit(1);
}

/**
 * The old generation's limit, in MB (docs/decisions/017-memory-ceiling.md). Between full
 * collections V8 lets the old generation grow to a multiple of what the last one left, and the
 * largest multiple it allows follows the limit: 1.3 at 256 MB, rising to 2 just below 2 GB, and
 * 4 from 2 GB on. Node's default limit is a quarter of the machine's memory (or of a container's
 * limit) up to about 4 GB, so 2 GB or more from 8 GB of memory. Just below 2 GB the heap grows
 * half as far under load, for the same CPU per request: about 50 MB less at the benchmark's
 * peak. A machine whose default is lower already has a smaller multiple, and keeps its default.
 */
const OLD_SPACE_MB = 2000;
const defaultOldSpaceMb = v8.getHeapStatistics().heap_size_limit / (1024 * 1024);

/**
 * Node's settings for the server (docs/decisions/017-memory-ceiling.md). V8 lets each of the
 * young generation's two semi-spaces grow to 32 MB under load, and keeps them that size: 64 MB
 * of the process's memory for objects that mostly live for one request. 4 MB each holds a
 * request's garbage between collections and costs no measurable CPU per request.
 */
const NODE_FLAGS = [
  "--max-semi-space-size=4",
  ...(defaultOldSpaceMb > OLD_SPACE_MB ? [`--max-old-space-size=${OLD_SPACE_MB}`] : []),
];

/**
 * The memory allocator (docs/decisions/017-memory-ceiling.md). glibc's returns freed memory to
 * the system only from the top of its heap, so a server that was busy keeps what its busiest
 * moment used: 237 MB a minute after the benchmark's load against 144 MB before it. jemalloc
 * gives freed pages back within a second or two (136 MB there) and is one package on most Linux
 * systems (`libjemalloc2` on Debian and Ubuntu), so the server runs with it when it is
 * installed, with a background thread purging and two arenas. Without it, glibc gets settings
 * that help a little: a fixed threshold of 128 KB for serving a block from its own mapping (by
 * default glibc raises it whenever such a block is freed, so the buffers of busy moments end up
 * in the heap), trimming above 128 KB, and two arenas. An operator's own LD_PRELOAD (even
 * empty), MALLOC_CONF or GLIBC_TUNABLES is left as it is.
 */
const JEMALLOC_CONF = "background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0,narenas:2";
const GLIBC_MALLOC_TUNABLES =
  "glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072:glibc.malloc.arena_max=2";

/** Where Linux distributions install jemalloc's shared library. */
function findJemalloc() {
  const multiarch = { x64: "x86_64-linux-gnu", arm64: "aarch64-linux-gnu" }[process.arch];
  const candidates = [
    ...(multiarch ? [`/usr/lib/${multiarch}/libjemalloc.so.2`] : []),
    "/usr/lib64/libjemalloc.so.2",
    "/usr/lib/libjemalloc.so.2",
  ];
  return candidates.find((file) => existsSync(file)) ?? null;
}

/** The environment variables the allocator needs that are not set yet. */
function allocatorSettings(env) {
  if (process.platform !== "linux" || env.LD_PRELOAD !== undefined) return {};
  const jemalloc = findJemalloc();
  if (jemalloc) {
    return {
      LD_PRELOAD: jemalloc,
      ...(env.MALLOC_CONF === undefined && { MALLOC_CONF: JEMALLOC_CONF }),
    };
  }
  return env.GLIBC_TUNABLES === undefined ? { GLIBC_TUNABLES: GLIBC_MALLOC_TUNABLES } : {};
}

// V8 and the C library read these when the process starts, not later, so the process replaces
// itself (same PID, same output, same signals) with one started with them. A flag already given,
// on the command line or in NODE_OPTIONS, is left as it is; without process.execve (Windows) the
// server runs with Node's defaults.
const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)].map((flag) =>
  flag.split("=")[0].replaceAll("_", "-"),
);
const missing = NODE_FLAGS.filter((flag) => !given.includes(flag.split("=")[0]));
const allocator = allocatorSettings(process.env);
if (
  (missing.length > 0 || Object.keys(allocator).length > 0) &&
  typeof process.execve === "function"
) {
  process.execve(
    process.execPath,
    [process.execPath, ...missing, ...process.execArgv, ...process.argv.slice(1)],
    { ...process.env, ...allocator },
  );
}

const root = fileURLToPath(new URL("..", import.meta.url));
const entry = new URL("../build/server/index.js", import.meta.url);
if (!existsSync(entry)) {
  console.log("No build found: building first (npm run build)…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.NODE_ENV ??= "production";
// Node keeps the compiled code of the modules loaded below in its cache folder (in the system's
// temporary folder; NODE_COMPILE_CACHE names another, NODE_DISABLE_COMPILE_CACHE=1 turns it off),
// checked against each file's contents: a restart compiles only what changed, and takes about a
// sixth less CPU (1.5 s against 1.8 s here). Where the folder cannot be written, the server
// starts as before.
module.enableCompileCache();
const { start } = await import(entry.href);
await start();
