// `npm run bench`: throughput of the public read API and the server-rendered pages against a
// bare Node HTTP server answering a fixed 20 KB body (the yardstick), measured in the same run on
// the same machine, so the ratios mean something on any machine; what the same pages and reads
// cost when the response cache cannot answer (a long tail of addresses, each asked less than
// once a second), at several post counts; and the site server's memory under such a load.
// How to run each part, the targets and the latest figures: docs/benchmarks.md.
//
// Steps: build, and copy the build into a temporary folder (other work in this checkout may
// rebuild build/ while we measure); start the yardstick as a child process on a loopback port.
// Then the parts, each with its own fresh database (a new SQLite file, or a new schema when
// DATABASE_URL is set) and its own production site server (a child process):
//   1. cache hits: 1,000 posts, the response cache on (its default lifetime); the TARGETS.
//   2. uncached: for each post count of BENCH_POSTS, a database of that many posts and a server
//      started with RESPONSE_CACHE_TTL_MS=0; the UNCACHED_TARGETS, some of which ask for a
//      different post at random in every request.
//   3. memory: BENCH_MEMORY_POSTS posts, the cache on; the server's RSS idle after start, at the
//      peak of BENCH_MEMORY_SECONDS of mixed load (MEMORY_MIX) and BENCH_MEMORY_SETTLE_SECONDS
//      after it, with the heap / external / array-buffer split the server logs once a second.
//   4. staff: STAFF_POSTS posts, STAFF_SUBSCRIBERS subscribers and STAFF_APPS apps, on SQLite
//      and, when a PostgreSQL URL is given (DATABASE_URL or BENCH_DATABASE_URL), on PostgreSQL
//      too; the STAFF_TARGETS asked as the signed-in owner (never cached), each held to its
//      budget: p95 latency as one staff member sees it (STAFF_LATENCY_REQUESTS requests one
//      after another on one connection) and bytes on the wire; a broken budget fails the run.
//   5. two processes (PostgreSQL only: DATABASE_URL): 1,000 posts, the cache off; the
//      TWO_PROCESS_TARGET on one server, then on two servers sharing the database with the load
//      spread over both (half the connections each), and each one's server CPU per request
//      beside the one server's (TWO_PROCESS_TOLERANCE).
//   6. newsletter: a sending to NEWSLETTER_SUBSCRIBERS
//      subscribers handed to a loopback SMTP server with the pace unlimited, on SQLite and, with a
//      PostgreSQL URL (DATABASE_URL or BENCH_DATABASE_URL), on PostgreSQL; messages per second,
//      and the cost of building one message.
// For each target: probe it (it must answer 200), warm up, wait for the server to be quiet, and
// measure with autocannon in this process; then wait for the server to be quiet again and report
// how long it went on working for requests the load generator had dropped. The yardstick is measured first and again after the targets, to
// show how steady the machine was. Every child is stopped by its PID and everything temporary
// is removed, also on failure or Ctrl-C. Exit code 1 when any response was not 2xx or any
// request failed or timed out, in any part. Write targets (a post save) are sent as the owner,
// signed in once. Falling short of a threshold (ratios, CPU per request, memory, the JavaScript
// budget) is reported as a verdict, not an error.
//
// This file is the entry: it checks BENCH_ONLY, runs the selected parts in order and prints the
// report. Each part is a module of this folder (cache-hits.mjs with saves.mjs, uncached.mjs,
// staff.mjs, memory.mjs, two-processes.mjs, newsletter.mjs); the pieces they share are the
// settings (options.mjs), the servers (processes.mjs, yardstick.mjs), the databases
// (databases.mjs), the load generator (load.mjs), single requests (requests.mjs), CPU and memory
// from /proc (cpu.mjs), page weights (page-weight.mjs), measuring a list of targets
// (run-targets.mjs), and the printing (format.mjs, report.mjs).
//
// Environment (options.mjs reads it):
//   BENCH_DURATION     seconds measured per target (default 10)
//   BENCH_WARMUP       seconds of warm-up per target, not measured (default 3)
//   BENCH_CONNECTIONS  concurrent connections (default 50)
//   BENCH_ONLY         comma-separated target names to run, `memory` for the memory part,
//                      `two-processes` for the two-process part, `newsletter` for the
//                      newsletter part (the yardstick always runs when a target does)
//   BENCH_POSTS        comma-separated post counts of the uncached part (default 100,1000,10000)
//   BENCH_MEMORY_POSTS posts in the memory part's database (default 1000)
//   BENCH_MEMORY_SECONDS         seconds of mixed load in the memory part (default 60)
//   BENCH_MEMORY_SETTLE_SECONDS  seconds after the load until the last reading (default 60)
//   BENCH_MEMORY_RATE  requests a second of the memory part's load, over its connections
//                      (default 0: as many as the server answers, which follows its speed)
//   BENCH_MEMORY_MIX   the memory part's addresses instead of its mix, separated by spaces,
//                      each with `@weight` (default 1): `/blog/{publishedSlug} /studio@2`
//   BENCH_CPU_PROF     a folder: run every site server with --cpu-prof and write its profile
//                      there (one file per server; the run prints which PID measured what)
//   BENCH_ACCEPT_ENCODING  the Accept-Encoding every request sends (default: a browser's);
//                      empty to send none
//   BENCH_KEEP_BODIES  1: let autocannon decode and keep every response body (see cannon())
//   DATABASE_URL       postgres://… to benchmark on PostgreSQL (in temporary schemas)
//   BENCH_DATABASE_URL postgres://… for the staff part's PostgreSQL run when DATABASE_URL is
//                      not set (the other parts then stay on SQLite)
import { cpSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildAndCopy } from "./build-copy.mjs";
import { runCacheHits, TARGETS } from "./cache-hits.mjs";
import { describeError } from "./clean-ups.mjs";
import { cleanUp, cleanups } from "./cleanup.mjs";
import { databaseMaker, POST_COUNT, STAFF_POSTS } from "./databases.mjs";
import { redact, step } from "./format.mjs";
import { MEMORY, measureMemory } from "./memory.mjs";
import { NEWSLETTER, runNewsletter } from "./newsletter.mjs";
import {
  ACCEPT_ENCODING,
  CONNECTIONS,
  DATABASE_URL,
  DURATION,
  KEEP_BODIES,
  MEMORY_POSTS,
  MEMORY_SECONDS,
  MEMORY_SETTLE_SECONDS,
  ONLY,
  POST_COUNTS,
  STAFF_POSTGRES_URL,
  WARMUP,
} from "./options.mjs";
import { CHILD_LOGS, stopChild } from "./processes.mjs";
import { report } from "./report.mjs";
import { runTargets } from "./run-targets.mjs";
import { runStaff, STAFF_TARGETS } from "./staff.mjs";
import { measureTwoProcesses, printTwoProcesses, TWO_PROCESSES } from "./two-processes.mjs";
import { runUncached, UNCACHED_TARGETS } from "./uncached.mjs";
import { startYardstick, YARDSTICK } from "./yardstick.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The parts BENCH_ONLY selects, by name; an unknown name or an impossible part fails the run. */
function selection() {
  const known = [...TARGETS, ...UNCACHED_TARGETS, ...STAFF_TARGETS].map((t) => t.name);
  if (ONLY) {
    const unknown = ONLY.filter(
      (name) =>
        name !== MEMORY && name !== TWO_PROCESSES && name !== NEWSLETTER && !known.includes(name),
    );
    if (unknown.length > 0) {
      throw new Error(
        `BENCH_ONLY names unknown targets: ${unknown.join(", ")} (known: ${[...known, MEMORY, TWO_PROCESSES, NEWSLETTER].join(", ")})`,
      );
    }
  }
  const isSelected = (name) => !ONLY || ONLY.includes(name);
  const selected = TARGETS.filter((t) => isSelected(t.name));
  const uncachedSelected = UNCACHED_TARGETS.filter((t) => isSelected(t.name));
  const staffSelected = STAFF_TARGETS.filter((t) => isSelected(t.name));
  const memorySelected = isSelected(MEMORY);
  if (ONLY?.includes(TWO_PROCESSES) && !DATABASE_URL) {
    throw new Error("the two-process part runs on PostgreSQL: set DATABASE_URL");
  }
  const twoProcessesSelected = isSelected(TWO_PROCESSES) && DATABASE_URL !== undefined;
  const newsletterSelected = isSelected(NEWSLETTER);
  return {
    isSelected,
    selected,
    uncachedSelected,
    staffSelected,
    memorySelected,
    twoProcessesSelected,
    newsletterSelected,
  };
}

