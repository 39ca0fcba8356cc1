// `npm run bench`: throughput of the public read API and the server-rendered pages against a
// bare Node HTTP server answering a fixed 20 KB body (the yardstick), measured in the same run on
// the same machine, so the ratios mean something on any machine. Results: docs/benchmarks.md.
//
// Steps: build, and copy the build into a temporary folder (other work in this checkout may
// rebuild build/ while we measure); seed a fresh database with 1,000 posts (a new SQLite file,
// or a new schema when DATABASE_URL is set); start the production server and the yardstick as
// child processes on loopback ports; then for each target: probe it (it must answer 200), warm
// up, and measure with autocannon in this process. The yardstick is measured first and again
// last, to show how steady the machine was. Every child is stopped by its PID and everything
// temporary is removed, also on failure or Ctrl-C. Exit code 1 when any response was not 2xx or
// any request failed. Write targets (a post save) are sent as the owner, signed in once.
//
// Environment:
//   BENCH_DURATION     seconds measured per target (default 10)
//   BENCH_WARMUP       seconds of warm-up per target, not measured (default 3)
//   BENCH_CONNECTIONS  concurrent connections (default 50)
//   BENCH_ONLY         comma-separated target names to run (the yardstick always runs)
//   BENCH_CPU_PROF     a folder: run the site server with --cpu-prof and write its profile there
//   BENCH_ACCEPT_ENCODING  the Accept-Encoding every request sends (default: a browser's);
//                      empty to send none
//   BENCH_KEEP_BODIES  1: let autocannon decode and keep every response body (see cannon())
//   DATABASE_URL       postgres://… to benchmark on PostgreSQL (in a temporary schema)
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { brotliDecompressSync, gunzipSync, gzipSync, constants as zlibConstants } from "node:zlib";
import autocannon from "autocannon";

const root = fileURLToPath(new URL("..", import.meta.url));

const DURATION = positiveNumber("BENCH_DURATION", 10);
const WARMUP = positiveNumber("BENCH_WARMUP", 3, { allowZero: true });
const CONNECTIONS = positiveNumber("BENCH_CONNECTIONS", 50);
const ONLY = process.env.BENCH_ONLY?.split(",")
  .map((name) => name.trim())
  .filter(Boolean);
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

/** Share of the yardstick's requests per second each kind of target must reach. */
const TARGET_RATIOS = { api: 0.3, page: 0.15 };
/** JavaScript an anonymous visitor downloads on a page, gzip-compressed, at most. */
const JS_BUDGET_GZIP_BYTES = 150 * 1024;
const POST_COUNT = 1000;
/** Revisions stored beforehand on the post the second save target writes. */
const REVISIONS_STORED = 500;
/** How far a compared target's figures may fall from its reference's. */
const COMPARE_TOLERANCE = 0.1;
/** The owner's login the site server is started with when a write is measured. */
const BENCH_OWNER = { email: "owner@bench.test", password: "bench-owner-password" };
const YARDSTICK_BODY_BYTES = 20 * 1024;
/** Linux's USER_HZ, the unit of the CPU times in /proc/<pid>/stat (100 on every common build). */
const CLOCK_TICKS = 100;

/**
 * What is measured, in this order, after the yardstick. `path` may name values of the seeded
 * data in braces ({slug}: the newest published post). Each kind is held to its TARGET_RATIOS
 * share of the yardstick; for pages, the JavaScript and CSS they load are weighed too. To
 * measure another endpoint or page, add a line.
 * A write (`method`, `body`: a key of the seeded bodies) is sent as the owner, signed in; one
 * with `compareTo` is reported beside that target and held to within COMPARE_TOLERANCE of it.
 * Every entry must answer 200, or the run fails: nothing is skipped silently.
 */
