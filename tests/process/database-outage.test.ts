import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAULT_MESSAGES, RETRY_AFTER_SECONDS } from "#server/errors.ts";
import { eventually, readError } from "#tests/helpers/http.ts";
import {
  createServerData,
  killServerProcesses,
  type ServerData,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
} from "#tests/helpers/server-process.ts";
import { signIn } from "#tests/helpers/staff.ts";
import { TcpProxy } from "#tests/helpers/tcp-proxy.ts";
import { TEST_DATABASE_URL } from "#tests/helpers/test-database.ts";

// The production server while its PostgreSQL server goes away: first refusing connections (a
// restart), then silently dropping every packet (a network fault). API calls, pages and the
// feed answer 503 with Retry-After, within the configured time limits, and everything works
// again by itself once the database is back.

/** Short limits, so that a database that stays silent is given up on quickly (still ample for the migrations at start on a busy machine). */
const TIMEOUTS = { DATABASE_CONNECT_TIMEOUT_MS: "1000", DATABASE_STATEMENT_TIMEOUT_MS: "1000" };
/** query_timeout (the statement limit and one second) and then some. */
const SILENT_ANSWER_WITHIN_MS = 1000 + 1000 + 1500;
const RETRY_AFTER = String(RETRY_AFTER_SECONDS.database);
const OWNER = { ADMIN_EMAIL: "owner@studio.test", ADMIN_PASSWORD: "owner-password-for-outages" };

describe.skipIf(!TEST_DATABASE_URL)("a server whose PostgreSQL goes away [postgres]", () => {
  let data: ServerData;
  let proxy: TcpProxy;
  let server: ServerProcess;
  let requests = 0;

  beforeAll(async () => {
    data = await createServerData("postgres");
    const forUrl = TcpProxy.forUrl(data.env.DATABASE_URL ?? "");
    proxy = forUrl.proxy;
    await proxy.start();
    server = await startServerProcess({
      ...data.env,
      DATABASE_URL: forUrl.viaProxy(),
      ...TIMEOUTS,
      ...OWNER,
    });
  });
  afterAll(async () => {
    await killServerProcesses();
    await proxy?.stop();
    await data?.destroy();
  });

  /** GET with a query no earlier request had, so the response cache never answers it. */
  async function get(path: string) {
    requests += 1;
    const started = Date.now();
    const separator = path.includes("?") ? "&" : "?";
    const response = await fetch(`${server.url}${path}${separator}r=${requests}`);
    return { response, elapsed: Date.now() - started };
  }

  async function expectPageUnavailable(path: string) {
    const { response, elapsed } = await get(path);
    const text = await response.text();
    expect(response.status, `${path}: ${text.slice(0, 200)}`).toBe(503);
    expect(response.headers.get("retry-after"), path).toBe(RETRY_AFTER);
    return { text, elapsed, type: response.headers.get("content-type") };
  }

  async function expectApiUnavailable(path: string) {
    const { response, elapsed } = await get(path);
    expect(response.headers.get("retry-after"), path).toBe(RETRY_AFTER);
    expect(await readError(response, 503)).toEqual({
      message: FAULT_MESSAGES.databaseUnavailable,
    });
    return elapsed;
  }

  async function expectWorking() {
    await eventually(async () => {
      for (const path of ["/healthz", "/api/apps", "/", "/news", "/rss.xml"]) {
        const { response } = await get(path);
        expect(response.status, path).toBe(200);
        await response.arrayBuffer();
      }
    }, 15_000);
  }

  it("answers 503 with Retry-After at once while connections are refused, then recovers", async () => {
    await expectWorking();
    const cookie = await signIn(server, OWNER.ADMIN_EMAIL, OWNER.ADMIN_PASSWORD);
    await proxy.stop();

    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(503);
    expect(health.headers.get("retry-after")).toBe(RETRY_AFTER);
    expect(await expectApiUnavailable("/api/apps")).toBeLessThan(1000);
    expect(await expectApiUnavailable("/api/posts/published")).toBeLessThan(1000);
    // Sign-in, answered by better-auth: the same 503, not its own bare 500.
    const refusedSignIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ email: "someone@studio.test", password: "a-password-here" }),
    });
    expect(refusedSignIn.headers.get("retry-after")).toBe(RETRY_AFTER);
    expect(await readError(refusedSignIn, 503)).toEqual({
      message: FAULT_MESSAGES.databaseUnavailable,
    });
    for (const [method, path] of [
      ["GET", "/api/auth/get-session"],
      ["POST", "/api/auth/sign-out"],
    ]) {
      const answer = await fetch(`${server.url}${path}`, {
        method,
        headers: { cookie, origin: server.url, "content-type": "application/json" },
        body: method === "POST" ? "{}" : undefined,
      });
      expect(answer.headers.get("retry-after"), path).toBe(RETRY_AFTER);
      expect(await readError(answer, 503), path).toEqual({
        message: FAULT_MESSAGES.databaseUnavailable,
      });
    }
    const home = await expectPageUnavailable("/");
    expect(home.elapsed).toBeLessThan(1000);
    expect(home.type).toMatch(/^text\/html/);
    expect(home.text).toContain("Something went wrong");
    expect((await expectPageUnavailable("/news")).elapsed).toBeLessThan(1000);
    expect((await expectPageUnavailable("/rss.xml")).elapsed).toBeLessThan(1000);
    // The data request of a navigation inside the site (React Router's single fetch).
    expect((await expectPageUnavailable("/news.data")).elapsed).toBeLessThan(1000);
    // The cause in one line per request, not a stack trace.
    const logged = errorLog(server);
    expect(logged.map((line) => line.msg)).toContainEqual(
      expect.stringMatching(/^GET \/ answered 503: connect ECONNREFUSED 127\.0\.0\.1:\d+$/),
    );
    expect(logged.filter((line) => line.err !== undefined)).toEqual([]);
    expect(server.stderr()).not.toMatch(/Unexpected Server Error/);

    await proxy.start();
    await expectWorking();
    expect(server.isRunning()).toBe(true);
  });

  it("answers 503 with Retry-After within the time limits while packets are dropped, then recovers", async () => {
    await expectWorking();
    proxy.mode = "drop";

    expect(await expectApiUnavailable("/api/apps")).toBeLessThan(SILENT_ANSWER_WITHIN_MS);
    expect((await expectPageUnavailable("/")).elapsed).toBeLessThan(SILENT_ANSWER_WITHIN_MS);
    expect((await expectPageUnavailable("/news")).elapsed).toBeLessThan(SILENT_ANSWER_WITHIN_MS);
    expect(await expectApiUnavailable("/api/posts/published")).toBeLessThan(
      SILENT_ANSWER_WITHIN_MS,
    );

    proxy.mode = "forward";
    await expectWorking();
    expect(await stopServerProcess(server)).toEqual({ code: 0, signal: null });
  });
});

/** The server's warnings and errors: JSON lines on its stderr. */
function errorLog(server: ServerProcess): { msg: string; err?: unknown }[] {
  return server
    .stderr()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { msg: string; err?: unknown });
}
