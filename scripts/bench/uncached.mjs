// The uncached part: what the pages and reads cost in server CPU when the response cache cannot
// answer (a long tail of addresses), at each post count of BENCH_POSTS.
import { describeBody, printRows, step, verdict } from "./format.mjs";
import { failures } from "./load.mjs";
import {
  ACCEPT_ENCODING,
  CONNECTIONS,
  DATABASE_URL,
  DURATION,
  POST_COUNTS,
  WARMUP,
} from "./options.mjs";
import { startSite, stopChild } from "./processes.mjs";
import { runTargets } from "./run-targets.mjs";

/**
 * How far an uncached target marked `flat` may move from the smallest post count to the largest
 * (largest figure over smallest, server CPU per request) and still count as not growing.
 */
const FLAT_TOLERANCE = 0.2;

/**
 * The uncached part: measured at each post count of BENCH_POSTS on a server whose response
 * cache is off, so every request renders or queries anew, as in a long tail of addresses. A
 * value in braces that is a list ({publishedSlug}: every published post's slug) is picked at
 * random for every request. `cpuLimitMs` is the most server CPU per request the target may
 * cost at every count, `flat` that its cost must not grow with the posts (FLAT_TOLERANCE);
 * both are reported as verdicts. Every entry must answer 200 at every count, as above.
 */
export const UNCACHED_TARGETS = [
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
    cpuLimitMs: 0.35,
  },
  { name: "uncached-news", kind: "page", path: "/news", cpuLimitMs: 3, flat: true },
  { name: "uncached-studio", kind: "page", path: "/studio", cpuLimitMs: 3, flat: true },
  { name: "uncached-apps", kind: "page", path: "/apps" },
  { name: "uncached-home", kind: "page", path: "/" },
  { name: "uncached-sitemap", kind: "feed", path: "/sitemap.xml", flat: true },
  { name: "uncached-rss", kind: "feed", path: "/rss.xml" },
];

/**
 * Runs the selected uncached targets at each post count, on a server with the cache off, and
 * prints each count's table as it is done; answers one run per count.
 */
export async function runUncached({ selected, databases, startScript, weights, buildDir }) {
  const uncachedRuns = [];
  for (const count of POST_COUNTS) {
    const database = await databases.forCount(count, "the uncached part");
    step(`Starting the site server (RESPONSE_CACHE_TTL_MS=0: uncached, ${count} posts)`);
    const site = await startSite({ startScript, database, cacheTtlMs: 0 });
    const measured = await runTargets({
      targets: selected,
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
  return uncachedRuns;
}

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
export function printUncachedComparison(runs) {
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

export function printUncachedVerdicts(runs) {
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
