import { readFileSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { BODY_LIMITS } from "#server/http/body-limits.server.ts";
import { generatedBody, rawRequest } from "#tests/helpers/raw-http.ts";
import {
  createServerData,
  killServerProcesses,
  type ServerData,
  type ServerProcess,
  startServerProcess,
} from "#tests/helpers/server-process.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";

// Request bodies sent to the production server as a separate process, whose memory can be read
// from /proc and whose log is its own: a body over its limit costs the server neither memory nor
// a log line.

const MB = 1024 * 1024;
const HUGE_BODY_MB = 400;

/** The process's resident and peak resident memory, in bytes (Linux). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1]);
  return { rss: kb("VmRSS") * 1024, peak: kb("VmHWM") * 1024 };
}

/** Starts the process's peak memory afresh from its current size. */
function resetPeakMemory(pid: number) {
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
}

describeEachDatabase("request bodies on the production server", (kind) => {
  let data: ServerData;
  let server: ServerProcess;
  beforeAll(async () => {
    data = await createServerData(kind);
    server = await startServerProcess(data.env);
  });
  afterAll(async () => {
    await killServerProcesses();
    await data?.destroy();
  });

  const json = () => ({ origin: server.url, "content-type": "application/json" });
  const form = () => ({ origin: server.url, "content-type": "application/x-www-form-urlencoded" });

  it(`takes a ${HUGE_BODY_MB} MB sign-in body without growing by 20 MB, and keeps answering`, async () => {
    // Once before measuring, so what the first sign-in call loads is not counted.
    const warmUp = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: json(),
      body: JSON.stringify({ email: "nobody@example.com", password: "wrong-password" }),
    });
    expect(warmUp.status).toBe(401);

    for (const framing of ["declared length", "chunked"] as const) {
      const chunked = framing === "chunked";
      resetPeakMemory(server.pid);
      const before = memoryOf(server.pid);
      const health = setInterval(() => {
        void fetch(`${server.url}/healthz`).catch(() => undefined);
      }, 50);
      const started = Date.now();
      const answer = await rawRequest(server.url, {
        method: "POST",
        path: "/api/auth/sign-in/email",
        headers: {
          ...json(),
          ...(chunked
            ? { "transfer-encoding": "chunked" }
            : { "content-length": String(HUGE_BODY_MB * MB) }),
        },
        body: generatedBody(HUGE_BODY_MB * MB, MB),
        chunked,
        timeoutMs: 60_000,
      }).finally(() => clearInterval(health));
      const took = Date.now() - started;
      const after = memoryOf(server.pid);

      expect(after.peak - before.rss, `${framing}: peak growth`).toBeLessThan(20 * MB);
      expect(after.rss - before.rss, `${framing}: growth kept`).toBeLessThan(20 * MB);
      // The refusal is read when it arrives before the client's next piece; otherwise the
      // connection is found reset under the unread answer. Either way it stopped at once.
      expect([413, 0], framing).toContain(answer.status);
      expect(answer.closed, framing).toBe(true);
      expect(answer.bodyBytesSent, framing).toBeLessThan(HUGE_BODY_MB * MB);
      expect(took, framing).toBeLessThan(5000);

      const healthz = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(2000) });
      expect(healthz.status).toBe(200);
    }
    expect(server.stderr()).toBe("");
  });

  it("refuses a sign-in form over its limit with 413, without reading it or logging", async () => {
    // Once before, so the page's code is loaded when the bodies come.
    expect((await fetch(`${server.url}/login`)).status).toBe(200);
    const declared = await rawRequest(server.url, {
      method: "POST",
      path: "/login",
      headers: { ...form(), "content-length": String(1024 * MB) },
    });
    expect(declared.status).toBe(413);
    expect(declared.answeredAfterMs).toBeLessThan(1000);
    expect(declared.closed).toBe(true);

    // One byte over the limit, and the body never ends: only a count of what arrives answers.
    const chunked = await rawRequest(server.url, {
      method: "POST",
      path: "/login",
      headers: { ...form(), "transfer-encoding": "chunked" },
      body: generatedBody(BODY_LIMITS.page + 1, 1024, 0x61),
      chunked: true,
      unfinished: true,
    });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body)).toEqual({ message: "The request body is too large." });
    expect(chunked.closed).toBe(true);

    // The form still works within its limit.
    const ordinary = await fetch(`${server.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: form(),
      body: new URLSearchParams({ email: "nobody@example.com", password: "wrong-password" }),
    });
    expect(ordinary.status).toBe(401);
    expect(await ordinary.text()).toContain("Invalid email or password");
    expect(server.stderr()).toBe("");
  });
});
