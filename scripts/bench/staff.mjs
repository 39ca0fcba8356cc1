// The staff part: the dashboard's calls over years of content, as the signed-in owner, each held
// to its budget, on SQLite and on PostgreSQL when a URL is given.
import { STAFF_APPS, STAFF_MEDIA, STAFF_POSTS, STAFF_SUBSCRIBERS } from "./databases.mjs";
import { describeBody, formatBytes, printRows, step } from "./format.mjs";
import { ACCEPT_ENCODING, CONNECTIONS, DURATION, STAFF_POSTGRES_URL, WARMUP } from "./options.mjs";
import { startSite, stopChild } from "./processes.mjs";
import { STAFF_LATENCY_REQUESTS, signInOwner } from "./requests.mjs";
import { runTargets } from "./run-targets.mjs";

/**
 * The staff part: the dashboard's calls over a studio with years of content, asked as the
 * signed-in owner (never from the response cache). Each has a budget: `p95Ms`, the 95th
 * percentile of STAFF_LATENCY_REQUESTS requests sent one after another (what one staff member
 * waits), and `bytes` on the wire.
 */
export const STAFF_LIST_BUDGET = { p95Ms: 50, bytes: 30 * 1024 };
export const STAFF_TARGETS = [
  { name: "staff-posts-page", kind: "staff", path: "/api/posts?page=1", budget: STAFF_LIST_BUDGET },
  {
    name: "staff-posts-filtered",
    kind: "staff",
    path: "/api/posts?page=1&status=published&category=news&sort=-publishedAt",
    budget: STAFF_LIST_BUDGET,
  },
  {
    name: "staff-portfolio-page",
    kind: "staff",
    path: "/api/portfolio?page=1",
    budget: STAFF_LIST_BUDGET,
  },
  {
    name: "staff-portfolio-filtered",
    kind: "staff",
    path: "/api/portfolio?page=1&status=live&packType=world&sort=title",
    budget: STAFF_LIST_BUDGET,
  },
  { name: "staff-overview", kind: "staff", path: "/api/dashboard/stats", budget: { p95Ms: 50 } },
  {
    name: "staff-subscribers-page",
    kind: "staff",
    path: "/api/subscribers?page=1",
    budget: STAFF_LIST_BUDGET,
  },
  // The Media section's first page over STAFF_MEDIA items (docs/decisions/040-media-library.md):
  // its call and the dashboard page that makes it.
  { name: "staff-media-page", kind: "staff", path: "/api/media?page=1", budget: STAFF_LIST_BUDGET },
  { name: "staff-media-section", kind: "staff", path: "/dashboard/media", budget: { p95Ms: 50 } },
];

/** Runs the selected staff targets on SQLite and, with a PostgreSQL URL, on PostgreSQL. */
export async function runStaff({ selected, databases, startScript }) {
  const staffRuns = [];
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
      targets: selected,
      server: site,
      fixture: database.fixture,
      ownerCookie,
    });
    await stopChild(site);
    staffRuns.push({ label, results: measured });
  }
  return staffRuns;
}

/** The budgets a staff target's result broke, in words (none when it was not measured). */
export function staffBudgetBreaches(r) {
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

export function printStaffTable({ label, results }, baseline) {
  console.log(
    `\nStaff calls as the owner, ${label}: ${STAFF_POSTS} posts, ${STAFF_SUBSCRIBERS} subscribers, ` +
      `${STAFF_APPS} apps, ${STAFF_MEDIA} media items (p50/p95 of ${STAFF_LATENCY_REQUESTS} requests one after another; ` +
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
