import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, readError } from "#tests/helpers/http.ts";
import { type LogLine, logLinesInto } from "#tests/helpers/log-lines.ts";
import { requestAs, type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { TcpProxy } from "#tests/helpers/tcp-proxy.ts";
import {
  createTestDatabase,
  TEST_DATABASE_URL,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import { startTestServerOn, type TestServer } from "#tests/helpers/test-server.ts";
import { allowConsoleError } from "#tests/setup/setup-test-env.ts";
import { setLogDestination } from "./config/logger.server.ts";
import { openDatabase } from "./db/db.server.ts";
import { FAULT_MESSAGES, RETRY_AFTER_SECONDS } from "./errors.ts";

/** Short limits, so that a database that stays silent is given up on quickly. */
const TIMEOUTS = { connectMs: 1000, statementMs: 1000 };
/** The longest a request may take while the database stays silent: query_timeout and then some. */
const SILENT_ANSWER_WITHIN_MS = TIMEOUTS.statementMs + 1000 + 1500;

describe.skipIf(!TEST_DATABASE_URL)("the app with PostgreSQL going away [postgres]", () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let server: TestServer;
  let employee: SignedIn;
  let closeHandle: () => Promise<void>;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    const forUrl = TcpProxy.forUrl(database.databaseUrl ?? "");
    proxy = forUrl.proxy;
    await proxy.start();
    const handle = openDatabase({
      databaseUrl: forUrl.viaProxy(),
      dataDir: database.dataDir,
      schema: database.schema,
      databaseTimeouts: TIMEOUTS,
    });
    closeHandle = () => handle.close();
    server = await startTestServerOn({ ...database, handle });
    employee = await signInAs(server, "employee");
  });
  afterAll(async () => {
    await server.close();
    await closeHandle().catch(() => undefined);
    await proxy.stop();
    await database.destroy();
  });

  /** Answers 503 with Retry-After and the database's message, and how long that took. */
  async function expectUnavailable(path: string, init?: RequestInit) {
    const started = Date.now();
    const response = await server.request(path, init);
    const elapsed = Date.now() - started;
    expect(response.headers.get("retry-after"), path).toBe(String(RETRY_AFTER_SECONDS.database));
    expect(await readError(response, 503), path).toEqual({
      message: FAULT_MESSAGES.databaseUnavailable,
    });
    return elapsed;
  }

  async function expectWorking() {
    await eventually(async () => {
      const response = await server.request("/healthz");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: "ok" });
    });
    const apps = await server.request("/api/apps");
    expect(apps.status).toBe(200);
    expect(await apps.json()).toEqual([]);
    expect((await requestAs(server, employee, "/api/posts")).status).toBe(200);
  }

  it("answers 503 with Retry-After at once while connections are refused, and recovers", async () => {
    await expectWorking();

    // The pool logs each idle connection it loses, and each refused request is logged once.
    allowConsoleError(40);
    await proxy.stop();
    await eventually(async () => {
      const response = await server.request("/healthz");
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS.database));
      expect(await response.json()).toEqual({ status: "unavailable" });
    });
    expect(await expectUnavailable("/api/apps")).toBeLessThan(1000);
    expect(await expectUnavailable("/api/posts/published")).toBeLessThan(1000);
    const signedIn = { headers: { cookie: employee.cookie, origin: server.url } };
    expect(await expectUnavailable("/api/posts", signedIn)).toBeLessThan(1000);

    await proxy.start();
    await expectWorking();
  });

  it("logs a staff request met by refused connections in one line, without a stack", async () => {
    await expectWorking();
    allowConsoleError(40);
    await proxy.stop();
    await eventually(async () => {
      expect((await server.request("/healthz")).status).toBe(503);
    });
    const lines: LogLine[] = [];
    const previous = setLogDestination(logLinesInto(lines));
    try {
      // The session is read first (better-auth), and that read meets the outage.
      const signedIn = { headers: { cookie: employee.cookie, origin: server.url } };
      await expectUnavailable("/api/posts", signedIn);
    } finally {
      setLogDestination(previous);
      await proxy.start();
    }
    const problems = lines.filter((line) => line.level >= 40);
    expect(problems.map((line) => line.msg)).toEqual([
      expect.stringMatching(/^GET \/api\/posts answered 503: connect ECONNREFUSED /),
    ]);
    expect(problems[0]?.err).toBeUndefined();
    await expectWorking();
  });

  it("answers 503 within the time limits while the database stays silent, and recovers", async () => {
    await expectWorking();

    allowConsoleError(40);
    proxy.mode = "drop";
    // Over connections the pool already has, and over new ones (connect timeout).
    for (let i = 0; i < 3; i += 1) {
      expect(await expectUnavailable("/api/apps")).toBeLessThan(SILENT_ANSWER_WITHIN_MS);
    }
    const subscribe = {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "silent@example.com" }),
    };
    expect(await expectUnavailable("/api/newsletter/subscribe", subscribe)).toBeLessThan(
      SILENT_ANSWER_WITHIN_MS,
    );

    proxy.mode = "forward";
    await expectWorking();
    const subscribed = await server.postJson("/api/newsletter/subscribe", {
      email: "back@example.com",
    });
    expect(subscribed.status).toBe(200);
  });
});
