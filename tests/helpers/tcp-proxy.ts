import net from "node:net";

/**
 * A TCP proxy in front of the PostgreSQL server, so a test can make the database go away the
 * ways networks and servers do, then bring it back on the same port:
 * - "forward": a working connection;
 * - stop(): the port is closed and every connection is cut (a restart: connections refused);
 * - "drop": connections are accepted and kept open, but nothing is passed on either way, and
 *   open connections fall silent too (a firewall or network that drops packets).
 */
export class TcpProxy {
  port = 0;
  mode: "forward" | "drop" = "forward";
  #server: net.Server | undefined;
  #sockets = new Set<net.Socket>();
  readonly #target: { host: string; port: number };

  constructor(target: { host: string; port: number }) {
    this.#target = target;
  }

  /** A proxy for the PostgreSQL server of `url`, and the same URL through the proxy. */
  static forUrl(url: string): { proxy: TcpProxy; viaProxy: () => string } {
    const target = new URL(url);
    const proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = () => {
      const through = new URL(url);
      through.host = `127.0.0.1:${proxy.port}`;
      return through.toString();
    };
    return { proxy, viaProxy };
  }

  async start() {
    const server = net.createServer((client) => this.#accept(client));
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

  #accept(client: net.Socket) {
    this.#track(client);
    if (this.mode === "drop") {
      // Accepted, and never answered: the connection attempt hangs until the client gives up.
      client.on("data", () => undefined);
      return;
    }
    const upstream = net.connect(this.#target.port, this.#target.host);
    this.#track(upstream);
    for (const socket of [client, upstream]) {
      socket.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    // Bytes pass only while forwarding; in "drop" mode they vanish, as dropped packets do.
    client.on("data", (chunk) => {
      if (this.mode === "forward") upstream.write(chunk);
    });
    upstream.on("data", (chunk) => {
      if (this.mode === "forward") client.write(chunk);
    });
  }

  #track(socket: net.Socket) {
    this.#sockets.add(socket);
    socket.on("close", () => this.#sockets.delete(socket));
    socket.on("error", () => undefined);
  }
}
