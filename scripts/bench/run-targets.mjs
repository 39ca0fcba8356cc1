// Measuring a list of targets on one server: probe, weigh, warm up, wait for quiet, measure,
// and wait for quiet again, one target at a time.
import { cpuSeconds, describeBusy, waitUntilQuiet } from "./cpu.mjs";
import { describeBody, step } from "./format.mjs";
import { cannon, failures, pathMaker } from "./load.mjs";
import { DURATION, REQUEST_HEADERS, WARMUP } from "./options.mjs";
import { weighPage } from "./page-weight.mjs";
import { hashSeed } from "./random.mjs";
import { probeUrl, STAFF_LATENCY_REQUESTS, sequentialLatency } from "./requests.mjs";

/**
 * Probes, weighs, warms up and measures each target on `server`, in order, and answers one
 * result per target (plus the yardstick's bare reference after a target that asks for one).
 */
export async function runTargets({
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