const TARGETS = [
  { name: "published", kind: "api", path: "/api/posts/published?limit=3" },
  // Its answer is several times the yardstick's body even compressed: `bareReference` also
  // measures the bare server sending the same number of bytes, what no server could beat.
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
const YARDSTICK = { name: "yardstick", kind: "yardstick", path: "/" };

// ---------------------------------------------------------------------------------------------

const cleanups = [];
let cleaningUp = null;

/** Runs the registered clean-ups, newest first, once; failures are reported, not thrown. */
function cleanUp() {
  cleaningUp ??= (async () => {
    while (cleanups.length > 0) {
      const { label, fn } = cleanups.pop();
      try {
        await fn();
      } catch (error) {
        console.error(`Clean-up failed (${label}): ${describeError(error)}`);
      }
    }
  })();
  return cleaningUp;
}

/** Children still running; killed (SIGKILL, by PID) if this process ends without cleaning up. */
const children = new Set();
process.once("exit", () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) process.kill(child.pid, "SIGKILL");
  }
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, async () => {
    console.error(`\n${signal} received: stopping the servers and removing temporary data.`);
    await cleanUp();
    process.exit(130);
  });
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const startedAt = Date.now();
  if (ONLY) {
    const unknown = ONLY.filter((name) => !TARGETS.some((t) => t.name === name));
    if (unknown.length > 0) throw new Error(`BENCH_ONLY names unknown targets: ${unknown}`);
  }
  const selected = TARGETS.filter((t) => !ONLY || ONLY.includes(t.name));

  printEnvironment();

  const tmp = mkdtempSync(path.join(os.tmpdir(), "studio-bench-"));
  cleanups.push({ label: "temporary folder", fn: () => rmSync(tmp, { recursive: true }) });
  const dataDir = path.join(tmp, "data");
  const buildDir = path.join(tmp, "build");

  step("Building (react-router build) and copying the build aside");
  buildAndCopy(buildDir);
  // The bundle imports its dependencies by name; they resolve through this link.
  symlinkSync(path.join(root, "node_modules"), path.join(tmp, "node_modules"), "dir");
  const serverEntry = path.join(buildDir, "server/index.js");

  let schema;
  let serverDatabaseUrl;
  if (DATABASE_URL) {
    schema = `bench_${randomBytes(5).toString("hex")}`;
    await withPgClient((client) => client.query(`create schema ${schema}`));
    cleanups.push({
      label: `schema ${schema}`,
      fn: () => withPgClient((client) => client.query(`drop schema ${schema} cascade`)),
    });
    serverDatabaseUrl = urlWithSchema(DATABASE_URL, schema);
  }

  step(`Seeding ${POST_COUNT} posts (${DATABASE_URL ? `PostgreSQL schema ${schema}` : "SQLite"})`);
  const fixture = await seed({ dataDir, schema });
  console.log(
    `  ${fixture.counts.published} published, ${fixture.counts.scheduled} scheduled, ` +
      `${fixture.counts.draft} drafts; ${fixture.counts.marketplace} marketplace-content; ` +
      `content ${fixture.contentKb.min}–${fixture.contentKb.max} KB ` +
      `(average ${fixture.contentKb.avg} KB); {slug} = ${fixture.values.slug}; ` +
      `${fixture.revisionsStored} revisions stored on {historyId}`,
  );

  const writes = selected.some((t) => t.method);
  step("Starting the yardstick and the site server");
  const yardstick = await startChild({
    name: "yardstick",
    args: ["--input-type=module", "-e", YARDSTICK_SOURCE],
    env: { ...process.env, YARDSTICK_BYTES: String(YARDSTICK_BODY_BYTES) },
    ready: /^yardstick listening on (\d+)$/m,
  });
  // What `npm start` (scripts/start.mjs) does, with the copied build.
  const siteSource = `const { start } = await import(${JSON.stringify(pathToFileURL(serverEntry).href)}); await start();`;
  const site = await startChild({
    name: "site",
    args: [
      ...(CPU_PROF_DIR ? ["--cpu-prof", `--cpu-prof-dir=${CPU_PROF_DIR}`] : []),
      "--input-type=module",
      "-e",
      siteSource,
    ],
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dataDir,
      SEED_DEMO: "0",
      DATABASE_URL: serverDatabaseUrl ?? "",
      ADMIN_EMAIL: writes ? BENCH_OWNER.email : "",
      ADMIN_PASSWORD: writes ? BENCH_OWNER.password : "",
    },
    ready: /Studio Site is serving on http:\/\/127\.0\.0\.1:(\d+)/,
  });
  const origins = {
    yardstick: `http://127.0.0.1:${yardstick.port}`,
    site: `http://127.0.0.1:${site.port}`,
  };
  console.log(`  yardstick: ${origins.yardstick} (PID ${yardstick.child.pid})`);
  console.log(`  site:      ${origins.site} (PID ${site.child.pid})`);
  const ownerCookie = writes ? await signInOwner(origins.site) : null;

  const initialPlan = [
    { target: YARDSTICK, origin: origins.yardstick },
    ...selected.map((target) => ({ target, origin: origins.site })),
    { target: { ...YARDSTICK, name: "yardstick (again)" }, origin: origins.yardstick },
  ];
  const results = [];
  const weights = [];
  const plan = [...initialPlan];
  while (plan.length > 0) {
    const { target, origin } = plan.shift();
    const request = `${target.method ?? "GET"} ${target.path}`;
    const url = `${origin}${target.path.replace(/\{(\w+)\}/g, (_, key) => encodeURIComponent(fixture.values[key]))}`;
    step(`${target.name}: ${request}`);
    const send = target.method
      ? {
          method: target.method,
          body: JSON.stringify(fixture.bodies[target.body]),
          headers: {
            ...REQUEST_HEADERS,
            "content-type": "application/json",
            origin: origins.site,
            cookie: ownerCookie,
          },
        }
      : { method: "GET", headers: REQUEST_HEADERS };
    const probe = await probeUrl(url, send);
    if (probe.status !== 200) {
      console.error(`  answered ${probe.status} instead of 200: not measured`);
      results.push({ target, request, error: `answered ${probe.status}` });
      continue;
    }
    if (target.kind === "page") {
      weights.push(await weighPage({ target, request, html: probe.text, origin, buildDir }));
    }
    if (target.bareReference) {
      // Next: the yardstick's bare server sending as many bytes as this answer did.
      plan.unshift({
        target: {
          name: `${target.name} (bare)`,
          kind: "reference",
          path: `/?bytes=${probe.bytes}`,
        },
        origin: origins.yardstick,
      });
    }
    const warmup = WARMUP > 0 ? await cannon(url, WARMUP, send) : null;
    const server = origin === origins.yardstick ? yardstick : site;
    const cpuBefore = cpuSeconds(server.child.pid);
    const measured = await cannon(url, DURATION, send);
    const cpuAfter = cpuSeconds(server.child.pid);
    // Server CPU time per answered request: unlike requests/s, it hardly depends on what else
    // the machine is doing, so it is the figure to compare between runs and machines.
    const cpuMsPerRequest =
      cpuBefore === null || cpuAfter === null || measured.requests.total === 0
        ? null
        : ((cpuAfter - cpuBefore) * 1000) / measured.requests.total;
    results.push({ target, request, probe, warmup, measured, cpuMsPerRequest });
    console.log(
      `  ${Math.round(measured.requests.average)} req/s, p99 ${measured.latency.p99} ms, ` +
        `${describeBody(probe)} per response, ` +
        `${cpuMsPerRequest === null ? "" : `${cpuMsPerRequest.toFixed(3)} ms server CPU per request, `}` +
        `${failures(measured)} failed`,
    );
  }

  const yardsticks = results.filter((r) => r.target.kind === "yardstick" && r.measured);
  const baseline =
    yardsticks.reduce((sum, r) => sum + r.measured.requests.average, 0) / yardsticks.length;
  printTable(results, baseline);
  const compared = printComparisons(results);
  if (weights.length > 0) printWeights(weights);
  if (yardsticks.length === 2) {
    const [first, last] = yardsticks.map((r) => r.measured.requests.average);
    const drift = Math.abs(first - last) / Math.max(first, last);
    console.log(
      `\nRatios are to the mean of both yardstick runs (${Math.round(baseline)} req/s); ` +
        `they differ by ${(drift * 100).toFixed(0)}%${drift > 0.15 ? ": the machine was not steady (other load?), compare with care" : ""}.`,
    );
  }
  console.log(`Load average (1 min) at the end: ${os.loadavg()[0].toFixed(2)}`);

  console.log(
    `Targets run: ${results
      .filter((r) => r.measured)
      .map((r) => r.target.name)
      .join(", ")}`,
  );
  const notSelected = TARGETS.filter((t) => !selected.includes(t)).map((t) => t.name);
  if (notSelected.length > 0) console.log(`Not selected (BENCH_ONLY): ${notSelected.join(", ")}`);

  let failed = false;
  for (const r of results) {
    if (r.error) {
      failed = true;
      console.error(`FAILED: ${r.target.name} (${r.request}) ${r.error}.`);
    }
    for (const [phase, result] of [
      ["warm-up", r.warmup],
      ["measurement", r.measured],
    ]) {
      if (result && failures(result) > 0) {
        failed = true;
        console.error(
          `FAILED: ${r.target.name} had ${describeFailures(result)} during the ${phase}.`,
        );
      }
    }
    if (r.measured && r.measured.requests.total === 0) {
      failed = true;
      console.error(`FAILED: ${r.target.name}: no response at all arrived during the measurement.`);
    }
  }
  const held = results.filter((r) => r.measured && TARGET_RATIOS[r.target.kind] !== undefined);
  const below = held.filter(
    (r) => r.measured.requests.average / baseline < TARGET_RATIOS[r.target.kind],
  );
  console.log(
    below.length > 0
      ? `Below the target (API ${TARGET_RATIOS.api * 100}%, pages ${TARGET_RATIOS.page * 100}% of the yardstick): ${below.map((r) => r.target.name).join(", ")}`
      : "Every target measured reached its share of the yardstick.",
  );
  const apart = compared.filter((c) => !c.within);
  if (compared.length > 0) {
    console.log(
      apart.length > 0
        ? `Further than ${COMPARE_TOLERANCE * 100}% from their reference: ${apart.map((c) => c.result.target.name).join(", ")}`
        : `Every compared target is within ${COMPARE_TOLERANCE * 100}% of its reference.`,
    );
  }
  const heavy = weights.filter((w) => w.js.gzip > JS_BUDGET_GZIP_BYTES);
  if (weights.length > 0) {
    console.log(
      heavy.length > 0
        ? `Over the JavaScript budget (${formatBytes(JS_BUDGET_GZIP_BYTES)} gzip): ${heavy.map((w) => w.target.name).join(", ")}`
        : `Every page measured stays within the JavaScript budget (${formatBytes(JS_BUDGET_GZIP_BYTES)} gzip).`,
    );
  }

  step("Stopping the servers");
  await stopChild(site);
  await stopChild(yardstick);
  if (CPU_PROF_DIR) console.log(`  CPU profile of the site server written to ${CPU_PROF_DIR}`);
  console.log(`\nDone in ${Math.round((Date.now() - startedAt) / 1000)} s.`);
  return failed ? 1 : 0;
}

