// `npm run bench:lighthouse`: Lighthouse (mobile preset, its default configuration) on the demo
// site's public pages, each run several times, printing the median of the four category scores
// and of the metrics that decide them. Results: docs/benchmarks.md.
//
// Steps: build, and copy the build into a temporary folder (other work in this checkout may
// rebuild build/ meanwhile); start the production server on a fresh temporary data folder, which
// seeds the demo content, on a loopback port; find a published post with a featured image; ask
// once for each page and the images it names, and wait until the server has made the rest of
// the demo images' variants (it does in the background after start); then for each page: launch Chromium, run Lighthouse, close Chromium, RUNS times. The server and
// each Chromium are stopped by their PID and everything temporary is removed, also on failure or
// Ctrl-C. Exit code 1 when a page's median is under 100 in any category or its median CLS is
// above 0 (at Lighthouse's precision, 0.001), or when a run fails twice in a row (a failure of
// Lighthouse itself is taken again once).
//
// The performance score depends on how busy the machine is (Lighthouse simulates a slow phone
// from what it measures): the load average is printed before and after; compare runs taken on
// a quiet machine, and read the metrics beside the score.
//
// Environment:
//   LIGHTHOUSE_RUNS   runs per page, the median is reported (default 3)
//   LIGHTHOUSE_ONLY   comma-separated page names to run (home, studio, news, post, apps)
//   CHROME_PATH       the Chromium or Chrome to run (default /usr/bin/chromium)
//   LIGHTHOUSE_JSON   a folder: write each run's full report there as JSON
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { buildAndCopy } from "./bench/build-copy.mjs";
import { createCleanUps, describeError } from "./bench/clean-ups.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));

const RUNS = positiveInteger("LIGHTHOUSE_RUNS", 3);
const ONLY = process.env.LIGHTHOUSE_ONLY?.split(",")
  .map((name) => name.trim())
  .filter(Boolean);
const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";
const JSON_DIR = process.env.LIGHTHOUSE_JSON ? path.resolve(process.env.LIGHTHOUSE_JSON) : null;
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
/** Every category must reach this score (0 to 100) on every page. */
const REQUIRED_SCORE = 100;
/**
 * Cumulative layout shift allowed, at most, as Lighthouse reports it: rounded to 0.001 (a
 * shift of a fraction of a pixel in one line of text counts for less than that).
 */
const MAX_CLS = 0;

/** The pages measured; `{post}` is the address of a published post with a featured image. */
const PAGES = [
  { name: "home", path: "/" },
  { name: "studio", path: "/studio" },
  { name: "news", path: "/news" },
  { name: "post", path: "{post}" },
  { name: "apps", path: "/apps" },
];

// ---------------------------------------------------------------------------------------------

const { cleanups, cleanUp } = createCleanUps({
  stopping: "stopping the server and Chromium, removing temporary data",
});

/** PIDs still running; killed (SIGKILL) if this process ends without cleaning up. */
const pids = new Set();
process.once("exit", () => {
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
});

// ---------------------------------------------------------------------------------------------

