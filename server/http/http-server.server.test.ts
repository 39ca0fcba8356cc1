import { Agent, get } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen } from "#tests/helpers/test-server.ts";
import { KEEP_ALIVE_TIMEOUT_MS } from "./http-server.server.ts";

/** Node's own keep-alive timeout, which the server's replaces. */
const NODE_DEFAULT_KEEP_ALIVE_MS = 5_000;

describe("idle connections", () => {
  let server: Awaited<ReturnType<typeof listen>>;
  // One connection at most, kept between requests, never closed by the client on its own: a
  // client that ignores the server's Keep-Alive hint, as some HTTP libraries and proxies do.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  beforeAll(async () => {
    const app = express();
    app.get("/ping", (_req, res) => {
      res.send("pong");
    });
    server = await listen(app);
  });
  afterAll(async () => {
    agent.destroy();
    await server.close();
  });

  function ping(): Promise<{ status: number; keepAlive: string | undefined; port: number }> {
    return new Promise((resolve, reject) => {
      get(`${server.url}/ping`, { agent }, (res) => {
        const port = res.socket.localPort ?? 0;
        res.resume();
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            keepAlive: res.headers["keep-alive"]?.toString(),
            port,
          }),
        );
      }).on("error", reject);
    });
  }

  it("stay open longer than Node's default, and the server says how long", async () => {
    const first = await ping();
    expect(first.status).toBe(200);
    expect(first.keepAlive).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
    await new Promise((resolve) => setTimeout(resolve, NODE_DEFAULT_KEEP_ALIVE_MS + 1_000));
    // The same connection answers: with Node's default it would have been closed by now, and a
    // request sent on it just then would have failed.
    const second = await ping();
    expect(second.status).toBe(200);
    expect(second.port).toBe(first.port);
  });
});
