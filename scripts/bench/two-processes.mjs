// The two-process part (PostgreSQL): whether two site servers on one database make each other's
// requests dearer.
import { cpuSeconds, waitUntilQuiet } from "./cpu.mjs";
import { printRows, step, verdict } from "./format.mjs";
import { cannon, failures, pathMaker } from "./load.mjs";
import { CONNECTIONS, DURATION, REQUEST_HEADERS, WARMUP } from "./options.mjs";
import { startSite, stopChild } from "./processes.mjs";
import { hashSeed } from "./random.mjs";
import { probeUrl } from "./requests.mjs";
import { UNCACHED_TARGETS } from "./uncached.mjs";

/** The two-process part's name in BENCH_ONLY. */
export const TWO_PROCESSES = "two-processes";

/**
 * What the two-process part measures: a page every request renders anew (a random post, the
 * response cache off), the cost that several processes must not make higher for one another.
 */
const TWO_PROCESS_TARGET = UNCACHED_TARGETS.find((t) => t.name === "uncached-post-page");
/** Each of two processes' server CPU per request within this share of one process's. */
const TWO_PROCESS_TOLERANCE = 0.15;

/**
 * The two-process part: TWO_PROCESS_TARGET on one site server with the response cache off, then
 * on two started on the same database, the load spread over both (two load generators of half
 * the connections each, run at once). Each server's CPU per request is its own CPU time over the
 * requests it answered. The machine's cores are shared with the load generator, so total
 * requests/s cannot double here; CPU per request shows whether the processes get in each
 * other's way (locks, the database, shared work).
 */
export async function measureTwoProcesses({ startScript, database }) {
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

export function printTwoProcesses({ posts, one, two }) {
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

export function printTwoProcessVerdicts({ one, two }) {
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