async function main() {
  if (ONLY) {
    const unknown = ONLY.filter((name) => !PAGES.some((p) => p.name === name));
    if (unknown.length > 0) throw new Error(`LIGHTHOUSE_ONLY names unknown pages: ${unknown}`);
  }
  if (!existsSync(CHROME_PATH)) throw new Error(`no Chromium at ${CHROME_PATH} (set CHROME_PATH)`);
  const pages = PAGES.filter((p) => !ONLY || ONLY.includes(p.name));

  console.log("Studio Site Lighthouse run");
  console.log(`  date:      ${new Date().toISOString()}`);
  console.log(`  node:      ${process.version}; Chromium: ${CHROME_PATH}`);
  console.log(
    `  cpu:       ${os.availableParallelism()} cores, ${os.cpus()[0]?.model ?? "unknown"}`,
  );
  console.log(`  load avg:  ${os.loadavg()[0].toFixed(2)} (1 min), before starting`);
  console.log(`  preset:    mobile (Lighthouse's default), ${RUNS} runs per page, median reported`);

  const tmp = mkdtempSync(path.join(os.tmpdir(), "studio-lighthouse-"));
  cleanups.push({ label: "temporary folder", fn: () => rmSync(tmp, { recursive: true }) });
  const buildDir = path.join(tmp, "build");
  step("Building (react-router build) and copying the build aside");
  buildAndCopy(buildDir);
  symlinkSync(path.join(root, "node_modules"), path.join(tmp, "node_modules"), "dir");

  step("Starting the site server on a fresh data folder with the demo content");
  const serverEntry = path.join(buildDir, "server/index.js");
  const source = `const { start } = await import(${JSON.stringify(pathToFileURL(serverEntry).href)}); await start();`;
  const site = await startServer({
    args: ["--input-type=module", "-e", source],
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: path.join(tmp, "data"),
      SEED_DEMO: "1",
      DATABASE_URL: "",
      ADMIN_EMAIL: "",
      ADMIN_PASSWORD: "",
    },
  });
  const origin = `http://127.0.0.1:${site.port}`;
  console.log(`  site: ${origin} (PID ${site.child.pid})`);
  const postPath = await postWithFeaturedImage(origin);
  console.log(`  {post} = ${postPath}`);
  if (JSON_DIR) mkdirSync(JSON_DIR, { recursive: true });
  const urls = pages.map((page) => origin + page.path.replace("{post}", postPath));
  const images = await warmUp(urls);
  console.log(`  warmed up: ${urls.length} pages, ${images} image files they name`);
  // The server makes the demo images' variants in the background after start: measured while
  // it does, pages would compete with it for the CPU.
  const made = await site.waitForOutput(/Made (\d+) image variant/, 300_000);
  console.log(
    made ? `  the server made ${made[1]} image variants first` : "  (the server made no variants)",
  );

  const results = [];
  for (const [index, page] of pages.entries()) {
    const url = urls[index];
    step(`${page.name}: ${url}`);
    const runs = [];
    for (let run = 1; run <= RUNS; run++) {
      const lhr = await measure(page.name, url, run);
      if (JSON_DIR) {
        writeFileSync(path.join(JSON_DIR, `${page.name}-${run}.json`), JSON.stringify(lhr));
      }
      const summary = summarize(lhr);
      runs.push(summary);
      console.log(`  run ${run}: ${describeRun(summary)}`);
    }
    results.push({ page, median: medianOf(runs), runs });
  }

  printTable(results);
  console.log(`\nLoad average (1 min) at the end: ${os.loadavg()[0].toFixed(2)}`);

  let failed = false;
  for (const { page, median } of results) {
    for (const category of CATEGORIES) {
      if (median.scores[category] < REQUIRED_SCORE) {
        failed = true;
        console.error(
          `UNDER ${REQUIRED_SCORE}: ${page.name} ${category} ${median.scores[category]}`,
        );
        for (const finding of median.findings[category] ?? []) console.error(`    ${finding}`);
      }
    }
    if (Math.round(median.cls * 1000) / 1000 > MAX_CLS) {
      failed = true;
      console.error(`LAYOUT SHIFT: ${page.name} CLS ${median.cls.toFixed(3)} (at most ${MAX_CLS})`);
    }
  }
  return failed ? 1 : 0;
}

/**
 * One run of Lighthouse on `url`. Lighthouse sometimes fails to record its own trace
 * (NO_NAVSTART, NO_FCP…: an error of the measuring, not of the page); such a run is said and
 * taken again, once. A second failure ends the run.
 */
async function measure(name, url, run) {
  const first = await runLighthouse(url);
  if (!first.runtimeError) return first;
  console.log(`  run ${run}: Lighthouse failed (${first.runtimeError.code}), taking it again`);
  const again = await runLighthouse(url);
  if (again.runtimeError) throw new Error(`${name}: ${again.runtimeError.message}`);
  return again;
}

