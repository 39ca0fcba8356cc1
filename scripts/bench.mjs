// `npm run bench`: throughput of the public read API and the server-rendered pages against a
// bare Node HTTP server answering a fixed 20 KB body (the yardstick), measured in the same run on
// the same machine, so the ratios mean something on any machine; what the same pages and reads
// cost when the response cache cannot answer (a long tail of addresses, each asked less than
// once a second), at several post counts; and the site server's memory under such a load.
// Results: docs/benchmarks.md.
//
// Steps: build, and copy the build into a temporary folder (other work in this checkout may
// rebuild build/ while we measure); start the yardstick as a child process on a loopback port.
// Then three parts, each with its own fresh database (a new SQLite file, or a new schema when
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
//   6. newsletter (scripts/lib/bench-newsletter.mjs): a sending to NEWSLETTER_SUBSCRIBERS
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
// Environment:
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
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { brotliDecompressSync, gunzipSync, gzipSync, constants as zlibConstants } from "node:zlib";
import autocannon from "autocannon";
import {
  measureNewsletterBuild,
  measureNewsletterThroughput,
  NEWSLETTER_TARGET_PER_SECOND,
  printNewsletter,
} from "./lib/bench-newsletter.mjs";
import { buildAndCopy } from "./lib/build-copy.mjs";
import { createCleanUps, describeError } from "./lib/clean-ups.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));

const DURATION = positiveNumber("BENCH_DURATION", 10);
const WARMUP = positiveNumber("BENCH_WARMUP", 3, { allowZero: true });
const CONNECTIONS = positiveNumber("BENCH_CONNECTIONS", 50);
const ONLY = process.env.BENCH_ONLY?.split(",")
  .map((name) => name.trim())
  .filter(Boolean);
const POST_COUNTS = postCounts("BENCH_POSTS", [100, 1000, 10000]);
const [MEMORY_POSTS] = postCounts("BENCH_MEMORY_POSTS", [1000], { single: true });
const MEMORY_SECONDS = positiveNumber("BENCH_MEMORY_SECONDS", 60);
const MEMORY_SETTLE_SECONDS = positiveNumber("BENCH_MEMORY_SETTLE_SECONDS", 60, {
  allowZero: true,
});
/** Requests a second of the memory part's load in all; 0: as many as its connections get answered. */
const MEMORY_RATE = positiveNumber("BENCH_MEMORY_RATE", 0, { allowZero: true });
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : null;
const DATABASE_URL = process.env.DATABASE_URL || undefined;
/**
 * What Chromium sends. Browsers always accept compressed answers, and the site's pages and API
 * are fetched by browsers, so the benchmark asks the way they do. The yardstick ignores it.
 */
const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? BROWSER_ACCEPT_ENCODING;
const REQUEST_HEADERS = ACCEPT_ENCODING ? { "accept-encoding": ACCEPT_ENCODING } : {};
/** 1: let autocannon keep response bodies as strings, as it does by default (see cannon()). */
const KEEP_BODIES = process.env.BENCH_KEEP_BODIES === "1";

/** Share of the yardstick's requests per second each kind of cache-hit target must reach. */
const TARGET_RATIOS = { api: 0.3, page: 0.15 };
/** JavaScript an anonymous visitor downloads on a page, gzip-compressed, at most. */
const JS_BUDGET_GZIP_BYTES = 100 * 1024;
/** Posts in the cache-hit part's database. */
const POST_COUNT = 1000;
/** Revisions stored beforehand on the post the second save target writes. */
const REVISIONS_STORED = 500;
/** Apps in every database (the Apps page lists them all; they do not grow with the posts). */
const APP_COUNT = 12;
/** How far a compared target's figures may fall from its reference's. */
const COMPARE_TOLERANCE = 0.1;
/**
 * How far an uncached target marked `flat` may move from the smallest post count to the largest
 * (largest figure over smallest, server CPU per request) and still count as not growing.
 */
const FLAT_TOLERANCE = 0.2;
/** RSS of the site server in the memory part, at most, in MB (1 MB = 1,048,576 bytes). */
const MEMORY_LIMITS_MB = { idle: 150, peak: 250, after: 200 };
/** Seconds the memory part watches the server idle after its start, before any request. */
const MEMORY_IDLE_SECONDS = 5;
/** The owner's login the site server is started with when a write is measured. */
const BENCH_OWNER = { email: "owner@bench.test", password: "bench-owner-password" };
const YARDSTICK_BODY_BYTES = 20 * 1024;
/** Linux's USER_HZ, the unit of the CPU times in /proc/<pid>/stat (100 on every common build). */
const CLOCK_TICKS = 100;
/** After a measurement, the longest wait for the server to be quiet (it may still be working). */
const QUIET_WAIT_MS = 120_000;
/** The server counts as quiet once it uses at most one clock tick of CPU in this long. */
const QUIET_WINDOW_MS = 300;

/**
 * The cache-hit part: what is measured, in this order, after the yardstick, at 1,000 posts with
 * the response cache on. `path` may name values of the seeded data in braces ({slug}: the newest
 * published post). Each kind is held to its TARGET_RATIOS share of the yardstick; for pages, the
 * JavaScript and CSS they load are weighed too. To measure another endpoint or page, add a line.
 * A write (`method`, `body`: a key of the seeded bodies) is sent as the owner, signed in; one
 * with `compareTo` is reported beside that target and held to within COMPARE_TOLERANCE of it.
 * Every entry must answer 200, or the run fails: nothing is skipped silently.
 */
const TARGETS = [
  { name: "published", kind: "api", path: "/api/posts/published?limit=3" },
  // Its answer is several times the yardstick's body even compressed: `bareReference` also
  // measures the bare server sending the same number of bytes, what no server could beat, and
  // the target is held to its share of that (heldRatio).
  { name: "portfolio", kind: "api", path: "/api/portfolio", bareReference: true },
  { name: "post-by-slug", kind: "api", path: "/api/posts/slug/{slug}" },
  { name: "home-page", kind: "page", path: "/" },
  { name: "blog-post-page", kind: "page", path: "/blog/{slug}" },
  // Saving a post as the editor does (PUT, the whole form, no version), on a post without
  // revisions and on one with REVISIONS_STORED of them: the history must not slow a save down.
  // Every save adds a revision, so both posts gain one per request as they are measured.
  { name: "post-save", kind: "write", method: "PUT", path: "/api/posts/{saveId}", body: "save" },
  {
    name: "post-save-500-revisions",
    kind: "write",
    method: "PUT",
    path: "/api/posts/{historyId}",
    body: "history",
    compareTo: "post-save",
  },
];

/**
 * The uncached part: measured at each post count of BENCH_POSTS on a server whose response
 * cache is off, so every request renders or queries anew, as in a long tail of addresses. A
 * value in braces that is a list ({publishedSlug}: every published post's slug) is picked at
 * random for every request. `cpuLimitMs` is the most server CPU per request the target may
 * cost at every count, `flat` that its cost must not grow with the posts (FLAT_TOLERANCE);
 * both are reported as verdicts. Every entry must answer 200 at every count, as above.
 */
const UNCACHED_TARGETS = [
  {
    name: "uncached-post-page",
    kind: "page",
    path: "/blog/{publishedSlug}",
    cpuLimitMs: 2,
  },
  {
    name: "uncached-post-api",
    kind: "api",
    path: "/api/posts/slug/{publishedSlug}",
    cpuLimitMs: 0.25,
  },
  {
    name: "uncached-published",
    kind: "api",
    path: "/api/posts/published?limit=3",
    cpuLimitMs: 0.25,
  },
  { name: "uncached-news", kind: "page", path: "/news", cpuLimitMs: 3, flat: true },
  { name: "uncached-studio", kind: "page", path: "/studio", cpuLimitMs: 3, flat: true },
  { name: "uncached-apps", kind: "page", path: "/apps" },
  { name: "uncached-home", kind: "page", path: "/" },
  { name: "uncached-sitemap", kind: "feed", path: "/sitemap.xml", flat: true },
  { name: "uncached-rss", kind: "feed", path: "/rss.xml" },
];

/**
 * The memory part's load: every request picks one of these addresses, in these proportions
 * (most readers arrive on a post), spread over BENCH_CONNECTIONS connections.
 */
const MEMORY_MIX = process.env.BENCH_MEMORY_MIX
  ? parseMix(process.env.BENCH_MEMORY_MIX)
  : [
      { weight: 40, path: "/blog/{publishedSlug}" },
      { weight: 20, path: "/api/posts/slug/{publishedSlug}" },
      { weight: 5, path: "/api/posts/published?limit=3" },
      { weight: 8, path: "/" },
      { weight: 7, path: "/news" },
      { weight: 7, path: "/studio" },
      { weight: 5, path: "/apps" },
      { weight: 4, path: "/sitemap.xml" },
      { weight: 4, path: "/rss.xml" },
    ];
const MEMORY = "memory";
const mixWeight = MEMORY_MIX.reduce((sum, m) => sum + m.weight, 0);

/** BENCH_MEMORY_MIX: addresses separated by spaces, each with `@weight` or weighing 1. */
function parseMix(text) {
  return text
    .trim()
    .split(/\s+/)
    .map((entry) => {
      const at = entry.lastIndexOf("@");
      const weight = at === -1 ? 1 : Number(entry.slice(at + 1));
      if (!(weight > 0)) throw new Error(`BENCH_MEMORY_MIX: no weight in "${entry}"`);
      return { weight, path: at === -1 ? entry : entry.slice(0, at) };
    });
}

/**
 * The staff part: the dashboard's calls over a studio with years of content, asked as the
 * signed-in owner (never from the response cache). Each has a budget: `p95Ms`, the 95th
 * percentile of STAFF_LATENCY_REQUESTS requests sent one after another (what one staff member
 * waits), and `bytes` on the wire.
 */
const STAFF_POSTS = 10_000;
const STAFF_SUBSCRIBERS = 50_000;
const STAFF_APPS = 200;
const STAFF_LATENCY_REQUESTS = 300;
const STAFF_LIST_BUDGET = { p95Ms: 50, bytes: 30 * 1024 };
const STAFF_TARGETS = [
  { name: "staff-posts-page", kind: "staff", path: "/api/posts?page=1", budget: STAFF_LIST_BUDGET },
  {
    name: "staff-posts-filtered",
    kind: "staff",
    path: "/api/posts?page=1&status=published&category=news&sort=-publishedAt",
    budget: STAFF_LIST_BUDGET,
  },
  { name: "staff-overview", kind: "staff", path: "/api/dashboard/stats", budget: { p95Ms: 50 } },
  {
    name: "staff-subscribers-page",
    kind: "staff",
    path: "/api/subscribers?page=1",
    budget: STAFF_LIST_BUDGET,
  },
];
/** Where the staff part runs on PostgreSQL, if anywhere. */
const STAFF_POSTGRES_URL = DATABASE_URL ?? (process.env.BENCH_DATABASE_URL || undefined);