async function main() {
  const startedAt = Date.now();
  const parts = selection();
  const { selected, uncachedSelected, staffSelected } = parts;

  printEnvironment();

  const tmp = mkdtempSync(path.join(os.tmpdir(), "studio-bench-"));
  CHILD_LOGS.dir = path.join(tmp, "logs");
  cleanups.push({ label: "temporary folder", fn: () => rmSync(tmp, { recursive: true }) });
  const buildDir = path.join(tmp, "build");

  step("Building (react-router build) and copying the build aside");
  buildAndCopy(buildDir);
  // The bundle imports its dependencies by name; they resolve through this link.
  symlinkSync(path.join(root, "node_modules"), path.join(tmp, "node_modules"), "dir");
  // The site servers run what `npm start` runs, Node's flags included: a copy of
  // scripts/start.mjs, which starts the build next to it.
  const startScript = path.join(tmp, "scripts/start.mjs");
  cpSync(path.join(root, "scripts/start.mjs"), startScript);
  const databases = databaseMaker(tmp);

  const run = {
    results: [],
    weights: [],
    uncachedRuns: [],
    staffRuns: [],
    memory: null,
    twoProcesses: null,
    newsletter: null,
  };
  let yardstick = null;
  const measuring = selected.length > 0 || uncachedSelected.length > 0 || staffSelected.length > 0;
  if (measuring) {
    step("Starting the yardstick");
    yardstick = await startYardstick();
    run.results.push(...(await runTargets({ targets: [YARDSTICK], server: yardstick })));
  }

  const shared = { databases, startScript, weights: run.weights, buildDir };
  if (selected.length > 0) {
    run.results.push(...(await runCacheHits({ ...shared, selected, yardstick })));
  }
  if (uncachedSelected.length > 0) {
    run.uncachedRuns = await runUncached({ ...shared, selected: uncachedSelected });
  }
  if (staffSelected.length > 0) {
    run.staffRuns = await runStaff({ databases, startScript, selected: staffSelected });
  }

  if (yardstick) {
    run.results.push(
      ...(await runTargets({
        targets: [{ ...YARDSTICK, name: "yardstick (again)" }],
        server: yardstick,
      })),
    );
    await stopChild(yardstick);
  }

  if (parts.memorySelected) {
    const database = await databases.forCount(MEMORY_POSTS, "the memory part");
    run.memory = await measureMemory({ startScript, database, tmp });
  }

  if (parts.twoProcessesSelected) {
    const database = await databases.forCount(POST_COUNT, "the two-process part");
    run.twoProcesses = await measureTwoProcesses({ startScript, database });
    printTwoProcesses(run.twoProcesses);
  }

  if (parts.newsletterSelected) run.newsletter = await runNewsletter({ databases, startScript });

  const failed = report(run, { ...parts, startedAt });
  return failed ? 1 : 0;
}

