import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A request a fake receiver got. */
export type ReceivedWebhook = { headers: IncomingHttpHeaders; body: string; at: number };

/** What the receiver does with a request: answer a status (and body), or never answer. */
export type ReceiverAnswer = { status: number; body?: string } | "hang";

export type WebhookReceiver = {
  url: string;
  received: ReceivedWebhook[];
  /** Sets how the next requests are answered (200 "ok" by default). */
  answerWith: (answer: (request: ReceivedWebhook) => ReceiverAnswer) => void;
  /**
   * Down: every connection is cut as it opens, as a receiver that is not running. (Closing the
   * port instead would let the client's own connection take it, on loopback.)
   */
  setDown: (down: boolean) => void;
  /** Cuts the connections of the requests it is hanging on. */
  cutHanging: () => void;
  close: () => Promise<void>;
};

/**
 * A loopback HTTP server standing in for the chat service or a generic webhook receiver: it keeps
 * every request it got and answers as the test says, hangs, or is down.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let answer: (request: ReceivedWebhook) => ReceiverAnswer = () => ({ status: 200, body: "ok" });
  let down = false;
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = {
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
        at: Date.now(),
      };
      received.push(request);
      const reply = answer(request);
      if (reply === "hang") {
        hanging.add(res);
        return;
      }
      res.writeHead(reply.status, { "content-type": "text/plain" }).end(reply.body ?? "");
    });
  });
  server.on("connection", (socket) => {
    if (down) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/studio`,
    received,
    answerWith: (next) => {
      answer = next;
    },
    setDown: (value) => {
      down = value;
    },
    cutHanging: () => {
      for (const res of hanging) res.socket?.destroy();
      hanging.clear();
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