/** The two-process part's name in BENCH_ONLY. */
const TWO_PROCESSES = "two-processes";
/** The newsletter part's name in BENCH_ONLY. */
const NEWSLETTER = "newsletter";
/**
 * What the two-process part measures: a page every request renders anew (a random post, the
 * response cache off), the cost that several processes must not make higher for one another.
 */
const TWO_PROCESS_TARGET = UNCACHED_TARGETS.find((t) => t.name === "uncached-post-page");
/** Each of two processes' server CPU per request within this share of one process's. */
const TWO_PROCESS_TOLERANCE = 0.15;
const YARDSTICK = { name: "yardstick", kind: "yardstick", path: "/" };

// ---------------------------------------------------------------------------------------------

const { cleanups, cleanUp } = createCleanUps({
  stopping: "stopping the servers and removing temporary data",
});

/** Children still running; killed (SIGKILL, by PID) if this process ends without cleaning up. */
const children = new Set();
process.once("exit", () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) process.kill(child.pid, "SIGKILL");
  }
});

// ---------------------------------------------------------------------------------------------

async function main() {
  const startedAt = Date.now();
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

  const results = [];
  const weights = [];
  const uncachedRuns = [];
  let memory = null;
  let twoProcesses = null;
  let yardstick = null;
  const measuring = selected.length > 0 || uncachedSelected.length > 0 || staffSelected.length > 0;
  const staffRuns = [];
  if (measuring) {
    step("Starting the yardstick");
    yardstick = await startChild({
      name: "yardstick",
      args: ["--input-type=module", "-e", YARDSTICK_SOURCE],
      env: { ...process.env, YARDSTICK_BYTES: String(YARDSTICK_BODY_BYTES) },
      ready: /^yardstick listening on (\d+)$/m,
    });
    yardstick.origin = `http://127.0.0.1:${yardstick.port}`;
    console.log(`  yardstick: ${yardstick.origin} (PID ${yardstick.child.pid})`);
    results.push(...(await runTargets({ targets: [YARDSTICK], server: yardstick })));
  }

  if (selected.length > 0) {
    const database = await databases.fresh("the cache-hit part", POST_COUNT, { revisions: true });
    const writes = selected.some((t) => t.method);
    step("Starting the site server (response cache on: cache hits)");
    const site = await startSite({ startScript, database, cacheTtlMs: undefined, owner: writes });
    const ownerCookie = writes ? await signInOwner(site.origin) : null;
    results.push(
      ...(await runTargets({
        targets: selected,
        server: site,
        fixture: database.fixture,
        ownerCookie,
        yardstick,
        weights,
        buildDir,
      })),
    );
    await stopChild(site);
  }

  if (uncachedSelected.length > 0) {
    for (const count of POST_COUNTS) {
      const database = await databases.forCount(count, "the uncached part");
      step(`Starting the site server (RESPONSE_CACHE_TTL_MS=0: uncached, ${count} posts)`);
      const site = await startSite({ startScript, database, cacheTtlMs: 0 });
      const measured = await runTargets({
        targets: uncachedSelected,
        server: site,
        fixture: database.fixture,
        // The JavaScript a page loads does not depend on the post count: weighed once.
        weights: uncachedRuns.length === 0 ? weights : null,
        buildDir,
      });
      await stopChild(site);
      uncachedRuns.push({ count, results: measured });
      printUncachedTable(count, measured);
    }
  }

  if (staffSelected.length > 0) {
    for (const databaseUrl of [undefined, ...(STAFF_POSTGRES_URL ? [STAFF_POSTGRES_URL] : [])]) {
      const label = databaseUrl ? "PostgreSQL" : "SQLite";
      const database = await databases.fresh("the staff part", STAFF_POSTS, {
        staff: true,
        databaseUrl,
      });
      step(`Starting the site server (staff calls as the owner, ${label})`);
      const site = await startSite({ startScript, database, cacheTtlMs: undefined, owner: true });
      const ownerCookie = await signInOwner(site.origin);
      const measured = await runTargets({
        targets: staffSelected,
        server: site,
        fixture: database.fixture,
        ownerCookie,
      });
      await stopChild(site);
      staffRuns.push({ label, results: measured });
    }
  }

  if (yardstick) {
    results.push(
      ...(await runTargets({
        targets: [{ ...YARDSTICK, name: "yardstick (again)" }],
        server: yardstick,
      })),
    );
    await stopChild(yardstick);
  }

  if (memorySelected) {
    const database = await databases.forCount(MEMORY_POSTS, "the memory part");
    memory = await measureMemory({ startScript, database, tmp });
  }

  if (twoProcessesSelected) {
    const database = await databases.forCount(POST_COUNT, "the two-process part");
    twoProcesses = await measureTwoProcesses({ startScript, database });
    printTwoProcesses(twoProcesses);
  }

  let newsletter = null;
  if (newsletterSelected) {
    const runs = [];
    for (const databaseUrl of [undefined, ...(STAFF_POSTGRES_URL ? [STAFF_POSTGRES_URL] : [])]) {
      const label = databaseUrl ? "PostgreSQL" : "SQLite";
      const database = await databases.fresh("the newsletter part", 10, { databaseUrl });
      step(`Sending a newsletter to a loopback SMTP server (${label}, pace unlimited)`);
      runs.push(
        await measureNewsletterThroughput({
          database,
          label,
          startSite: (options) => startSite({ startScript, cacheTtlMs: undefined, ...options }),
          signInOwner,
          stopChild,
          cpuSeconds,
        }),
      );
    }
    step("Building newsletter messages");
    newsletter = { runs, build: await measureNewsletterBuild({ content: runs[0].content }) };
  }

  const yardsticks = results.filter((r) => r.target.kind === "yardstick" && r.measured);
  const baseline =
    yardsticks.length === 0
      ? null
      : yardsticks.reduce((sum, r) => sum + r.measured.requests.average, 0) / yardsticks.length;
  // The yardstick's runs and the cache-hit part (the uncached part is in uncachedRuns).
  const cacheHits = results;
  let compared = [];
  if (baseline !== null) {
    printTable(cacheHits, baseline);
    compared = printComparisons(cacheHits);
  }
  if (uncachedRuns.length > 0) printUncachedComparison(uncachedRuns);
  for (const run of staffRuns) printStaffTable(run, baseline);
  if (weights.length > 0) printWeights(weights);
  if (memory) printMemory(memory);
  const newsletterFailed = newsletter ? printNewsletter(newsletter) : false;
  if (yardsticks.length === 2) {
    const [first, last] = yardsticks.map((r) => r.measured.requests.average);
    const drift = Math.abs(first - last) / Math.max(first, last);
    console.log(
      `\nRatios are to the mean of both yardstick runs (${Math.round(baseline)} req/s); ` +
        `they differ by ${(drift * 100).toFixed(0)}%${drift > 0.15 ? ": the machine was not steady (other load?), compare with care" : ""}.`,
    );
  }
  console.log(`Load average (1 min) at the end: ${os.loadavg()[0].toFixed(2)}`);

  const allResults = [
    ...results,
    ...uncachedRuns.flatMap((run) => run.results),
    ...staffRuns.flatMap((run) => run.results),
  ];
  console.log(
    `Targets run: ${[...new Set(allResults.filter((r) => r.measured).map((r) => r.target.name))]
      .concat(
        memory ? [MEMORY] : [],
        twoProcesses ? [TWO_PROCESSES] : [],
        newsletter ? [NEWSLETTER] : [],
      )
      .join(", ")}`,
  );
  if (!DATABASE_URL && isSelected(TWO_PROCESSES)) {
    console.log("Not run: two-processes (it runs on PostgreSQL: set DATABASE_URL)");
  }
  if (staffSelected.length > 0 && !STAFF_POSTGRES_URL) {
    console.log("Not run: the staff part on PostgreSQL (set BENCH_DATABASE_URL or DATABASE_URL)");
  }
  const notSelected = [
    ...TARGETS,
    ...UNCACHED_TARGETS,
    ...STAFF_TARGETS,
    { name: MEMORY },
    { name: TWO_PROCESSES },
    { name: NEWSLETTER },
  ]
    .filter((t) => !isSelected(t.name))
    .map((t) => t.name);
  if (notSelected.length > 0) console.log(`Not selected (BENCH_ONLY): ${notSelected.join(", ")}`);

  let failed = newsletterFailed;
  if (newsletterFailed) console.error("FAILED: the newsletter part (see its PROBLEMS above).");
  for (const r of allResults) {
    const where = r.posts ? ` at ${r.posts} posts` : "";
    if (r.error) {
      failed = true;
      console.error(`FAILED: ${r.target.name}${where} (${r.request}) ${r.error}.`);
    }
    for (const [phase, result] of [
      ["warm-up", r.warmup],
      ["measurement", r.measured],
    ]) {
      if (result && failures(result) > 0) {
        failed = true;
        console.error(
          `FAILED: ${r.target.name}${where} had ${describeFailures(result)} during the ${phase}.`,
        );
      }
    }
    if (r.measured && r.measured.requests.total === 0) {
      failed = true;
      console.error(
        `FAILED: ${r.target.name}${where}: no response at all arrived during the measurement.`,
      );
    }
  }
  for (const run of staffRuns) {
    for (const r of run.results) {
      for (const broken of staffBudgetBreaches(r)) {
        failed = true;
        console.error(`FAILED: ${r.target.name} on ${run.label}: ${broken}.`);
      }
    }
  }
  if (memory && failures(memory.load) > 0) {
    failed = true;
    console.error(`FAILED: the memory part's load had ${describeFailures(memory.load)}.`);
  }
  if (memory && memory.load.requests.total === 0) {
    failed = true;
    console.error("FAILED: the memory part's load got no response at all.");
  }
  for (const run of twoProcesses ? [twoProcesses.one, ...twoProcesses.two] : []) {
    if (failures(run.measured) > 0 || failures(run.warmup) > 0) {
      failed = true;
      console.error(
        `FAILED: the two-process part (${run.label}) had ${describeFailures(run.measured)} ` +
          `measured, ${describeFailures(run.warmup)} in the warm-up.`,
      );
    }
    if (run.measured.requests.total === 0) {
      failed = true;
      console.error(`FAILED: the two-process part (${run.label}) got no response at all.`);
    }
  }

  console.log("\nVerdicts (reported, not errors):");
  if (baseline !== null) {
    const held = cacheHits.filter((r) => r.measured && TARGET_RATIOS[r.target.kind] !== undefined);
    const below = held.filter(
      (r) => heldRatio(r, cacheHits, baseline) < TARGET_RATIOS[r.target.kind],
    );
    if (held.length > 0) {
      verdict(
        below.length === 0,
        `cache hits reach their share of the yardstick (API ${TARGET_RATIOS.api * 100}%, pages ${TARGET_RATIOS.page * 100}%)`,
        below.length > 0 ? `below: ${below.map((r) => r.target.name).join(", ")}` : "",
      );
    }
  }
  if (compared.length > 0) {
    const apart = compared.filter((c) => !c.within);
    verdict(
      apart.length === 0,
      `compared targets within ${COMPARE_TOLERANCE * 100}% of their reference`,
      apart.length > 0 ? `apart: ${apart.map((c) => c.result.target.name).join(", ")}` : "",
    );
  }
  if (uncachedRuns.length > 0) printUncachedVerdicts(uncachedRuns);
  if (weights.length > 0) {
    const heavy = weights.filter((w) => w.js.gzip > JS_BUDGET_GZIP_BYTES);
    verdict(
      heavy.length === 0,
      `JavaScript per page at most ${formatBytes(JS_BUDGET_GZIP_BYTES)} gzip`,
      weights.map((w) => `${w.request.replace(/^GET /, "")} ${formatBytes(w.js.gzip)}`).join(", "),
    );
  }
  if (memory) printMemoryVerdicts(memory);
  if (twoProcesses) printTwoProcessVerdicts(twoProcesses);
  for (const run of newsletter?.runs ?? []) {
    verdict(
      run.perSecond >= NEWSLETTER_TARGET_PER_SECOND,
      `newsletter on ${run.label} at least ${NEWSLETTER_TARGET_PER_SECOND} messages/s`,
      `${Math.round(run.perSecond)} messages/s`,
    );
  }

  if (CPU_PROF_DIR) {
    console.log(`\nCPU profiles of the site servers written to ${CPU_PROF_DIR}, by PID:`);
    for (const line of profiledServers) console.log(`  ${line}`);
  }
  console.log(`\nDone in ${Math.round((Date.now() - startedAt) / 1000)} s.`);
  return failed ? 1 : 0;
}

