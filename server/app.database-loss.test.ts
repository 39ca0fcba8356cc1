import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, readError } from "#tests/helpers/http.ts";
import {
  createTestDatabase,
  TEST_DATABASE_URL,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import { startTestServerOn, type TestServer } from "#tests/helpers/test-server.ts";
import { allowConsoleError } from "#tests/setup/setup-test-env.ts";
import { openDatabase } from "./db/db.server.ts";

const SERVER_ERROR = { message: "Something went wrong on our side. Please try again." };

/**
 * A TCP proxy in front of the PostgreSQL server, so a test can cut the database connection the
 * way a network failure or a database restart would, then bring it back on the same port.
 */
class TcpProxy {
  port = 0;
  #server: net.Server | undefined;
  #sockets = new Set<net.Socket>();
  readonly #target: { host: string; port: number };

  constructor(target: { host: string; port: number }) {
    this.#target = target;
  }

  async start() {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.#target.port, this.#target.host);
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket);
        socket.on("close", () => this.#sockets.delete(socket));
        socket.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.#server = server;
  }

  /** Stops listening and drops every open connection at once. */
  async stop() {
    const server = this.#server;
    this.#server = undefined;
    for (const socket of this.#sockets) socket.destroy();
    this.#sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe.skipIf(!TEST_DATABASE_URL)("GET /healthz with PostgreSQL going away [postgres]", () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let server: TestServer;
  let closeHandle: () => Promise<void>;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    const target = new URL(TEST_DATABASE_URL ?? "");
    proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await proxy.start();
    const viaProxy = new URL(target);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const handle = openDatabase({
      databaseUrl: viaProxy.toString(),
      dataDir: database.dataDir,
      schema: database.schema,
    });
    closeHandle = () => handle.close();
    server = await startTestServerOn({ ...database, handle });
  });
  afterAll(async () => {
    await server.close();
    await closeHandle().catch(() => undefined);
    await proxy.stop();
    await database.destroy();
  });

  it("answers 503 while the database is unreachable and 200 again once it is back", async () => {
    const ok = await server.request("/healthz");
    expect(ok.status).toBe(200);
    expect((await server.request("/api/apps")).status).toBe(200);

    // The pool logs each idle connection it loses ("PostgreSQL connection lost").
    allowConsoleError(20);
    await proxy.stop();
    await eventually(async () => {
      const response = await server.request("/healthz");
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "unavailable" });
    });
    const failed = await server.request("/api/apps");
    expect(await readError(failed, 500)).toEqual(SERVER_ERROR);

    await proxy.start();
    await eventually(async () => {
      const response = await server.request("/healthz");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: "ok" });
    });
    const apps = await server.request("/api/apps");
    expect(apps.status).toBe(200);
    expect(await apps.json()).toEqual([]);
  });
});