/**
 * Builds, then copies build/ to `target`. Other work in this checkout (test set-ups) may rebuild
 * build/ at the same moment; a copy taken while that happened is thrown away and the whole step
 * repeated.
 */
function buildAndCopy(target) {
  const entry = path.join(root, "build/server/index.js");
  for (let attempt = 1; ; attempt++) {
    const build = spawnSync("npx", ["react-router", "build"], {
      cwd: root,
      encoding: "utf8",
      timeout: 120_000,
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

// --- measuring -------------------------------------------------------------------------------

function cannon(url, duration, { method, headers, body }) {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    timeout: 10,
    method,
    headers,
    body,
    setupClient: KEEP_BODIES ? undefined : countBodiesOnly,
  });
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
    const request = http.request(url, { method, headers, timeout: 30_000 }, (response) => {
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
  const files = [...new Set(buildFilesLoadedBy(html))];
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
    const verdict = target === undefined ? "" : ratio >= target ? " ok" : " BELOW TARGET";
    return [
      r.target.name,
      r.request,
      m.requests.average.toFixed(0),
      String(m.latency.p99),
      `${ratio.toFixed(2)}${verdict}`,
      `${m.non2xx} / ${m.errors}`,
      describeBody(r.probe),
      r.cpuMsPerRequest === null ? "n/a" : r.cpuMsPerRequest.toFixed(3),
    ];
  });
  console.log(
    `\nResults (${CONNECTIONS} connections, ${DURATION} s each after ${WARMUP} s warm-up, ` +
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

// --- seeding ---------------------------------------------------------------------------------

async function seed({ dataDir, schema }) {
  const { openDatabase } = await import("#server/db/db.server.ts");
  const { migrateToLatest } = await import("#server/db/migrate.server.ts");
  const { PACK_TYPES } = await import("#common/constants.ts");
  const handle = openDatabase({ databaseUrl: DATABASE_URL, dataDir, schema });
  try {
    await migrateToLatest(handle.db);
    const rows = makePosts(PACK_TYPES);
    await handle.db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 100) {
        await trx
          .insertInto("posts")
          .values(rows.slice(i, i + 100))
          .execute();
      }
    });
    // The save targets write two old published news posts (no other target reads them), one
    // of them with REVISIONS_STORED revisions stored first.
    const [saved, withHistory] = rows
      .filter((row) => row.status === "published" && row.category === "news")
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    const revisions = makeRevisions(withHistory);
    await handle.db.transaction().execute(async (trx) => {
      for (let i = 0; i < revisions.length; i += 100) {
        await trx
          .insertInto("post_revisions")
          .values(revisions.slice(i, i + 100))
          .execute();
      }
    });
    const sizes = rows.map((row) => Buffer.byteLength(row.content) / 1024);
    const count = (predicate) => rows.filter(predicate).length;
    // The newest published post is what a reader most likely opens.
    const publishedSlug = rows
      .filter((row) => row.status === "published")
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0].slug;
    return {
      values: { slug: publishedSlug, saveId: saved.id, historyId: withHistory.id },
      // The same text for both, so the two saves differ only in the history behind them.
      bodies: {
        save: editorForm(saved, saved.content),
        history: editorForm(withHistory, saved.content),
      },
      revisionsStored: revisions.length,
      counts: {
        published: count((r) => r.status === "published"),
        scheduled: count((r) => r.status === "scheduled"),
        draft: count((r) => r.status === "draft"),
        marketplace: count((r) => r.category === "marketplace-content"),
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

/** 1,000 posts like the real ones, always the same (a seeded generator), as table rows. */
function makePosts(packTypes) {
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
  for (let i = 0; i < POST_COUNT; i++) {
    const r = random();
    const category = r < 0.3 ? "marketplace-content" : r < 0.75 ? "news" : "youtube";
    const s = random();
    const status = s < 0.85 ? "published" : s < 0.93 ? "draft" : "scheduled";
    // Spread over the last three years, a little under a post a day.
    const created = new Date(now - (POST_COUNT - i) * 1.05 * day - random() * day);
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

async function withPgClient(fn) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 5000 });
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

/**
 * Starts `node …args` and resolves once its output matches `ready` (whose first group is the
 * port). Its output is kept (the last lines) to explain a failure; its PID is registered for
 * clean-up at once.
 */
function startChild({ name, args, env, ready, timeoutMs = 30_000 }) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const handle = { name, child, port: 0, output: [], exited: null };
  children.add(child);
  handle.exited = new Promise((resolve) =>
    child.once("exit", (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    }),
  );
  cleanups.push({ label: `${name} server`, fn: () => stopChild(handle) });
  const keep = (chunk) => {
    handle.output.push(...chunk.toString().split("\n").filter(Boolean));
    handle.output.splice(0, Math.max(0, handle.output.length - 40));
  };
  child.stderr.on("data", keep);
  return new Promise((resolve, reject) => {
    let buffered = "";
    const timer = setTimeout(() => fail(`did not start within ${timeoutMs / 1000} s`), timeoutMs);
    function fail(why) {
      clearTimeout(timer);
      reject(new Error(`the ${name} server ${why}:\n  ${handle.output.join("\n  ")}`));
    }
    const exitedEarly = (code, signal) => fail(`exited early (${signal ?? `code ${code}`})`);
    child.once("error", (error) => fail(`could not be started (${error.message})`));
    child.once("exit", exitedEarly);
    child.stdout.on("data", (chunk) => {
      keep(chunk);
      if (handle.port) return;
      buffered += chunk.toString();
      const match = ready.exec(buffered);
      if (match) {
        handle.port = Number(match[1]);
        clearTimeout(timer);
        child.off("exit", exitedEarly);
        resolve(handle);
      }
    });
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

function redact(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparseable URL)";
  }
}

function describeError(error) {
  if (error instanceof AggregateError && error.errors.length > 0) {
    return error.errors.map(describeError).join("; ");
  }
  return error instanceof Error ? error.message || error.name : String(error);
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