/** What each site server measured, by PID, for finding its CPU profile (BENCH_CPU_PROF). */
const profiledServers = [];

/**
 * Fresh databases in `tmp`: a new SQLite data folder, or a new PostgreSQL schema, each seeded
 * with the same generator for its post count. `forCount` gives the read-only parts one database
 * per count (the uncached part and the memory part share it); `fresh` makes one of its own.
 */
function databaseMaker(tmp) {
  const byCount = new Map();
  let made = 0;
  async function fresh(
    label,
    count,
    { revisions = false, staff = false, databaseUrl = DATABASE_URL } = {},
  ) {
    made += 1;
    const dataDir = path.join(tmp, `data-${made}`);
    let schema;
    let url;
    if (databaseUrl) {
      schema = `bench_${randomBytes(5).toString("hex")}`;
      await withPgClient((client) => client.query(`create schema ${schema}`), databaseUrl);
      cleanups.push({
        label: `schema ${schema}`,
        fn: () =>
          withPgClient((client) => client.query(`drop schema ${schema} cascade`), databaseUrl),
      });
      url = urlWithSchema(databaseUrl, schema);
    }
    step(
      `Seeding ${count} posts for ${label} (${databaseUrl ? `PostgreSQL schema ${schema}` : "SQLite"})`,
    );
    const seededAt = Date.now();
    const fixture = await seed({ dataDir, schema, count, revisions, staff, databaseUrl });
    console.log(
      `  ${fixture.counts.published} published, ${fixture.counts.scheduled} scheduled, ` +
        `${fixture.counts.draft} drafts; ${fixture.counts.marketplace} marketplace-content; ` +
        `${staff ? `${STAFF_APPS} apps, ${STAFF_SUBSCRIBERS} subscribers, ${STAFF_AUTHORS.length} authors` : `${APP_COUNT} apps`}; content ${fixture.contentKb.min}–${fixture.contentKb.max} KB ` +
        `(average ${fixture.contentKb.avg} KB); {slug} = ${fixture.values.slug}` +
        `${revisions ? `; ${fixture.revisionsStored} revisions stored on {historyId}` : ""}; ` +
        `${((Date.now() - seededAt) / 1000).toFixed(1)} s`,
    );
    return { count, dataDir, url, schema, fixture };
  }
  async function forCount(count, label) {
    if (!byCount.has(count)) byCount.set(count, await fresh(label, count));
    return byCount.get(count);
  }
  return { fresh, forCount };
}

/**
 * Starts the production server on `database` with `npm start`'s script (a copy of
 * scripts/start.mjs beside the copied build; it adds Node's flags itself). `cacheTtlMs`
 * undefined leaves the response cache at its default lifetime (any RESPONSE_CACHE_TTL_MS of this
 * shell is not passed on); 0 turns it off. `prelude` is a module file run in the server's
 * process before the script (`--import`).
 */
