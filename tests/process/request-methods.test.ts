import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoStackTrace } from "#tests/helpers/http.ts";
import { rawRequest } from "#tests/helpers/raw-http.ts";
import {
  killServerProcesses,
  type ServerProcess,
  startServerProcess,
} from "#tests/helpers/server-process.ts";

// Methods the site does not answer, sent to the production server as a separate process (its
// log is its own; in production mode Express and React Router log what tests would not see).
// Each is answered 501, or 405 with Allow, and nothing is logged.

const NOT_IMPLEMENTED = { message: "This server does not support that request method." };

describe("request methods the site does not answer", () => {
  let dataDir: string;
  let server: ServerProcess;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "studio-methods-"));
    server = await startServerProcess({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await killServerProcesses();
    rmSync(dataDir, { recursive: true, force: true });
  });

  function send(method: string, target: string) {
    return rawRequest(server.url, { method, path: target, closeWaitMs: 0 });
  }

  it("answers 501 to methods no address answers, wherever they are sent", async () => {
    for (const [method, target] of [
      ["TRACE", "/"],
      ["TRACE", "/api/apps"],
      ["TRACE", "/login"],
      ["TRACK", "/"],
      ["PROPFIND", "/"],
      ["MKCOL", "/news"],
      ["LOCK", "/uploads/x.png"],
      ["PURGE", "/assets/app.js"],
      ["SEARCH", "/healthz"],
      // Not a method Node's parser knows: refused before any request exists.
      ["BREW", "/"],
      ["CONNECT", "example.com:443"],
    ] as const) {
      const answer = await send(method, target);
      expect(answer.status, `${method} ${target}`).toBe(501);
      expect(JSON.parse(answer.body), `${method} ${target}`).toEqual(NOT_IMPLEMENTED);
      expectNoStackTrace(answer.body);
    }
  });

  it("answers 405 with Allow to methods a page does not take", async () => {
    for (const [method, target, allow] of [
      ["OPTIONS", "/", "GET, HEAD"],
      ["PUT", "/news", "GET, HEAD"],
      ["DELETE", "/", "GET, HEAD"],
      ["PATCH", "/studio", "GET, HEAD"],
      ["POST", "/news", "GET, HEAD"],
      ["POST", "/news.data", "GET, HEAD"],
      ["POST", "/healthz", "GET, HEAD"],
      ["POST", "/no-such-page", "GET, HEAD"],
      ["PUT", "/login", "GET, HEAD, POST"],
      ["DELETE", "/invite/some-token", "GET, HEAD, POST"],
    ] as const) {
      const answer = await send(method, target);
      expect(answer.status, `${method} ${target}`).toBe(405);
      expect(answer.headers.allow, `${method} ${target}`).toBe(allow);
      expect(JSON.parse(answer.body).message).toBe(`This page does not take ${method} requests.`);
    }
    // The pages still answer what they take.
    expect((await send("GET", "/news")).status).toBe(200);
    expect((await send("HEAD", "/")).status).toBe(200);
  });

  it("logs nothing of it but one request line each, however often it is sent", async () => {
    const before = server.stdout().trim().split("\n").length;
    for (let i = 0; i < 20; i++) {
      expect((await send("TRACE", "/")).status).toBe(501);
      expect((await send("PROPFIND", "/")).status).toBe(501);
      expect((await send("POST", "/news")).status).toBe(405);
    }
    expect(server.stderr()).toBe("");
    type Line = { level: number; msg: string; req?: { method: string; url: string } };
    const linesNow = () =>
      server
        .stdout()
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as Line);
    expect(linesNow()[0]?.msg).toMatch(/^Studio Site is serving on /);
    // Request lines are written asynchronously: the earlier tests' last ones (GET, HEAD) may
    // come after `before`, and this test's last ones a moment after its last answer. A background
    // job of the server may log a line of its own meanwhile.
    const ours = (lines: Line[]) =>
      lines.filter((line) => line.req && line.req.method !== "GET" && line.req.method !== "HEAD");
    await expect.poll(() => ours(linesNow().slice(before)).length).toBe(60);
    // Request lines at info: the client's mistake, not an error of the server. Nothing above
    // info at all (stderr, checked above, would have it too).
    for (const line of ours(linesNow().slice(before))) {
      expect(line).toMatchObject({ level: 30, req: { url: expect.any(String) } });
    }
    expect(linesNow().filter((line) => line.level > 30)).toEqual([]);
  });
});
