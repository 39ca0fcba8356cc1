// The memory part: the site server's RSS at rest, at the peak of a mixed load and after it.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { cpuSeconds, procStatusKb, smapsRollup } from "./cpu.mjs";
import { formatMb, printRows, step, verdict } from "./format.mjs";
import { cannon, failures, pathMaker } from "./load.mjs";
import {
  MEMORY_MIX_SETTING,
  MEMORY_RATE,
  MEMORY_SECONDS,
  MEMORY_SETTLE_SECONDS,
  REQUEST_HEADERS,
} from "./options.mjs";
import { startSite, stopChild } from "./processes.mjs";
import { hashSeed, mulberry32 } from "./random.mjs";
import { probeUrl } from "./requests.mjs";

/** The memory part's name in BENCH_ONLY. */
export const MEMORY = "memory";

/** The fixed rate up to which the memory part's peak is held to its lower ceiling. */
const FIXED_RATE_AT_MOST = 1000;
/**
 * RSS of the site server in the memory part, at most, in MB (1 MB = 1,048,576 bytes). The peak
 * follows the pace of the load, so it has two ceilings: 300 MB under a load as fast as the server
 * answers (BENCH_MEMORY_RATE unset, or above FIXED_RATE_AT_MOST), 250 MB at a fixed rate of at
 * most FIXED_RATE_AT_MOST requests a second, which compares machines of any speed.
 */
const MEMORY_LIMITS_MB = {
  idle: 150,
  peak: MEMORY_RATE > 0 && MEMORY_RATE <= FIXED_RATE_AT_MOST ? 250 : 300,
  after: 200,
};
/** Seconds the memory part watches the server idle after its start, before any request. */
const MEMORY_IDLE_SECONDS = 5;

/**
 * The memory part's load: every request picks one of these addresses, in these proportions
 * (most readers arrive on a post), spread over BENCH_CONNECTIONS connections; BENCH_MEMORY_MIX
 * replaces them.
 */
const MEMORY_MIX = MEMORY_MIX_SETTING ?? [
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
const mixWeight = MEMORY_MIX.reduce((sum, m) => sum + m.weight, 0);

/**
 * The memory part: a site server on `database` with the response cache on, its RSS read from
 * /proc every 250 ms: idle after start (its RSS once MEMORY_IDLE_SECONDS have passed without a
 * request, and the highest reading of those seconds, start-up's), its peak during
 * MEMORY_SECONDS of MEMORY_MIX (the kernel's high-water mark, VmHWM), and MEMORY_SETTLE_SECONDS
 * after the load. The server writes process.memoryUsage() to a file every half second (a few
 * lines run in its process before it starts; nothing is added to the site), for the split of
 * what the RSS holds.
 */
export async function measureMemory({ startScript, database, tmp }) {
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

export function printMemory(memory) {
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

export function printMemoryVerdicts(memory) {
  for (const [key, label] of [
    ["idle", "RSS idle after start"],
    [
      "peak",
      `RSS at the peak of ${MEMORY_SECONDS} s of mixed load${MEMORY_RATE > 0 ? ` at ${MEMORY_RATE} req/s` : ""}`,
    ],
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