async function startSite({
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
 * Probes, weighs, warms up and measures each target on `server`, in order, and answers one
 * result per target (plus the yardstick's bare reference after a target that asks for one).
 */
async function runTargets({
  targets,
  server,
  fixture = { values: {} },
  ownerCookie = null,
  yardstick = null,
  weights = null,
  buildDir,
}) {
  const results = [];
  const plan = targets.map((target) => ({ target, server }));
  while (plan.length > 0) {
    const { target, server: on } = plan.shift();
    const request = `${target.method ?? "GET"} ${target.path}`;
    const nextPath = pathMaker(target.path, fixture.values, hashSeed(target.name));
    const url = `${on.origin}${nextPath()}`;
    step(`${target.name}: ${request}${fixture.count ? ` (${fixture.count} posts)` : ""}`);
    const send = target.method
      ? {
          method: target.method,
          body: JSON.stringify(fixture.bodies[target.body]),
          headers: {
            ...REQUEST_HEADERS,
            "content-type": "application/json",
            origin: on.origin,
            cookie: ownerCookie,
          },
        }
      : {
          method: "GET",
          headers:
            target.kind === "staff" ? { ...REQUEST_HEADERS, cookie: ownerCookie } : REQUEST_HEADERS,
        };
    const base = { target, request, posts: fixture.count };
    const probe = await probeUrl(url, send);
    if (probe.status !== 200) {
      console.error(`  answered ${probe.status} instead of 200: not measured`);
      results.push({ ...base, error: `answered ${probe.status}` });
      continue;
    }
    const weighKey = target.path.replace(/\{\w+\}/g, "{}");
    if (target.kind === "page" && weights && !weights.some((w) => w.key === weighKey)) {
      weights.push({
        key: weighKey,
        ...(await weighPage({
          target,
          // "sent" is what this server sends, which may differ with its cache off.
          request: on.cacheOff ? `${request} (cache off)` : request,
          html: probe.text,
          origin: on.origin,
          buildDir,
        })),
      });
    }
    if (target.bareReference && yardstick) {
      // Next: the yardstick's bare server sending as many bytes as this answer did.
      plan.unshift({
        target: {
          name: `${target.name} (bare)`,
          kind: "reference",
          path: `/?bytes=${probe.bytes}`,
        },
        server: yardstick,
      });
    }
    const random = nextPath.random ? nextPath : undefined;
    const warmup = WARMUP > 0 ? await cannon(url, WARMUP, send, random) : null;
    // What the warm-up left running is not the measurement's.
    await waitUntilQuiet(on);
    const cpuBefore = cpuSeconds(on.child.pid);
    const measured = await cannon(url, DURATION, send, random);
    const cpuAfter = cpuSeconds(on.child.pid);
    // Work still going on for requests the load generator dropped when it stopped (renders
    // for clients that have gone): how long, reported; and the next target starts quiet.
    const quiet = await waitUntilQuiet(on);
    // Server CPU time per answered request during the measurement: unlike requests/s, it
    // hardly depends on what else the machine is doing, so it is the figure to compare
    // between runs and machines.
    const cpuMsPerRequest =
      cpuBefore === null || cpuAfter === null || measured.requests.total === 0
        ? null
        : ((cpuAfter - cpuBefore) * 1000) / measured.requests.total;
    // What one staff member waits: requests one after another, on one connection.
    const latency = target.kind === "staff" ? await sequentialLatency(url, send) : null;
    if (latency) {
      console.log(
        `  one at a time: p50 ${latency.p50.toFixed(1)} ms, p95 ${latency.p95.toFixed(1)} ms, ` +
          `p99 ${latency.p99.toFixed(1)} ms over ${STAFF_LATENCY_REQUESTS} requests`,
      );
    }
    results.push({
      ...base,
      probe,
      warmup,
      measured,
      cpuMsPerRequest,
      busyAfterMs: quiet.busyMs,
      latency,
    });
    console.log(
      `  ${Math.round(measured.requests.average)} req/s, p99 ${measured.latency.p99} ms, ` +
        `${describeBody(probe)} per response${random ? " (the first one)" : ""}, ` +
        `${cpuMsPerRequest === null ? "" : `${cpuMsPerRequest.toFixed(3)} ms server CPU per request, `}` +
        `${failures(measured)} failed` +
        `${quiet.busyMs >= 1000 ? `; the server was busy ${describeBusy(quiet)} after the load` : ""}`,
    );
  }
  return results;
}

/**
 * A function answering the address to ask for next: `template` with its {names} replaced by
 * `values`; a value that is a list gives a random one of its items each time (a seeded
 * generator, so every run asks for the same sequence). Its `random` is true when that happens.
 */
function pathMaker(template, values, seed) {
  const random = mulberry32(seed);
  const value = (key) => {
    const found = values[key];
    if (found === undefined) throw new Error(`no seeded value for {${key}} in ${template}`);
    return found;
  };
  const make = () =>
    template.replace(/\{(\w+)\}/g, (_, key) => {
      const found = value(key);
      return encodeURIComponent(
        Array.isArray(found) ? found[Math.floor(random() * found.length)] : found,
      );
    });
  make.random = [...template.matchAll(/\{(\w+)\}/g)].some(([, key]) => Array.isArray(value(key)));
  return make;
}

/** A small number from a name, to seed a target's random sequence. */
function hashSeed(name) {
  let hash = 2166136261;
  for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

/**
 * Waits until `server` is quiet: no connection to its port still open (a request whose client
 * has gone may wait on its socket without using the CPU, and resume later) and at most one
 * clock tick of CPU used in QUIET_WINDOW_MS; or until QUIET_WAIT_MS have passed. Answers how
 * long it was busy and whether it became quiet.
 */
async function waitUntilQuiet(server) {
  const { pid } = server.child;
  const started = Date.now();
  let last = cpuSeconds(pid);
  if (last === null) return { busyMs: 0, quiet: true };
  while (Date.now() - started < QUIET_WAIT_MS) {
    await sleep(QUIET_WINDOW_MS);
    const now = cpuSeconds(pid);
    if (now === null) break;
    const idle = now - last <= 1 / CLOCK_TICKS;
    last = now;
    if (idle && !(openConnections(server.port) > 0)) {
      return { busyMs: Math.max(0, Date.now() - started - QUIET_WINDOW_MS), quiet: true };
    }
  }
  return { busyMs: Date.now() - started, quiet: false };
}

/**
 * TCP connections to `port` on this machine the server still has to finish with (Linux
 * /proc/net/tcp states: established, SYN received, FIN-wait-1, close-wait, last-ACK, closing),
 * or null where that cannot be read. TIME-WAIT and FIN-wait-2 are done on the server's side.
 */
function openConnections(port) {
  const local = `:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  let count = null;
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let table;
    try {
      table = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    count ??= 0;
    for (const line of table.split("\n").slice(1)) {
      const [, address, , state] = line.trim().split(/\s+/);
      if (address?.endsWith(local) && OPEN_TCP_STATES.has(state)) count += 1;
    }
  }
  return count;
}
const OPEN_TCP_STATES = new Set(["01", "03", "04", "08", "09", "0B"]);

function describeBusy({ busyMs, quiet }) {
  return `${(busyMs / 1000).toFixed(1)} s${quiet ? "" : " (and still was)"}`;
}

// --- measuring -------------------------------------------------------------------------------

/**
 * Measures `url` for `duration` seconds. With `nextPath`, every request asks for the address it
 * answers instead of the URL's (a random post, the memory part's mix). `connections` at once
 * (BENCH_CONNECTIONS by default), sending at most `rate` requests a second in all when it is set.
 */
function cannon(
  url,
  duration,
  { method, headers, body },
  nextPath,
  { connections = CONNECTIONS, rate = 0 } = {},
) {
  return autocannon({
    url,
    connections,
    ...(rate > 0 && { overallRate: rate }),
    duration,
    timeout: 10,
    method,
    headers,
    body,
    ...(nextPath && { requests: [{ setupRequest: (request) => askFor(request, nextPath) }] }),
    setupClient: KEEP_BODIES ? undefined : countBodiesOnly,
  });
}

function askFor(request, nextPath) {
  request.path = nextPath();
  return request;
}

/**
 * autocannon keeps each response body as a string, decoding it as UTF-8 on the way: work no
 * real client does, and far slower for compressed (binary) bodies than for the yardstick's
 * ASCII one. For a 175 KB brotli body it capped the load generator at about 200 responses a
 * second whatever the server did. Every target, the yardstick included, skips it; bytes are
 * still counted. (`pipelinedRequests` is autocannon's per-connection queue; 9.x.)
 */
function countBodiesOnly(client) {
  if (typeof client.pipelinedRequests?.addBody !== "function") {
    throw new Error(
      "this autocannon version has no pipelinedRequests.addBody; see countBodiesOnly",
    );
  }
  client.pipelinedRequests.addBody = ignoreBody;
}

/** One function for every connection, so autocannon's call to it stays monomorphic. */
function ignoreBody() {}

/** Responses that were not 2xx plus failed requests (autocannon counts timeouts as errors too). */
function failures(result) {
  return result.non2xx + result.errors;
}

function describeFailures(result) {
  const codes = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith("2"))
    .map(([code, { count }]) => `${count}×${code}`);
  const parts = [`${result.non2xx} non-2xx${codes.length > 0 ? ` (${codes.join(", ")})` : ""}`];
  parts.push(`${result.errors} errors (${result.timeouts} of them timeouts)`);
  return parts.join(", ");
}

/**
 * One request as the benchmark sends it: status, bytes on the wire, the encoding, and the
 * decoded body (fetch would hide the first two).
 */
function probeUrl(url, { method = "GET", headers = REQUEST_HEADERS, body } = {}) {
  return new Promise((resolve, reject) => {
    // A connection of its own, closed after the answer: none stays open to the server.
    const options = { method, headers, timeout: 30_000, agent: false };
    const request = http.request(url, options, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const wire = Buffer.concat(chunks);
        const encoding = response.headers["content-encoding"] ?? null;
        const body =
          encoding === "br"
            ? brotliDecompressSync(wire)
            : encoding === "gzip"
              ? gunzipSync(wire)
              : wire;
        resolve({
          status: response.statusCode,
          bytes: wire.length,
          encoding,
          decodedBytes: body.length,
          text: body.toString("utf8"),
        });
      });
    });
    request.on("timeout", () => request.destroy(new Error(`no answer from ${url} in 30 s`)));
    request.on("error", reject);
    request.end(body);
  });
}

/** Signs the owner in on the site server and answers the Cookie header of the session. */
async function signInOwner(origin) {
  const response = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify(BENCH_OWNER),
  });
  if (response.status !== 200) {
    throw new Error(`signing the owner in answered ${response.status}: ${await response.text()}`);
  }
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/**
 * Targets with `compareTo`, beside their reference: requests/s and server CPU per request, and
 * whether each is within COMPARE_TOLERANCE. CPU per request decides when it is known, since it
 * hardly moves with what else the machine does; requests/s otherwise.
 */
function printComparisons(results) {
  const measured = new Map(results.filter((r) => r.measured).map((r) => [r.target.name, r]));
  const compared = [];
  for (const result of measured.values()) {
    const reference = measured.get(result.target.compareTo);
    if (!reference) continue;
    const rate = result.measured.requests.average / reference.measured.requests.average;
    const cpu =
      result.cpuMsPerRequest !== null && reference.cpuMsPerRequest !== null
        ? result.cpuMsPerRequest / reference.cpuMsPerRequest
        : null;
    const deciding = cpu === null ? 1 / rate : cpu;
    compared.push({ result, reference, rate, cpu, within: deciding <= 1 + COMPARE_TOLERANCE });
  }
  if (compared.length === 0) return compared;
  console.log(`\nSide by side (within ${COMPARE_TOLERANCE * 100}% of the reference):\n`);
  printRows(
    [
      "target",
      "reference",
      "req/s",
      "reference req/s",
      "rate",
      "CPU ms/req",
      "reference CPU",
      "CPU",
      "verdict",
    ],
    compared.map((c) => [
      c.result.target.name,
      c.reference.target.name,
      c.result.measured.requests.average.toFixed(0),
      c.reference.measured.requests.average.toFixed(0),
      `${(c.rate * 100).toFixed(0)}%`,
      c.result.cpuMsPerRequest?.toFixed(3) ?? "n/a",
      c.reference.cpuMsPerRequest?.toFixed(3) ?? "n/a",
      c.cpu === null ? "n/a" : `${(c.cpu * 100).toFixed(0)}%`,
      c.within ? "ok" : "APART",
    ]),
  );
  return compared;
}

/** "9.1 KB br (41.1 KB)": bytes on the wire, their encoding, and the decoded size. */
function describeBody(probe) {
  if (!probe.encoding) return formatBytes(probe.bytes);
  return `${formatBytes(probe.bytes)} ${probe.encoding} (${formatBytes(probe.decodedBytes)})`;
}

/**
 * The JavaScript and CSS a first-time visitor's browser downloads for a page: every build file
 * the HTML names (module preloads, the entry's imports, stylesheets). Sizes as built, gzipped
 * (level 9), and as this server sends them with the benchmark's Accept-Encoding.
 */
async function weighPage({ target, request, html, origin, buildDir }) {
  const files = withStaticImports(buildFilesLoadedBy(html), buildDir);
  const sum = () => ({ files: 0, raw: 0, gzip: 0, sent: 0 });
  const weight = { target, request, js: sum(), css: sum() };
  for (const file of files) {
    const content = readFileSync(path.join(buildDir, "client", file));
    const sent = await probeUrl(origin + file);
    if (sent.status !== 200) throw new Error(`${file} answered ${sent.status}`);
    const total = file.endsWith(".css") ? weight.css : weight.js;
    total.files += 1;
    total.raw += content.length;
    total.gzip += gzipSync(content, { level: zlibConstants.Z_BEST_COMPRESSION }).length;
    total.sent += sent.bytes;
  }
  console.log(
    `  loads ${weight.js.files} JavaScript files, ${formatBytes(weight.js.gzip)} gzipped ` +
      `(${formatBytes(weight.js.raw)} as built, ${formatBytes(weight.js.sent)} sent), and ` +
      `${weight.css.files} CSS, ${formatBytes(weight.css.gzip)} gzipped`,
  );
  return weight;
}

/**
 * Build files the page makes the browser fetch: module preloads, stylesheets, scripts, and the
 * modules its inline scripts import. (The route manifest's own URL also appears in the page,
 * as data; the browser does not fetch it.)
 */
function buildFilesLoadedBy(html) {
  const files = [];
  for (const [tag] of html.matchAll(/<(?:link|script)\b[^>]*>/g)) {
    const isLoaded = /\brel="(?:modulepreload|stylesheet)"/.test(tag) || tag.startsWith("<script");
    const url = /\b(?:href|src)="(\/assets\/[^"]+)"/.exec(tag)?.[1];
    if (isLoaded && url) files.push(url);
  }
  for (const [, url] of html.matchAll(
    /\bimport\s*(?:[\w*{}\s,]+\s+from\s*|\(\s*)"(\/assets\/[^"]+)"/g,
  )) {
    files.push(url);
  }
  return files.filter((url) => /\.(?:js|css)$/.test(url));
}

/**
 * The rate a cache-hit target is held to its TARGET_RATIOS share of: the yardstick's, or for a
 * target with a bare reference (an answer several times the yardstick's body) the bare server
 * sending the same bytes, its fair yardstick.
 */
function heldRatio(result, results, baseline) {
  const rate = result.measured.requests.average;
  if (!result.target.bareReference) return rate / baseline;
  const bare = results.find((r) => r.target.name === `${result.target.name} (bare)`);
  return bare?.measured ? rate / bare.measured.requests.average : rate / baseline;
}

/**
 * The files and, transitively, every module their JavaScript imports statically (what the browser
 * fetches before the page's scripts can run, whether or not the page preloads each one).
 * Dynamic imports, fetched when used, are not followed.
 */
function withStaticImports(files, buildDir) {
  const all = new Set(files);
  for (const file of all) {
    if (!file.endsWith(".js")) continue;
    const code = readFileSync(path.join(buildDir, "client", file), "utf8");
    for (const [, specifier] of code.matchAll(
      /\bimport\s*(?:[\w*{}$\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+)["']/g,
    )) {
      all.add(new URL(specifier, `http://site${file}`).pathname);
    }
  }
  return [...all];
}

function printWeights(weights) {
  const header = [
    "page",
    "request",
    "JS files",
    "JS gzip",
    "JS as built",
    "JS sent",
    "CSS gzip",
    "CSS as built",
    "CSS sent",
  ];
  const rows = weights.map((w) => [
    w.target.name,
    w.request,
    String(w.js.files),
    `${formatBytes(w.js.gzip)}${w.js.gzip > JS_BUDGET_GZIP_BYTES ? " OVER BUDGET" : ""}`,
    formatBytes(w.js.raw),
    formatBytes(w.js.sent),
    formatBytes(w.css.gzip),
    formatBytes(w.css.raw),
    formatBytes(w.css.sent),
  ]);
  console.log(
    `\nWhat a first-time visitor downloads (JavaScript budget ${formatBytes(JS_BUDGET_GZIP_BYTES)} gzipped; ` +
      `"sent" is with Accept-Encoding: ${ACCEPT_ENCODING || "(none)"}):\n`,
  );
  printRows(header, rows);
}

function printTable(results, baseline) {
  const header = [
    "target",
    "request",
    "req/s (avg)",
    "p99 ms",
    "ratio",
    "non-2xx / errors",
    "body",
    "server CPU ms/req",
  ];
  const rows = results.map((r) => {
    if (!r.measured) return [r.target.name, r.request, "not measured", "", "", r.error, "", ""];
    const m = r.measured;
    const ratio = m.requests.average / baseline;
    const target = TARGET_RATIOS[r.target.kind];
    const held = heldRatio(r, results, baseline);
    const verdict = target === undefined ? "" : held >= target ? " ok" : " BELOW TARGET";
    const against = held === ratio ? "" : ` (${held.toFixed(2)} of its bare reference)`;
    return [
      r.target.name,
      r.request,
      m.requests.average.toFixed(0),
      String(m.latency.p99),
      `${ratio.toFixed(2)}${against}${verdict}`,
      `${m.non2xx} / ${m.errors}`,
      describeBody(r.probe),
      r.cpuMsPerRequest === null ? "n/a" : r.cpuMsPerRequest.toFixed(3),
    ];
  });
  console.log(
    `\nCache hits (${CONNECTIONS} connections, ${DURATION} s each after ${WARMUP} s warm-up, ` +
      `${DATABASE_URL ? "PostgreSQL" : "SQLite"}, ${POST_COUNT} posts, ` +
      `Accept-Encoding: ${ACCEPT_ENCODING || "(none)"}):\n`,
  );
  printRows(header, rows);
}

/** A Markdown table, columns padded to line up. */
function printRows(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  console.log(line(header));
  console.log(line(widths.map((w) => "-".repeat(w))));
  for (const row of rows) console.log(line(row));
}

// --- memory ----------------------------------------------------------------------------------

/**
 * The memory part: a site server on `database` with the response cache on, its RSS read from
 * /proc every 250 ms: idle after start (its RSS once MEMORY_IDLE_SECONDS have passed without a
 * request, and the highest reading of those seconds, start-up's), its peak during
 * MEMORY_SECONDS of MEMORY_MIX (the kernel's high-water mark, VmHWM), and MEMORY_SETTLE_SECONDS
 * after the load. The server writes process.memoryUsage() to a file every half second (a few
 * lines run in its process before it starts; nothing is added to the site), for the split of
 * what the RSS holds.
 */
async function measureMemory({ startScript, database, tmp }) {
  const log = path.join(tmp, "memory-usage.jsonl");
  const prelude = path.join(tmp, "memory-usage.mjs");
  writeFileSync(
    prelude,
    `import { appendFileSync } from "node:fs";\n` +
      `setInterval(() => appendFileSync(${JSON.stringify(log)}, ` +
      `JSON.stringify({ at: Date.now(), ...process.memoryUsage() }) + "\\n"), 500).unref();\n`,
  );
  step(
    `Memory: ${database.count} posts, response cache on; ${MEMORY_IDLE_SECONDS} s idle, ` +
      `${MEMORY_SECONDS} s of mixed load${MEMORY_RATE > 0 ? ` at ${MEMORY_RATE} req/s` : ""}, ` +
      `${MEMORY_SETTLE_SECONDS} s after it`,
  );
  const site = await startSite({ startScript, database, cacheTtlMs: undefined, prelude });
  const { pid } = site.child;
  const samples = [];
  const sample = () => {
    const rss = procStatusKb(pid, "VmRSS");
    if (rss !== null) samples.push({ at: Date.now(), rss: rss * 1024 });
  };
  sample();
  const sampler = setInterval(sample, 250);
  try {
    await sleep(MEMORY_IDLE_SECONDS * 1000);
    const idleUntil = Date.now();
    const idleRollup = smapsRollup(pid);
    // Every address of the mix must answer 200 before the load, as every target must.
    for (const { path: template } of MEMORY_MIX) {
      const url = `${site.origin}${pathMaker(template, database.fixture.values, 1)()}`;
      const probe = await probeUrl(url);
      if (probe.status !== 200) {
        throw new Error(`the memory part's GET ${template} answered ${probe.status}, not 200`);
      }
    }
    const cpuBefore = cpuSeconds(pid);
    const loadFrom = Date.now();
    const load = await cannon(
      `${site.origin}/`,
      MEMORY_SECONDS,
      { method: "GET", headers: REQUEST_HEADERS },
      mixMaker(database.fixture.values),
      { rate: MEMORY_RATE },
    );
    const loadUntil = Date.now();
    const loadRollup = smapsRollup(pid);
    const cpuAfter = cpuSeconds(pid);
    const peak = (procStatusKb(pid, "VmHWM") ?? 0) * 1024;
    console.log(
      `  ${Math.round(load.requests.average)} req/s, p99 ${load.latency.p99} ms, ` +
        `${failures(load)} failed; peak RSS ${formatMb(peak)}; waiting ${MEMORY_SETTLE_SECONDS} s`,
    );
    await sleep(MEMORY_SETTLE_SECONDS * 1000);
    sample();
    const after = samples.at(-1);
    const afterRollup = smapsRollup(pid);
    const usage = readUsage(log);
    const inside = (from, until) => samples.filter((s) => s.at >= from && s.at <= until);
    const during = inside(loadFrom, loadUntil);
    const atPeak = during.reduce((best, s) => (best && best.rss >= s.rss ? best : s), null);
    return {
      posts: database.count,
      load,
      cpuMsPerRequest:
        cpuBefore === null || cpuAfter === null || load.requests.total === 0
          ? null
          : ((cpuAfter - cpuBefore) * 1000) / load.requests.total,
      // At rest: the last reading of the idle seconds. The highest of them is start-up's, which
      // an allocator that gives memory back (jemalloc) has not all returned in the first second.
      idle: {
        rss: inside(0, idleUntil).at(-1)?.rss ?? 0,
        startupHighest: Math.max(...inside(0, idleUntil).map((s) => s.rss)),
        usage: nearest(usage, idleUntil),
        rollup: idleRollup,
      },
      peak: {
        rss: Math.max(peak, atPeak?.rss ?? 0),
        usage: highest(usage, loadFrom, loadUntil),
        rollup: loadRollup,
      },
      after: { rss: after.rss, usage: nearest(usage, after.at), rollup: afterRollup },
      timeline: everyTenSeconds(samples, loadFrom),
    };
  } finally {
    clearInterval(sampler);
    await stopChild(site);
  }
}

// --- two processes ---------------------------------------------------------------------------

/**
 * The two-process part: TWO_PROCESS_TARGET on one site server with the response cache off, then
 * on two started on the same database, the load spread over both (two load generators of half
 * the connections each, run at once). Each server's CPU per request is its own CPU time over the
 * requests it answered. The machine's cores are shared with the load generator, so total
 * requests/s cannot double here; CPU per request shows whether the processes get in each
 * other's way (locks, the database, shared work).
 */
async function measureTwoProcesses({ startScript, database }) {
  const send = { method: "GET", headers: REQUEST_HEADERS };
  const nextPath = pathMaker(
    TWO_PROCESS_TARGET.path,
    database.fixture.values,
    hashSeed(TWO_PROCESSES),
  );
  const runOn = async (sites, label) => {
    for (const site of sites) {
      const probe = await probeUrl(`${site.origin}${nextPath()}`, send);
      if (probe.status !== 200) {
        throw new Error(
          `the two-process part's ${TWO_PROCESS_TARGET.path} answered ${probe.status}`,
        );
      }
    }
    const connections = Math.max(1, Math.floor(CONNECTIONS / sites.length));
    const load = (seconds) =>
      Promise.all(
        sites.map((site) => cannon(`${site.origin}/`, seconds, send, nextPath, { connections })),
      );
    // Each process is warmed with as many requests as the one process was (the warm-up lasts
    // as many times longer as there are processes): a process's JIT warm-up is its own fixed
    // cost, not the processes getting in each other's way, which is what this part measures.
    const warmups = WARMUP > 0 ? await load(WARMUP * sites.length) : sites.map(() => null);
    for (const site of sites) await waitUntilQuiet(site);
    const before = sites.map((site) => cpuSeconds(site.child.pid));
    const measured = await load(DURATION);
    const after = sites.map((site) => cpuSeconds(site.child.pid));
    for (const site of sites) await waitUntilQuiet(site);
    return sites.map((site, i) => {
      const total = measured[i].requests.total;
      const cpu =
        before[i] === null || after[i] === null || total === 0
          ? null
          : ((after[i] - before[i]) * 1000) / total;
      const name = sites.length === 1 ? label : `${label}, process ${"AB"[i]}`;
      console.log(
        `  ${name}: ${Math.round(measured[i].requests.average)} req/s, ` +
          `p99 ${measured[i].latency.p99} ms, ` +
          `${cpu === null ? "" : `${cpu.toFixed(3)} ms server CPU per request, `}` +
          `${failures(measured[i])} failed`,
      );
      return {
        label: name,
        pid: site.child.pid,
        connections,
        warmup: warmups[i] ?? { non2xx: 0, errors: 0 },
        measured: measured[i],
        cpuMsPerRequest: cpu,
      };
    });
  };

  step(
    `Two processes: ${TWO_PROCESS_TARGET.path} on one site server (cache off, ${database.count} posts)`,
  );
  const alone = await startSite({ startScript, database, cacheTtlMs: 0 });
  const [one] = await runOn([alone], "one process");
  await stopChild(alone);

  step("Two processes: two site servers on the same database, the load spread over both");
  const pair = [
    await startSite({ startScript, database, cacheTtlMs: 0 }),
    await startSite({ startScript, database, cacheTtlMs: 0 }),
  ];
  const two = await runOn(pair, "two processes");
  for (const site of pair) await stopChild(site);
  return { posts: database.count, one, two };
}

function printTwoProcesses({ posts, one, two }) {
  console.log(
    `\nTwo processes on one PostgreSQL database (GET ${TWO_PROCESS_TARGET.path}, a random post ` +
      `each time, RESPONSE_CACHE_TTL_MS=0, ${posts} posts; ${CONNECTIONS} connections in all, ` +
      `${DURATION} s after ${WARMUP} s of warm-up for each process):\n`,
  );
  const cpu = (r) => (r.cpuMsPerRequest === null ? "n/a" : r.cpuMsPerRequest.toFixed(3));
  const versus = (r) =>
    r.cpuMsPerRequest === null || !one.cpuMsPerRequest
      ? "n/a"
      : `${(((r.cpuMsPerRequest - one.cpuMsPerRequest) / one.cpuMsPerRequest) * 100).toFixed(1)}%`;
  const totalRate = two.reduce((sum, r) => sum + r.measured.requests.average, 0);
  printRows(
    [
      "run",
      "connections",
      "req/s (avg)",
      "p99 ms",
      "non-2xx / errors",
      "server CPU ms/req",
      "vs one",
    ],
    [
      ...[one, ...two].map((r) => [
        r.label,
        String(r.connections),
        r.measured.requests.average.toFixed(0),
        String(r.measured.latency.p99),
        `${r.measured.non2xx} / ${r.measured.errors}`,
        cpu(r),
        r === one ? "" : versus(r),
      ]),
      ["two processes, both", String(CONNECTIONS), totalRate.toFixed(0), "", "", "", ""],
    ],
  );
}

function printTwoProcessVerdicts({ one, two }) {
  const within = (r) =>
    r.cpuMsPerRequest !== null &&
    one.cpuMsPerRequest !== null &&
    r.cpuMsPerRequest <= one.cpuMsPerRequest * (1 + TWO_PROCESS_TOLERANCE);
  verdict(
    one.cpuMsPerRequest === null ? null : two.every(within),
    `each of two processes within ${TWO_PROCESS_TOLERANCE * 100}% of one process's server CPU per request`,
    [one, ...two].map((r) => `${r.label} ${r.cpuMsPerRequest?.toFixed(3) ?? "n/a"} ms`).join(", "),
  );
}

/** The memory part's next address: one of MEMORY_MIX, by weight (a seeded generator). */
function mixMaker(values) {
  const random = mulberry32(hashSeed(MEMORY));
  const makers = MEMORY_MIX.map((m) => pathMaker(m.path, values, hashSeed(m.path)));
  const next = () => {
    let left = random() * mixWeight;
    for (let i = 0; i < MEMORY_MIX.length; i++) {
      left -= MEMORY_MIX[i].weight;
      if (left < 0) return makers[i]();
    }
    return makers[makers.length - 1]();
  };
  next.random = true;
  return next;
}

/** One field of /proc/<pid>/status in kB (VmRSS, VmHWM), or null (not Linux, or gone). */
function procStatusKb(pid, field) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const match = new RegExp(`^${field}:\\s*(\\d+) kB`, "m").exec(status);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * The process's memory from /proc/<pid>/smaps_rollup (Linux), in bytes: `anonymous` (the V8
 * heap, malloc's arenas, buffers) and `files` (mapped files: the node binary, native libraries),
 * or null.
 */
function smapsRollup(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
    const kb = (field) => Number(new RegExp(`^${field}:\\s*(\\d+) kB`, "m").exec(text)?.[1] ?? 0);
    return { anonymous: kb("Anonymous") * 1024, files: (kb("Rss") - kb("Anonymous")) * 1024 };
  } catch {
    return null;
  }
}

/** The server's process.memoryUsage() readings, oldest first. */
function readUsage(file) {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

function nearest(usage, at) {
  let best = null;
  for (const u of usage) if (!best || Math.abs(u.at - at) < Math.abs(best.at - at)) best = u;
  return best;
}

function highest(usage, from, until) {
  let best = null;
  for (const u of usage) {
    if (u.at >= from && u.at <= until && (!best || u.rss > best.rss)) best = u;
  }
  return best;
}

/** RSS every ten seconds from `from` on: the sample nearest each mark. */
function everyTenSeconds(samples, from) {
  const marks = [];
  const last = samples.at(-1)?.at ?? from;
  for (let at = from; at <= last + 1; at += 10_000) marks.push(nearest(samples, at).rss);
  return marks;
}

function formatMb(bytes) {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}

function printMemory(memory) {
  console.log(
    `\nMemory of the site server (${memory.posts} posts, response cache on; RSS from /proc; ` +
      "anonymous and mapped files from /proc/<pid>/smaps_rollup at that moment, at the load's " +
      "end for the peak; the rest from the server's process.memoryUsage() nearest it):\n",
  );
  const row = (label, { rss, usage, rollup }) => [
    label,
    formatMb(rss),
    rollup ? formatMb(rollup.anonymous) : "n/a",
    rollup ? formatMb(rollup.files) : "n/a",
    usage ? formatMb(usage.heapUsed) : "n/a",
    usage ? formatMb(usage.heapTotal) : "n/a",
    usage ? formatMb(usage.external) : "n/a",
    usage ? formatMb(usage.arrayBuffers) : "n/a",
  ];
  printRows(
    ["moment", "RSS", "anonymous", "files", "heap used", "heap total", "external", "array buffers"],
    [
      row(`idle, ${MEMORY_IDLE_SECONDS} s after start`, memory.idle),
      row(`peak of ${MEMORY_SECONDS} s of mixed load`, memory.peak),
      row(`${MEMORY_SETTLE_SECONDS} s after the load`, memory.after),
    ],
  );
  const load = memory.load;
  console.log(
    `\nThe load: ${Math.round(load.requests.average)} req/s` +
      `${MEMORY_RATE > 0 ? ` (asked: ${MEMORY_RATE})` : ""}, p99 ${load.latency.p99} ms, ` +
      `${load.requests.total} requests, ${failures(load)} failed, ` +
      `${memory.cpuMsPerRequest === null ? "n/a" : memory.cpuMsPerRequest.toFixed(3)} ms server CPU per request ` +
      `(${MEMORY_MIX.map((m) => `${Math.round((100 * m.weight) / mixWeight)}% ${m.path}`).join(", ")}).`,
  );
  console.log(
    `Idle is the RSS after ${MEMORY_IDLE_SECONDS} s without a request; the highest reading in ` +
      `those seconds (start-up's): ${formatMb(memory.idle.startupHighest)}.`,
  );
  console.log(
    `RSS every 10 s from the load's start: ${memory.timeline.map((b) => (b / 1024 / 1024).toFixed(0)).join(", ")} MB.`,
  );
}

function printMemoryVerdicts(memory) {
  for (const [key, label] of [
    ["idle", "RSS idle after start"],
    ["peak", `RSS at the peak of ${MEMORY_SECONDS} s of mixed load`],
    ["after", `RSS ${MEMORY_SETTLE_SECONDS} s after the load`],
  ]) {
    const limit = MEMORY_LIMITS_MB[key];
    verdict(
      memory[key].rss <= limit * 1024 * 1024,
      `${label} at most ${limit} MB`,
      formatMb(memory[key].rss),
    );
  }
}

// --- the uncached part's tables --------------------------------------------------------------

function printUncachedTable(count, results) {
  console.log(
    `\nUncached, ${count} posts (RESPONSE_CACHE_TTL_MS=0; ${CONNECTIONS} connections, ` +
      `${DURATION} s each after ${WARMUP} s warm-up, ${DATABASE_URL ? "PostgreSQL" : "SQLite"}, ` +
      `Accept-Encoding: ${ACCEPT_ENCODING || "(none)"}):\n`,
  );
  printRows(
    [
      "target",
      "request",
      "req/s (avg)",
      "p99 ms",
      "non-2xx / errors",
      "body",
      "server CPU ms/req",
      "busy after",
    ],
    results.map((r) => {
      if (!r.measured) return [r.target.name, r.request, "not measured", "", r.error, "", "", ""];
      const m = r.measured;
      return [
        r.target.name,
        r.request,
        m.requests.average.toFixed(0),
        String(m.latency.p99),
        `${m.non2xx} / ${m.errors}`,
        describeBody(r.probe),
        r.cpuMsPerRequest === null ? "n/a" : r.cpuMsPerRequest.toFixed(3),
        `${(r.busyAfterMs / 1000).toFixed(1)} s`,
      ];
    }),
  );
}

/** Each uncached target's figures side by side, one column pair per post count. */
function printUncachedComparison(runs) {
  console.log(
    "\nUncached, by post count (server CPU ms per request, requests/s; failed requests in brackets):\n",
  );
  const header = ["target"];
  for (const { count } of runs) header.push(`CPU ms/req @${count}`, `req/s @${count}`);
  header.push("largest / smallest CPU");
  const rows = uncachedNames(runs).map((name) => {
    const row = [name];
    for (const run of runs) {
      const r = run.results.find((x) => x.target.name === name);
      if (!r?.measured) {
        row.push("not measured", "");
        continue;
      }
      const failed = failures(r.measured) + (r.warmup ? failures(r.warmup) : 0);
      row.push(
        r.cpuMsPerRequest === null ? "n/a" : r.cpuMsPerRequest.toFixed(3),
        `${r.measured.requests.average.toFixed(0)}${failed > 0 ? ` (${failed} failed)` : ""}`,
      );
    }
    const spread = spreadOf(runs, name);
    row.push(spread === null ? "n/a" : `${spread.toFixed(2)}×`);
    return row;
  });
  printRows(header, rows);
}

function uncachedNames(runs) {
  return UNCACHED_TARGETS.map((t) => t.name).filter((name) =>
    runs.some((run) => run.results.some((r) => r.target.name === name)),
  );
}

/** CPU per request at each count, in the order run (null where it was not measured). */
function cpuByCount(runs, name) {
  return runs.map(
    (run) => run.results.find((r) => r.target.name === name)?.cpuMsPerRequest ?? null,
  );
}

/** Largest over smallest CPU per request across the counts, or null (one count, or missing). */
function spreadOf(runs, name) {
  const figures = cpuByCount(runs, name);
  if (figures.length < 2 || figures.some((f) => f === null || f <= 0)) return null;
  return Math.max(...figures) / Math.min(...figures);
}

function printUncachedVerdicts(runs) {
  const counts = runs.map((run) => run.count).join(" / ");
  for (const target of UNCACHED_TARGETS) {
    if (!runs.some((run) => run.results.some((r) => r.target === target))) continue;
    const figures = cpuByCount(runs, target.name);
    const shown = `${figures.map((f) => (f === null ? "n/a" : f.toFixed(3))).join(" / ")} ms at ${counts} posts`;
    if (target.cpuLimitMs !== undefined) {
      verdict(
        figures.every((f) => f !== null && f <= target.cpuLimitMs),
        `${target.name} at most ${target.cpuLimitMs} ms of server CPU per request`,
        shown,
      );
    }
    if (target.flat) {
      const spread = spreadOf(runs, target.name);
      verdict(
        runs.length < 2 ? null : spread !== null && spread <= 1 + FLAT_TOLERANCE,
        `${target.name} flat in the post count (within ${FLAT_TOLERANCE * 100}%)`,
        runs.length < 2 ? "needs two post counts" : shown,
      );
    }
  }
}

/** One verdict line: ok, NOT MET, or n/a (null: could not be judged in this run). */
function verdict(ok, what, detail = "") {
  const label = ok === null ? "n/a    " : ok ? "ok     " : "NOT MET";
  console.log(`  ${label} ${what}${detail ? `: ${detail}` : ""}`);
}

// --- the staff part --------------------------------------------------------------------------

/**
 * Latency percentiles (ms) of STAFF_LATENCY_REQUESTS requests to `url`, each sent when the one
 * before has been answered, on one kept-alive connection; the body read to its end.
 */
async function sequentialLatency(url, { method, headers, body }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times = [];
  try {
    for (let i = 0; i < STAFF_LATENCY_REQUESTS; i++) {
      const started = performance.now();
      await new Promise((resolve, reject) => {
        const request = http.request(url, { method, headers, agent }, (response) => {
          response.on("data", () => {});
          response.on("end", resolve);
          response.on("error", reject);
        });
        request.on("error", reject);
        request.end(body);
      });
      times.push(performance.now() - started);
    }
  } finally {
    agent.destroy();
  }
  times.sort((a, b) => a - b);
  const at = (share) => times[Math.min(times.length - 1, Math.ceil(share * times.length) - 1)];
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

/** The budgets a staff target's result broke, in words (none when it was not measured). */
function staffBudgetBreaches(r) {
  if (!r.measured || !r.latency) return [];
  const { p95Ms, bytes } = r.target.budget;
  const broken = [];
  if (p95Ms !== undefined && r.latency.p95 >= p95Ms) {
    broken.push(`p95 ${r.latency.p95.toFixed(1)} ms, over its budget of ${p95Ms} ms`);
  }
  if (bytes !== undefined && r.probe.bytes >= bytes) {
    broken.push(
      `${formatBytes(r.probe.bytes)} on the wire, over its budget of ${formatBytes(bytes)}`,
    );
  }
  return broken;
}

function printStaffTable({ label, results }, baseline) {
  console.log(
    `\nStaff calls as the owner, ${label}: ${STAFF_POSTS} posts, ${STAFF_SUBSCRIBERS} subscribers, ` +
      `${STAFF_APPS} apps (p50/p95 of ${STAFF_LATENCY_REQUESTS} requests one after another; ` +
      `req/s over ${CONNECTIONS} connections, ${DURATION} s after ${WARMUP} s warm-up; ` +
      `Accept-Encoding: ${ACCEPT_ENCODING || "(none)"}):\n`,
  );
  printRows(
    [
      "target",
      "request",
      "p50 ms",
      "p95 ms",
      "req/s (avg)",
      "ratio",
      "body",
      "server CPU ms/req",
      "budget",
    ],
    results.map((r) => {
      if (!r.measured) {
        return [r.target.name, r.request, "not measured", "", "", "", r.error, "", ""];
      }
      const { p95Ms, bytes } = r.target.budget;
      const budget = [p95Ms && `p95 < ${p95Ms} ms`, bytes && `< ${formatBytes(bytes)}`]
        .filter(Boolean)
        .join(", ");
      const broken = staffBudgetBreaches(r);
      const state = broken.length === 0 ? "ok" : "BROKEN";
      return [
        r.target.name,
        r.request,
        r.latency.p50.toFixed(1),
        r.latency.p95.toFixed(1),
        r.measured.requests.average.toFixed(0),
        baseline === null ? "n/a" : (r.measured.requests.average / baseline).toFixed(2),
        describeBody(r.probe),
        r.cpuMsPerRequest === null ? "n/a" : r.cpuMsPerRequest.toFixed(3),
        `${budget}: ${state}`,
      ];
    }),
  );
}

// --- seeding ---------------------------------------------------------------------------------

/**
 * A fresh database of `count` posts (and apps). `staff`: the staff part's, with STAFF_APPS
 * apps, STAFF_SUBSCRIBERS subscribers, and the posts written by STAFF_AUTHORS.
 */
async function seed({
  dataDir,
  schema,
  count,
  revisions,
  staff = false,
  databaseUrl = DATABASE_URL,
}) {
  const { openDatabase } = await import("#server/db/db.server.ts");
  const { migrateToLatest } = await import("#server/db/migrate.server.ts");
  const { PACK_TYPES } = await import("#common/constants.ts");
  const { rebuildPostTags } = await import("#server/services/post-tags.server.ts");
  const handle = openDatabase({ databaseUrl, dataDir, schema });
  try {
    await migrateToLatest(handle.db);
    const rows = makePosts(PACK_TYPES, count);
    const authors = staff ? makeAuthors({ postgres: Boolean(databaseUrl) }) : [];
    rows.forEach((row, i) => {
      row.authorId = authors.length > 0 ? authors[i % authors.length].id : null;
    });
    await handle.db.transaction().execute(async (trx) => {
      if (authors.length > 0) await trx.insertInto("users").values(authors).execute();
      for (let i = 0; i < rows.length; i += 100) {
        await trx
          .insertInto("posts")
          .values(rows.slice(i, i + 100))
          .execute();
      }
      await trx
        .insertInto("apps")
        .values(makeApps(staff ? STAFF_APPS : APP_COUNT))
        .execute();
      const subscribers = staff ? makeSubscribers(STAFF_SUBSCRIBERS) : [];
      for (let i = 0; i < subscribers.length; i += 1000) {
        await trx
          .insertInto("subscribers")
          .values(subscribers.slice(i, i + 1000))
          .execute();
      }
      // The tag rows the site's own writes keep beside each post's tags.
      await rebuildPostTags(trx);
    });
    if (staff && databaseUrl) {
      // What autovacuum does within a minute of a bulk load on a live database: the visibility
      // map (so counts can read indexes alone) and the planner's statistics. Without it the
      // staff calls would be measured in the minute after an import, not in a studio's day.
      const { sql } = await import("kysely");
      await sql`vacuum analyze`.execute(handle.db);
    }
    // The save targets write two old published news posts (no other target reads them), one
    // of them with REVISIONS_STORED revisions stored first (only where they are measured).
    const [saved, withHistory] = rows
      .filter((row) => row.status === "published" && row.category === "news")
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    const history = revisions ? makeRevisions(withHistory) : [];
    await handle.db.transaction().execute(async (trx) => {
      for (let i = 0; i < history.length; i += 100) {
        await trx
          .insertInto("post_revisions")
          .values(history.slice(i, i + 100))
          .execute();
      }
    });
    const sizes = rows.map((row) => Buffer.byteLength(row.content) / 1024);
    const countOf = (predicate) => rows.filter(predicate).length;
    const published = rows
      .filter((row) => row.status === "published")
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    return {
      count,
      values: {
        // The newest published post is what a reader most likely opens.
        slug: published[0].slug,
        // Every published post: the uncached part asks for one at random per request.
        publishedSlug: published.map((row) => row.slug),
        saveId: saved.id,
        historyId: withHistory.id,
      },
      // The same text for both, so the two saves differ only in the history behind them.
      bodies: {
        save: editorForm(saved, saved.content),
        history: editorForm(withHistory, saved.content),
      },
      revisionsStored: history.length,
      counts: {
        published: published.length,
        scheduled: countOf((r) => r.status === "scheduled"),
        draft: countOf((r) => r.status === "draft"),
        marketplace: countOf((r) => r.category === "marketplace-content"),
      },
      contentKb: {
        min: Math.min(...sizes).toFixed(1),
        max: Math.max(...sizes).toFixed(1),
        avg: (sizes.reduce((a, b) => a + b, 0) / sizes.length).toFixed(1),
      },
    };
  } finally {
    await handle.close();
  }
}

const WORDS = (
  "block world pack skin texture creeper village castle island survival adventure map quest " +
  "biome redstone build craft portal dungeon treasure dragon forest desert ocean temple " +
  "minigame parkour spawn mob armor sword pickaxe potion enchanted lantern bridge tower " +
  "update release players community creators marketplace studio team design detailed new"
).split(" ");

/**
 * `count` posts like the real ones, always the same for a count (a seeded generator), as table
 * rows, spread over the same three years whatever their number.
 */
function makePosts(packTypes, count) {
  const random = mulberry32(20240601);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const words = (n) => Array.from({ length: n }, () => pick(WORDS)).join(" ");
  const sentence = (min = 8, spread = 10) => {
    const s = words(min + Math.floor(random() * spread));
    return `${s[0].toUpperCase()}${s.slice(1)}.`;
  };
  const paragraph = () => {
    const sentences = Array.from({ length: 3 + Math.floor(random() * 3) }, () => sentence());
    const i = Math.floor(random() * sentences.length);
    sentences[i] = `<strong>${sentences[i]}</strong>`;
    return `<p>${sentences.join(" ")} Tips &amp; tricks &mdash; <a href="https://example.com/${pick(WORDS)}">read more</a>.</p>`;
  };
  const html = () => {
    const targetBytes = 2048 + Math.floor(random() * 2048);
    let out = `<h2>${sentence()}</h2>`;
    while (Buffer.byteLength(out) < targetBytes) {
      const r = random();
      if (r < 0.15) out += `<h3>${sentence()}</h3>`;
      else if (r < 0.3) {
        const items = Array.from({ length: 3 + Math.floor(random() * 3) }, () => sentence());
        out += `<ul>${items.map((item) => `<li>${item}</li>`).join("")}</ul>`;
      } else out += paragraph();
    }
    return out;
  };

  const now = Date.now();
  const day = 24 * 3600 * 1000;
  const rows = [];
  // 1 at 1,000 posts (a little under a post a day), so those are the posts measured before.
  const scale = 1000 / count;
  for (let i = 0; i < count; i++) {
    const r = random();
    const category = r < 0.3 ? "marketplace-content" : r < 0.75 ? "news" : "youtube";
    const s = random();
    const status = s < 0.85 ? "published" : s < 0.93 ? "draft" : "scheduled";
    // Spread over the last three years.
    const created = new Date(now - (count - i) * 1.05 * scale * day - random() * scale * day);
    const scheduledAt =
      status === "scheduled"
        ? new Date(created.getTime() + (random() < 0.5 ? 2 : 2000) * day).toISOString()
        : null;
    const title = `${sentence(3, 4).slice(0, -1)} ${i + 1}`;
    const slug = `${title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")}`;
    const marketplace = category === "marketplace-content";
    const createdAt = created.toISOString();
    rows.push({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      title,
      slug,
      excerpt: sentence(),
      content: html(),
      status,
      category,
      packType: marketplace ? pick(packTypes) : null,
      marketplaceUrl: marketplace ? `https://www.minecraft.net/en-us/pdp?id=${slug}` : null,
      youtubeUrl: category === "youtube" ? `https://www.youtube.com/watch?v=bench${i}` : null,
      featuredImage: random() < 0.8 ? `/uploads/bench/${slug}.webp` : null,
      featuredImageAlt: `Screenshot of ${title}`,
      scheduledAt,
      timezone: scheduledAt ? "Europe/London" : null,
      releaseDate: marketplace ? createdAt : null,
      publishedAt: status === "published" ? createdAt : null,
      tags: JSON.stringify(Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(WORDS))),
      authorId: null,
      createdAt,
      updatedAt: createdAt,
    });
  }
  return rows;
}

/**
 * What the editor sends when staff press Update on a published post: the whole form with
 * `content`, its featured image an http(s) address (the seeded file names are not uploads),
 * without a version.
 */
function editorForm(row, content) {
  return {
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    content,
    status: "published",
    category: row.category,
    youtubeUrl: row.youtubeUrl,
    featuredImage: `https://cdn.example.com/bench/${row.slug}.webp`,
    featuredImageAlt: row.featuredImageAlt,
    tags: JSON.parse(row.tags),
    scheduledAt: null,
    timezone: "Europe/London",
  };
}

/** The staff part's authors: logins whose names the staff post list shows. */
const STAFF_AUTHORS = ["Alex Rivera", "Sam Okafor", "Jordan Lee", "Priya Nair", "Mika Tanaka"];

function makeAuthors({ postgres }) {
  const createdAt = new Date().toISOString();
  return STAFF_AUTHORS.map((name, i) => ({
    id: `00000000-0000-4000-b000-${String(i).padStart(12, "0")}`,
    name,
    email: `${name.toLowerCase().replace(/[^a-z]+/g, ".")}@bench.test`,
    emailVerified: postgres ? false : 0,
    image: null,
    createdAt,
    updatedAt: createdAt,
  }));
}

/** `count` newsletter subscribers, one every few minutes over the last years. */
function makeSubscribers(count) {
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => ({
    id: `00000000-0000-4000-c000-${String(i).padStart(12, "0")}`,
    email: `reader${i}@mail${i % 97}.example.com`,
    createdAt: new Date(now - (count - i) * 180_000).toISOString(),
  }));
}

/** `count` apps, the studio's own and partners', of every status and relationship. */
function makeApps(count) {
  const random = mulberry32(20240602);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const sentence = (n) => {
    const s = Array.from({ length: n }, () => pick(WORDS)).join(" ");
    return `${s[0].toUpperCase()}${s.slice(1)}.`;
  };
  const createdAt = new Date().toISOString();
  return Array.from({ length: count }, (_, i) => {
    const name = `${pick(WORDS)} ${pick(WORDS)} ${i + 1}`.replace(/^./, (c) => c.toUpperCase());
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    return {
      id: `00000000-0000-4000-a000-${String(i).padStart(12, "0")}`,
      name,
      slug,
      category: ["Web Tool", "Tool", "Game", "Utility"][i % 4],
      relationship: ["developed", "partner", "official-partner"][i % 3],
      status: ["released", "released", "beta", "in-development", "banned"][i % 5],
      logoUrl: null,
      imageUrl: null,
      shortDescription: sentence(8),
      description: Array.from({ length: 3 }, () => sentence(14)).join(" "),
      downloadCount: Math.floor(random() * 2_000_000),
      rating: Math.round((3 + random() * 2) * 10) / 10,
      releaseDate: new Date(Date.now() - Math.floor(random() * 1500) * 86_400_000).toISOString(),
      platforms: JSON.stringify(["web", "windows", "ios", "android"].slice(0, 1 + (i % 4))),
      websiteUrl: `https://apps.example.com/${slug}`,
      downloadUrl: i % 2 === 0 ? `https://apps.example.com/${slug}/download` : null,
      sortOrder: i + 1,
      createdAt,
      updatedAt: createdAt,
    };
  });
}

/** REVISIONS_STORED revisions of a post, one an hour before its creation onwards. */
function makeRevisions(row) {
  const kinds = ["save", "update", "autosave", "publish"];
  const start = Date.parse(row.createdAt);
  return Array.from({ length: REVISIONS_STORED }, (_, i) => ({
    id: `00000000-0000-4000-9000-${String(i).padStart(12, "0")}`,
    postId: row.id,
    kind: i === 0 ? "create" : kinds[i % kinds.length],
    status: "published",
    title: `${row.title} (${i})`,
    slug: row.slug,
    excerpt: row.excerpt,
    content: row.content,
    featuredImage: null,
    featuredImageAlt: row.featuredImageAlt,
    tags: row.tags,
    authorId: null,
    savedBy: null,
    createdAt: new Date(start + i * 3_600_000).toISOString(),
  }));
}

function mulberry32(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// --- PostgreSQL ------------------------------------------------------------------------------

async function withPgClient(fn, url = DATABASE_URL) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The URL whose connections work in `schema` (what the server child process receives). */
function urlWithSchema(url, schema) {
  const parsed = new URL(url);
  parsed.searchParams.set("options", `-c search_path=${schema}`);
  return parsed.toString();
}

// --- child processes -------------------------------------------------------------------------

/**
 * A bare Node HTTP server answering every request with the same body: the yardstick. For a
 * reference, /?bytes=N answers N random bytes instead (as incompressible as a compressed body).
 */
const YARDSTICK_SOURCE = `
import http from "node:http";
import { randomBytes } from "node:crypto";
const body = Buffer.alloc(Number(process.env.YARDSTICK_BYTES), "x");
const sized = new Map();
const server = http.createServer((req, res) => {
  if (req.url === "/") {
    res.writeHead(200, { "content-type": "text/plain", "content-length": body.length });
    res.end(body);
    return;
  }
  const bytes = Number(new URL(req.url, "http://x").searchParams.get("bytes"));
  if (!sized.has(bytes)) sized.set(bytes, randomBytes(bytes));
  const answer = sized.get(bytes);
  res.writeHead(200, { "content-type": "application/octet-stream", "content-length": answer.length });
  res.end(answer);
});
server.listen(0, "127.0.0.1", () => console.log("yardstick listening on " + server.address().port));
process.on("SIGTERM", () => { server.close(); server.closeAllConnections(); });
`;

/** Where the servers' stdout goes: a folder in the run's temporary one (set by main), one file per server. */
const CHILD_LOGS = { dir: null, count: 0 };

/**
 * Starts `node …args` and resolves once its output matches `ready` (whose first group is the
 * port). Its PID is registered for clean-up at once. Its stdout goes to a file of its own in
 * CHILD_LOGS (a server writes a line per request, as in production at LOG_LEVEL=info), read
 * for `ready` only: a log shipper takes lines as fast as they come, which this process,
 * busy making the load, would not, and nothing of the load generator's CPU goes to them.
 * The last lines of stderr (warnings and errors) are kept to explain a failure.
 */
function startChild({ name, args, env, ready, timeoutMs = 30_000 }) {
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
async function stopChild(handle) {
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

/** User plus system CPU seconds a process has used so far (Linux /proc), or null elsewhere. */
function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

// --- small helpers ---------------------------------------------------------------------------

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

function step(message) {
  console.log(`\n» ${message}`);
}

function formatBytes(bytes) {
  return bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${bytes} B`;
}

function positiveNumber(name, fallback, { allowZero = false } = {}) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (value === 0 && !allowZero)) {
    console.error(`${name} must be a ${allowZero ? "non-negative" : "positive"} number.`);
    process.exit(2);
  }
  return value;
}

/** A comma-separated list of post counts (whole numbers from 10 to 100,000). */
function postCounts(name, fallback, { single = false } = {}) {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const counts = raw.split(",").map((part) => Number(part.trim()));
  if (
    counts.some((n) => !Number.isInteger(n) || n < 10 || n > 100_000) ||
    (single && counts.length !== 1)
  ) {
    console.error(
      `${name} must be ${single ? "a whole number" : "comma-separated whole numbers"} from 10 to 100000.`,
    );
    process.exit(2);
  }
  return counts;
}

function redact(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparseable URL)";
  }
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