/** One Lighthouse run in a Chromium of its own, which is stopped (by PID) afterwards. */
async function runLighthouse(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    handleSIGINT: false,
    logLevel: "silent",
  });
  pids.add(chrome.pid);
  const entry = { label: `Chromium (PID ${chrome.pid})`, fn: () => chrome.kill() };
  cleanups.push(entry);
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    return result.lhr;
  } finally {
    cleanups.splice(cleanups.indexOf(entry), 1);
    await chrome.kill();
    pids.delete(chrome.pid);
  }
}

/** Scores (0 to 100), the metrics, and the failing audits of each category below 100. */
function summarize(lhr) {
  const scores = {};
  const findings = {};
  for (const category of CATEGORIES) {
    const entry = lhr.categories[category];
    scores[category] = Math.round((entry?.score ?? 0) * 100);
    findings[category] = (entry?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 1)
      .map(
        (audit) =>
          `${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}`,
      );
  }
  const numeric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const scripts = lhr.audits["resource-summary"]?.details?.items?.find(
    (item) => item.resourceType === "script",
  );
  return {
    scores,
    findings,
    lcp: numeric("largest-contentful-paint"),
    cls: numeric("cumulative-layout-shift"),
    tbt: numeric("total-blocking-time"),
    fcp: numeric("first-contentful-paint"),
    jsBytes: scripts?.transferSize ?? Number.NaN,
    lcpElement: lcpElement(lhr),
  };
}

function lcpElement(lhr) {
  const items = lhr.audits["lcp-breakdown-insight"]?.details?.items ?? [];
  const node = items.find((item) => item.type === "node");
  return node?.snippet ? node.snippet.slice(0, 120) : "(not found)";
}

/** The median of each figure over the runs; the findings of the run with the median score. */
function medianOf(runs) {
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor((sorted.length - 1) / 2)];
  };
  const scores = {};
  const findings = {};
  for (const category of CATEGORIES) {
    scores[category] = median(runs.map((r) => r.scores[category]));
    findings[category] = runs.find((r) => r.scores[category] === scores[category])?.findings[
      category
    ];
  }
  return {
    scores,
    findings,
    lcp: median(runs.map((r) => r.lcp)),
    cls: median(runs.map((r) => r.cls)),
    tbt: median(runs.map((r) => r.tbt)),
    fcp: median(runs.map((r) => r.fcp)),
    jsBytes: median(runs.map((r) => r.jsBytes)),
    lcpElement: runs[0].lcpElement,
  };
}

function describeRun(r) {
  return (
    `${CATEGORIES.map((c) => `${c} ${r.scores[c]}`).join(", ")}; ` +
    `LCP ${seconds(r.lcp)}, CLS ${r.cls.toFixed(3)}, TBT ${Math.round(r.tbt)} ms, ` +
    `JS ${kib(r.jsBytes)}`
  );
}

