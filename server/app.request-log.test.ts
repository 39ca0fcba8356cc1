import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger, setLogDestination } from "#server/config/logger.server.ts";
import { expectNoStackTrace } from "#tests/helpers/http.ts";
import { type LogLine, logLinesInto } from "#tests/helpers/log-lines.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

// The request log on the real app over HTTP: one line per request, cached answers included,
// each with the id the answer carries in X-Request-Id; an unexpected error's stack goes to the
// log and never to the client.

/** A logger like the server's, writing into `lines`. */
function capture(lines: LogLine[]) {
  return createLogger(logLinesInto(lines));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("the request log [sqlite]", () => {
  let server: TestServer;
  const lines: LogLine[] = [];
  beforeAll(async () => {
    server = await startTestServer(
      "sqlite",
      {},
      { responseCacheTtlMs: 60_000, app: { requestLogger: capture(lines) } },
    );
  });
  afterAll(() => server?.close());

  /** The request line for the answer carrying this id (it is written once the answer is sent). */
  async function lineFor(response: Response): Promise<LogLine> {
    if (!response.bodyUsed) await response.arrayBuffer();
    const id = response.headers.get("x-request-id");
    await expect.poll(() => lines.some((line) => line.req?.id === id && line.res)).toBe(true);
    return lines.find((line) => line.req?.id === id && line.res) as LogLine;
  }

  it("logs each request once with its id, method, address, status and duration", async () => {
    const before = lines.length;
    const response = await server.request("/api/posts/published?limit=2");
    const id = response.headers.get("x-request-id") ?? "";
    expect(id).toMatch(UUID);
    const line = await lineFor(response);
    expect(line).toMatchObject({
      level: 30,
      msg: "request completed",
      req: { id, method: "GET", url: "/api/posts/published?limit=2" },
      res: { statusCode: 200 },
    });
    expect(typeof line.durationMs).toBe("number");
    expect(Object.keys(line.req ?? {}).sort()).toEqual(["id", "method", "url"]);
    expect(lines.length - before).toBe(1);
  });

  it("keeps a sane X-Request-Id from a proxy and replaces anything else", async () => {
    // Not /healthz: a probe that succeeds is logged at debug, below the default level.
    const kept = await server.request("/api/portfolio", {
      headers: { "x-request-id": "lb-7f3a:42" },
    });
    expect(kept.headers.get("x-request-id")).toBe("lb-7f3a:42");
    expect((await lineFor(kept)).req?.url).toBe("/api/portfolio");
    for (const sent of ["has spaces in it", "x".repeat(129), 'quote"d', "ünïcode"]) {
      const replaced = await server.request("/api/portfolio", {
        headers: { "x-request-id": encodeURI(sent) === sent ? sent : encodeURI(sent) },
      });
      expect(replaced.headers.get("x-request-id"), sent).toMatch(UUID);
      await lineFor(replaced);
    }
  });

  it("logs answers from the response cache, each with its own id", async () => {
    const first = await server.request("/api/apps");
    const second = await server.request("/api/apps");
    const firstLine = await lineFor(first);
    const secondLine = await lineFor(second);
    expect(first.headers.get("x-request-id")).not.toBe(second.headers.get("x-request-id"));
    expect(secondLine).toMatchObject({ req: { url: "/api/apps" }, res: { statusCode: 200 } });
    expect(firstLine.req?.id).not.toBe(secondLine.req?.id);
  });

  it("logs an unexpected error with its stack under the request's id, and answers without it", async () => {
    const logged: LogLine[] = [];
    const broken = await startTestServer("sqlite", {}, { app: { requestLogger: capture(logged) } });
    // Errors go through the process's logger: caught here for the length of the test.
    const previous = setLogDestination(logLinesInto(logged));
    try {
      await broken.db.handle.close();
      const response = await broken.request("/api/posts/published");
      const id = response.headers.get("x-request-id");
      const body = await response.text();
      expect(response.status).toBe(500);
      expectNoStackTrace(body);
      await expect
        .poll(() => logged.find((line) => line.req?.id === id))
        .toMatchObject({
          level: 50,
          msg: "request failed",
          res: { statusCode: 500 },
        });
      const error = logged.find((line) => line.reqId === id && line.err);
      expect(error?.msg).toBe("GET /api/posts/published failed");
      expect(error?.err?.stack).toMatch(/\n\s+at /);
    } finally {
      setLogDestination(previous);
      await broken.close();
    }
  });
});
