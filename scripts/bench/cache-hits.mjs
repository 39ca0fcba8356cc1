// The cache-hit part: the public read API and pages answered from the response cache, as a
// share of the yardstick's requests per second, at 1,000 posts; the editor's saves run here too.
import { POST_COUNT } from "./databases.mjs";
import { describeBody, printRows, step, verdict } from "./format.mjs";
import { ACCEPT_ENCODING, CONNECTIONS, DATABASE_URL, DURATION, WARMUP } from "./options.mjs";
import { startSite, stopChild } from "./processes.mjs";
import { signInOwner } from "./requests.mjs";
import { runTargets } from "./run-targets.mjs";
import { SAVE_TARGETS } from "./saves.mjs";

/** Share of the yardstick's requests per second each kind of cache-hit target must reach. */
export const TARGET_RATIOS = { api: 0.3, page: 0.15 };

/**
 * The cache-hit part: what is measured, in this order, after the yardstick, at 1,000 posts with
 * the response cache on. `path` may name values of the seeded data in braces ({slug}: the newest
 * published post). Each kind is held to its TARGET_RATIOS share of the yardstick; for pages, the
 * JavaScript and CSS they load are weighed too. To measure another endpoint or page, add a line.
 * The editor's saves (saves.mjs) come last. Every entry must answer 200, or the run fails:
 * nothing is skipped silently.
 */
export const TARGETS = [
  { name: "published", kind: "api", path: "/api/posts/published?limit=3" },
  // Its answer is several times the yardstick's body even compressed: `bareReference` also
  // measures the bare server sending the same number of bytes, what no server could beat, and
  // the target is held to its share of that (heldRatio).
  { name: "portfolio", kind: "api", path: "/api/portfolio", bareReference: true },
  { name: "post-by-slug", kind: "api", path: "/api/posts/slug/{slug}" },
  { name: "home-page", kind: "page", path: "/" },
  { name: "blog-post-page", kind: "page", path: "/blog/{slug}" },
  ...SAVE_TARGETS,
];

/** Runs the selected cache-hit targets on a server of their own; answers their results. */
export async function runCacheHits({
  selected,
  databases,
  startScript,
  yardstick,
  weights,
  buildDir,
}) {
  const database = await databases.fresh("the cache-hit part", POST_COUNT, { revisions: true });
  const writes = selected.some((t) => t.method);
  step("Starting the site server (response cache on: cache hits)");
  const site = await startSite({ startScript, database, cacheTtlMs: undefined, owner: writes });
  const ownerCookie = writes ? await signInOwner(site.origin) : null;
  const results = await runTargets({
    targets: selected,
    server: site,
    fixture: database.fixture,
    ownerCookie,
    yardstick,
    weights,
    buildDir,
  });
  await stopChild(site);
  return results;
}

/**
 * The rate a cache-hit target is held to its TARGET_RATIOS share of: the yardstick's, or for a
 * target with a bare reference (an answer several times the yardstick's body) the bare server
 * sending the same bytes, its fair yardstick.
 */
export function heldRatio(result, results, baseline) {
  const rate = result.measured.requests.average;
  if (!result.target.bareReference) return rate / baseline;
  const bare = results.find((r) => r.target.name === `${result.target.name} (bare)`);
  return bare?.measured ? rate / bare.measured.requests.average : rate / baseline;
}

export function printTable(results, baseline) {
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

/** The verdict on the cache hits' shares of the yardstick. */
export function printCacheHitVerdicts(cacheHits, baseline) {
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