function printEnvironment() {
  const cpus = os.cpus();
  console.log("Studio Site benchmark");
  console.log(`  date:        ${new Date().toISOString()}`);
  console.log(`  node:        ${process.version} (${os.platform()} ${os.arch()})`);
  console.log(`  cpu:         ${os.availableParallelism()} cores, ${cpus[0]?.model ?? "unknown"}`);
  console.log(`  load avg:    ${os.loadavg()[0].toFixed(2)} (1 min), before starting`);
  console.log(`  database:    ${DATABASE_URL ? `PostgreSQL (${redact(DATABASE_URL)})` : "SQLite"}`);
  console.log(`  encodings:   Accept-Encoding: ${ACCEPT_ENCODING || "(none)"}`);
  console.log(
    `  bodies:      ${KEEP_BODIES ? "decoded and kept by autocannon (BENCH_KEEP_BODIES=1)" : "counted, not kept"}`,
  );
  console.log(
    `  load:        ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per target`,
  );
  const runs = (names) => names.some((name) => !ONLY || ONLY.includes(name));
  const parts = [
    runs(TARGETS.map((t) => t.name)) && `${POST_COUNT} for cache hits`,
    runs(UNCACHED_TARGETS.map((t) => t.name)) && `${POST_COUNTS.join(", ")} uncached`,
    runs([MEMORY]) &&
      `${MEMORY_POSTS} for memory (${MEMORY_SECONDS} s of load, ${MEMORY_SETTLE_SECONDS} s after)`,
    runs(STAFF_TARGETS.map((t) => t.name)) &&
      `${STAFF_POSTS} for staff calls (SQLite${STAFF_POSTGRES_URL ? " and PostgreSQL" : ""})`,
    runs([TWO_PROCESSES]) &&
      (DATABASE_URL ? `${POST_COUNT} for two processes` : "two processes: needs DATABASE_URL"),
  ];
  console.log(`  posts:       ${parts.filter(Boolean).join("; ")}`);
  console.log("  note:        autocannon runs in this process; the servers are child processes");
}

// --- run -------------------------------------------------------------------------------------

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error(`Benchmark failed: ${describeError(error)}`);
} finally {
  await cleanUp();
}
process.exit(exitCode);