function printTable(results) {
  const header = ["page", "perf", "a11y", "best pr.", "SEO", "FCP", "LCP", "CLS", "TBT", "JS sent"];
  const rows = results.map(({ page, median: m }) => [
    page.name,
    ...CATEGORIES.map((c) => String(m.scores[c])),
    seconds(m.fcp),
    seconds(m.lcp),
    m.cls.toFixed(3),
    `${Math.round(m.tbt)} ms`,
    kib(m.jsBytes),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => cells.map((cell, i) => cell.padEnd(widths[i])).join("  ");
  console.log(`\nMedian of ${RUNS} runs per page (Lighthouse mobile preset):`);
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  console.log("\nLargest contentful paint element:");
  for (const { page, median } of results) console.log(`  ${page.name}: ${median.lcpElement}`);
}

// --- the server ------------------------------------------------------------------------------

/** Starts the server and resolves with its port once it says it is serving. */
function startServer({ args, env, timeoutMs = 120_000 }) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  pids.add(child.pid);
  const output = [];
  const exited = new Promise((resolve) =>
    child.once("exit", () => {
      pids.delete(child.pid);
      resolve();
    }),
  );
  cleanups.push({
    label: `site server (PID ${child.pid})`,
    fn: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      process.kill(child.pid, "SIGTERM");
      const stopped = await Promise.race([
        exited.then(() => true),
        new Promise((resolve) => setTimeout(() => resolve(false), 15_000).unref()),
      ]);
      if (!stopped) {
        process.kill(child.pid, "SIGKILL");
        await exited;
      }
    },
  });
  let everything = "";
  const listeners = new Set();
  const keep = (chunk) => {
    output.push(...chunk.toString().split("\n").filter(Boolean));
    output.splice(0, Math.max(0, output.length - 40));
  };
  child.stderr.on("data", keep);
  child.stdout.on("data", (chunk) => {
    everything += chunk.toString();
    for (const listener of listeners) listener();
  });
  /** Resolves with the match once the server's output matches `pattern`, or null after `ms`. */
  const waitForOutput = (pattern, ms) =>
    new Promise((resolve) => {
      const check = () => {
        const match = pattern.exec(everything);
        if (!match) return;
        listeners.delete(check);
        clearTimeout(timer);
        resolve(match);
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        resolve(null);
      }, ms);
      listeners.add(check);
      check();
    });
  return new Promise((resolve, reject) => {
    let buffered = "";
    const timer = setTimeout(() => fail(`did not start within ${timeoutMs / 1000} s`), timeoutMs);
    function fail(why) {
      clearTimeout(timer);
      reject(new Error(`the site server ${why}:\n  ${output.join("\n  ")}`));
    }
    const exitedEarly = (code, signal) => fail(`exited early (${signal ?? `code ${code}`})`);
    child.once("exit", exitedEarly);
    child.stdout.on("data", (chunk) => {
      keep(chunk);
      buffered += chunk.toString();
      const match = /Studio Site is serving on http:\/\/127\.0\.0\.1:(\d+)/.exec(buffered);
      if (match) {
        clearTimeout(timer);
        child.off("exit", exitedEarly);
        resolve({ child, port: Number(match[1]), waitForOutput });
      }
    });
  });
}

/** The page address of the newest published post that has a featured image. */
async function postWithFeaturedImage(origin) {
  const response = await fetch(`${origin}/api/posts/published?limit=50`);
  if (!response.ok) throw new Error(`/api/posts/published answered ${response.status}`);
  const posts = await response.json();
  const post = posts.find((p) => p.featuredImage);
  if (!post) throw new Error("no published post with a featured image in the demo content");
  return `/blog/${post.slug}`;
}

/**
 * Asks once for each page and every image file it names (srcset variants included): a demo
 * image's AVIF and WebP variants are made on their first request and kept, and the measured runs
 * are of a site that has been visited before. Answers how many image files were fetched.
 */
async function warmUp(urls) {
  const images = new Set();
  for (const url of urls) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const html = await response.text();
    for (const [, value] of html.matchAll(/\b(?:src|srcset|imagesrcset)="([^"]+)"/gi)) {
      for (const candidate of value.split(",")) {
        const address = candidate.trim().split(/\s+/)[0];
        if (address?.startsWith("/uploads/")) images.add(new URL(address, url).href);
      }
    }
  }
  for (const image of images) {
    const response = await fetch(image, { headers: { accept: "image/avif,image/webp,*/*" } });
    if (!response.ok) throw new Error(`${image} answered ${response.status}`);
    await response.arrayBuffer();
  }
  return images.size;
}

// --- small helpers ---------------------------------------------------------------------------

function step(message) {
  console.log(`\n» ${message}`);
}

function seconds(ms) {
  return Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : "-";
}

function kib(bytes) {
  return Number.isFinite(bytes) ? `${(bytes / 1024).toFixed(1)} KiB` : "-";
}

function positiveInteger(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must be a whole number of 1 or more.`);
    process.exit(2);
  }
  return value;
}

main().then(
  async (code) => {
    await cleanUp();
    process.exit(code);
  },
  async (error) => {
    console.error(`\nLighthouse run failed: ${describeError(error)}`);
    await cleanUp();
    process.exit(1);
  },
);
