import net from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "#tests/helpers/http.ts";
import { startS3Server, type TestS3Server } from "#tests/helpers/s3-server.ts";
import {
  createServerData,
  killServerProcesses,
  type ServerData,
  type ServerProcess,
  startServerProcess,
  waitForExit,
} from "#tests/helpers/server-process.ts";
import { TcpProxy } from "#tests/helpers/tcp-proxy.ts";
import { TEST_DATABASE_URL } from "#tests/helpers/test-database.ts";

// /readyz on the production server: ready while the database answers, 503 naming the database
// while it does not (and ready again by itself once it does), and 503 from the shutdown signal
// on, while the requests in flight are finished. /healthz stays the plain liveness check.

async function readyz(server: ServerProcess) {
  const response = await fetch(`${server.url}/readyz`);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return { status: response.status, body: (await response.json()) as unknown };
}

describe("/readyz during shutdown [sqlite]", () => {
  let data: ServerData;
  beforeAll(async () => {
    data = await createServerData("sqlite");
  });
  afterEach(killServerProcesses);
  afterAll(() => data?.destroy());

  it("answers 200 while serving and 503 once SIGTERM has arrived", async () => {
    const server = await startServerProcess(data.env);
    expect(await readyz(server)).toEqual({ status: 200, body: { status: "ready" } });

    // A request that has begun (its first line and a header have arrived, the rest has not)
    // counts as in flight: shutdown lets it finish. The answer to one sent by itself on
    // another connection means the server has read those first bytes too.
    const socket = net.connect(server.port, "127.0.0.1");
    let received = "";
    socket.setEncoding("utf8").on("data", (chunk: string) => {
      received += chunk;
    });
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    socket.write("GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    server.signal("SIGTERM");
    await server.waitForOutput(/SIGTERM received/);
    socket.write("\r\n");
    await closed;
    expect(received).toMatch(/^HTTP\/1\.1 503 /);
    expect(received).toMatch(/\r\n\r\n\{"status":"stopping"\}$/);
    expect(await waitForExit(server, 20_000)).toEqual({ code: 0, signal: null });
  });
});

describe.skipIf(!TEST_DATABASE_URL)("/readyz while PostgreSQL is away [postgres]", () => {
  let data: ServerData;
  let proxy: TcpProxy;
  let server: ServerProcess;
  beforeAll(async () => {
    data = await createServerData("postgres");
    const forUrl = TcpProxy.forUrl(data.env.DATABASE_URL ?? "");
    proxy = forUrl.proxy;
    await proxy.start();
    server = await startServerProcess({
      ...data.env,
      DATABASE_URL: forUrl.viaProxy(),
      DATABASE_CONNECT_TIMEOUT_MS: "1000",
      DATABASE_STATEMENT_TIMEOUT_MS: "1000",
    });
  });
  afterAll(async () => {
    await killServerProcesses();
    await proxy?.stop();
    await data?.destroy();
  });

  it("answers 503 naming the database while it cannot be reached, then 200 again", async () => {
    expect(await readyz(server)).toEqual({ status: 200, body: { status: "ready" } });
    await proxy.stop();
    expect(await readyz(server)).toEqual({
      status: 503,
      body: { status: "unavailable", failed: ["database"] },
    });
    // Liveness is another question: the process is alive, and says the database is not.
    expect(server.isRunning()).toBe(true);
    await proxy.start();
    await eventually(async () => {
      expect(await readyz(server)).toEqual({ status: 200, body: { status: "ready" } });
    }, 15_000);
  });
});

describe("/readyz while the uploads' bucket is away [sqlite, s3]", () => {
  let data: ServerData;
  let s3: TestS3Server;
  let proxy: TcpProxy;
  let server: ServerProcess;
  beforeAll(async () => {
    [data, s3] = await Promise.all([createServerData("sqlite"), startS3Server()]);
    const forUrl = TcpProxy.forUrl(s3.endpoint);
    proxy = forUrl.proxy;
    await proxy.start();
    server = await startServerProcess({
      ...data.env,
      ...s3.env,
      S3_ENDPOINT: forUrl.viaProxy().replace(/\/$/, ""),
    });
  });
  afterAll(async () => {
    await killServerProcesses();
    await proxy?.stop();
    await Promise.all([data?.destroy(), s3?.close()]);
  });

  it("answers 503 naming the uploads while the bucket cannot be reached, then 200 again", async () => {
    expect(await readyz(server)).toEqual({ status: 200, body: { status: "ready" } });
    await proxy.stop();
    expect(await readyz(server)).toEqual({
      status: 503,
      body: { status: "unavailable", failed: ["uploads"] },
    });
    await proxy.start();
    await eventually(async () => {
      expect(await readyz(server)).toEqual({ status: 200, body: { status: "ready" } });
    }, 15_000);
  });
});
