import http from "node:http";
import net from "node:net";
import { DatabaseSync } from "node:sqlite";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import {
  createServerData,
  killServerProcesses,
  nextClientAddress,
  type ServerData,
  type ServerProcess,
  sqliteFile,
  startServerProcess,
  stopServerProcess,
  waitForExit,
} from "#tests/helpers/server-process.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";

// What a deployment relies on when it replaces the server: SIGTERM lets every request already
// received finish, takes no new connections, and ends the process with code 0.

const IN_FLIGHT = 50;
/** Node's default server.keepAliveTimeout: idle connections close by themselves after this. */
const KEEP_ALIVE_TIMEOUT_MS = 5000;

afterEach(killServerProcesses);

describeEachDatabase("SIGTERM", (kind) => {
  let data: ServerData;
  beforeAll(async () => {
    data = await createServerData(kind);
  });
  afterAll(() => data?.destroy());

  it("finishes every request in flight, refuses new connections, then exits with 0", async () => {
    const server = await startServerProcess(data.env);
    // Each request has been received and routed (the server has answered "100 Continue") but
    // cannot finish until its body arrives, which is only sent after the signal. That keeps
    // all of them in flight at the signal without relying on how fast the server is.
    const requests = await Promise.all(
      Array.from({ length: IN_FLIGHT }, (_, i) =>
        openSubscribeRequest(server, `sigterm-${kind}-${i}@example.com`),
      ),
    );

    server.signal("SIGTERM");
    await server.waitForOutput(/SIGTERM received/);
    expect(await connectionRefusedSoon(server.port)).toBe(true);
    expect(server.isRunning()).toBe(true);

    const responses = await Promise.all(requests.map((request) => request.finish()));
    expect(responses.map((response) => response.status)).toEqual(
      Array.from({ length: IN_FLIGHT }, () => 200),
    );
    expect(await waitForExit(server, 20_000)).toEqual({ code: 0, signal: null });
    expect(server.stderr()).not.toMatch(/error/i);

    const stored = await readSubscriberEmails(data);
    for (const request of requests) expect(stored).toContain(request.email);
  });

  it("exits promptly while idle keep-alive connections are open", async () => {
    const server = await startServerProcess(data.env);
    const afterRequest = await openIdleKeepAliveConnection(server.port);
    const beforeRequest = await connect(server.port);
    const closedByServer = Promise.all(
      [afterRequest, beforeRequest].map(
        (socket) => new Promise<void>((resolve) => socket.once("close", () => resolve())),
      ),
    );

    const signalledAt = Date.now();
    server.signal("SIGTERM");
    const exit = await waitForExit(server, 20_000);
    const elapsed = Date.now() - signalledAt;

    expect(exit).toEqual({ code: 0, signal: null });
    await closedByServer;
    // Not a speed check: left alone, the idle connections would only close at the keep-alive
    // timeout (or the 10 s shutdown grace), so exiting before it means shutdown closed them.
    expect(elapsed).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS);
  });

  it("answers a keep-alive request in flight, then closes its connection and exits", async () => {
    const server = await startServerProcess(data.env);
    const agent = new http.Agent({ keepAlive: true });
    const request = await openSubscribeRequest(server, `keep-alive-${kind}@example.com`, agent);

    const signalledAt = Date.now();
    server.signal("SIGTERM");
    await server.waitForOutput(/SIGTERM received/);
    expect((await request.finish()).status).toBe(200);
    const exit = await waitForExit(server, 20_000);
    const elapsed = Date.now() - signalledAt;
    agent.destroy();

    expect(exit).toEqual({ code: 0, signal: null });
    // As above: without shutdown closing it, the connection would stay open until the
    // keep-alive timeout after the answer.
    expect(elapsed).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS);
  });

  it("SIGTERM right after start on the same data also exits with 0", async () => {
    const server = await startServerProcess(data.env);
    expect(await stopServerProcess(server)).toEqual({ code: 0, signal: null });
  });
});

type HeldRequest = {
  email: string;
  /** Sends the body and resolves with the answer. */
  finish: () => Promise<{ status: number; body: string }>;
};

/**
 * Starts POST /api/newsletter/subscribe with `Expect: 100-continue` (on its own connection
 * unless an agent is given) and resolves once the server has received the request (it answers "100 Continue"), holding the
 * body back until finish().
 */
function openSubscribeRequest(
  server: ServerProcess,
  email: string,
  agent: http.Agent | false = false,
): Promise<HeldRequest> {
  const body = JSON.stringify({ email });
  return new Promise((resolveOpen, rejectOpen) => {
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request({
        host: "127.0.0.1",
        port: server.port,
        method: "POST",
        path: "/api/newsletter/subscribe",
        agent,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "x-forwarded-for": nextClientAddress(),
          expect: "100-continue",
        },
      });
      request.once("continue", () =>
        resolveOpen({
          email,
          finish: () => {
            request.end(body);
            return answer;
          },
        }),
      );
      request.once("response", (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.once("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      request.once("error", (error) => {
        reject(error);
        rejectOpen(error);
      });
      request.flushHeaders();
    });
    answer.catch(() => undefined);
  });
}

/**
 * True once a new connection to the port is refused. The line "SIGTERM received" is printed
 * just before the server stops listening, so the first attempt may still get through.
 */
async function connectionRefusedSoon(port: number): Promise<boolean> {
  for (let attempt = 0; attempt < 250; attempt += 1) {
    try {
      const socket = await connect(port);
      socket.destroy();
    } catch (error) {
      // Refused outright, or reset: a connection that reached the listen queue just as the
      // server stopped listening is reset by the kernel, never handed to the server.
      const code = (error as NodeJS.ErrnoException).code;
      return code === "ECONNREFUSED" || code === "ECONNRESET";
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.off("error", reject);
      socket.on("error", () => undefined);
      resolve(socket);
    });
    socket.once("error", reject);
  });
}

/** A connection that has had one complete keep-alive exchange and now sits idle. */
async function openIdleKeepAliveConnection(port: number): Promise<net.Socket> {
  const socket = await connect(port);
  socket.setEncoding("utf8");
  let received = "";
  await new Promise<void>((resolve, reject) => {
    socket.on("data", (chunk: string) => {
      received += chunk;
      if (received.includes('{"status":"ok"}')) resolve();
    });
    socket.once("close", () => reject(new Error(`Connection closed early: ${received}`)));
    socket.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n");
  });
  expect(received).toMatch(/^HTTP\/1\.1 200/);
  expect(received).toMatch(/connection: keep-alive/i);
  socket.removeAllListeners("close");
  return socket;
}

async function readSubscriberEmails(data: ServerData): Promise<string[]> {
  if (data.postgres) {
    const rows = await data.postgres.database.handle.db
      .selectFrom("subscribers")
      .select("email")
      .execute();
    return rows.map((row) => row.email);
  }
  const database = new DatabaseSync(sqliteFile(data), { readOnly: true });
  try {
    return database
      .prepare("select email from subscribers")
      .all()
      .map((row) => String(row.email));
  } finally {
    database.close();
  }
}
