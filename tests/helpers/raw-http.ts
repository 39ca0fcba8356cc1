import { connect, type Socket } from "node:net";
import { setImmediate as nextTurn } from "node:timers/promises";

// HTTP/1.1 over a plain socket, for what fetch() will not do: declare a length and send nothing,
// stream a body and stop the moment the server answers, send methods fetch refuses (TRACE,
// CONNECT, made-up ones), and see whether the server closed the connection afterwards.

export type RawAnswer = {
  /** 0 when the server closed the connection without an answer the client could read. */
  status: number;
  /** The interim answers (100 Continue) that came before it. */
  informational: number[];
  /** Header names in lower case; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: string;
  /** Milliseconds from connecting to the end of the answer's head. */
  answeredAfterMs: number;
  /** Body bytes the client had handed to the socket when the answer came (or sending stopped). */
  bodyBytesSent: number;
  /** Whether the server closed the connection (within `closeWaitMs` after answering). */
  closed: boolean;
};

export type RawRequest = {
  method: string;
  path: string;
  /** Sent as they are, after Host; add Content-Length or Transfer-Encoding for a body. */
  headers?: Record<string, string>;
  /**
   * Body pieces, pulled one at a time (so a generator can stand for a body of any size without
   * holding it). Sending stops as soon as the server answers or closes. A piece written after
   * the server has closed the connection may make the answer unreadable (the connection is
   * reset under it): to read an answer for certain, send no more than the server will read and
   * leave the body unfinished.
   */
  body?: Iterable<Uint8Array>;
  /** Frame each piece as a chunk of `Transfer-Encoding: chunked` and end with the last chunk. */
  chunked?: boolean;
  /** Send the pieces but not the end of a chunked body, then wait for the answer. */
  unfinished?: boolean;
  /** Send `Expect: 100-continue` and the body only after 100 Continue (or a second without). */
  expectContinue?: boolean;
  /** How long to wait for the answer. */
  timeoutMs?: number;
  /** How long to wait, after the answer, for the server to close the connection. */
  closeWaitMs?: number;
};

/** Sends one request over a new connection and reads the answer (or throws on a timeout). */
export async function rawRequest(url: string, request: RawRequest): Promise<RawAnswer> {
  const { hostname, port, host } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port) });
  const started = Date.now();
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("error", reject);
    });
    const state = readAnswer(socket);
    const head = [
      `${request.method} ${request.path} HTTP/1.1`,
      `Host: ${host}`,
      ...Object.entries(request.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
      ...(request.expectContinue ? ["Expect: 100-continue"] : []),
    ];
    socket.write(`${head.join("\r\n")}\r\n\r\n`);
    if (request.expectContinue) await state.continueOrAnswer(1000);
    if (request.body) {
      for (const piece of request.body) {
        if (state.answered || state.ended) break;
        const framed = request.chunked
          ? [Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")]
          : [piece];
        let flushed = true;
        for (const part of framed) flushed = socket.write(part) && flushed;
        state.sent += piece.length;
        if (!flushed) await state.drainOrAnswer();
        // A server in this process gets its turn to read.
        await nextTurn();
      }
      if (request.chunked && !request.unfinished && !state.answered && !state.ended) {
        socket.write("0\r\n\r\n");
      }
    }
    const answer = await state.answer(request.timeoutMs ?? 5000);
    const closed = await state.closedWithin(request.closeWaitMs ?? 1000);
    return {
      ...answer,
      informational: state.informational,
      answeredAfterMs: answer.at - started,
      bodyBytesSent: state.sentAtAnswer ?? state.sent,
      closed,
    };
  } finally {
    socket.destroy();
  }

  function readAnswer(socket: Socket) {
    let received = Buffer.alloc(0);
    let parsed: { status: number; headers: Record<string, string>; body: string; at: number };
    let parsedHead: Omit<typeof parsed, "body"> | undefined;
    let bodyStart = 0;
    const waiters = new Set<() => void>();
    const wake = () => {
      for (const waiter of [...waiters]) waiter();
    };
    const state = {
      answered: false,
      ended: false,
      informational: [] as number[],
      sent: 0,
      sentAtAnswer: undefined as number | undefined,
      drainOrAnswer: () =>
        new Promise<void>((resolve) => {
          const done = () => {
            socket.off("drain", done);
            waiters.delete(done);
            resolve();
          };
          socket.once("drain", done);
          waiters.add(done);
        }),
      /** Resolves on an interim or final answer, or after `ms` (as a client that expects 100). */
      continueOrAnswer: (ms: number) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(done, ms);
          function done() {
            clearTimeout(timer);
            waiters.delete(check);
            resolve();
          }
          function check() {
            if (state.informational.length > 0 || state.answered || state.ended) done();
          }
          waiters.add(check);
          check();
        }),
      answer: (timeoutMs: number) =>
        new Promise<typeof parsed>((resolve, reject) => {
          const timer = setTimeout(() => {
            waiters.delete(check);
            reject(new Error(`No complete answer within ${timeoutMs} ms`));
          }, timeoutMs);
          const check = () => {
            if (!state.answered && !state.ended) return;
            clearTimeout(timer);
            waiters.delete(check);
            resolve(state.answered ? parsed : { status: 0, headers: {}, body: "", at: Date.now() });
          };
          waiters.add(check);
          check();
        }),
      closedWithin: (ms: number) =>
        new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => {
            waiters.delete(check);
            resolve(false);
          }, ms);
          const check = () => {
            if (!state.ended) return;
            clearTimeout(timer);
            waiters.delete(check);
            resolve(true);
          };
          waiters.add(check);
          check();
        }),
    };
    socket.on("data", (data: Buffer) => {
      received = Buffer.concat([received, data]);
      while (!parsedHead) {
        const end = received.indexOf("\r\n\r\n");
        if (end === -1) return;
        const [statusLine = "", ...lines] = received
          .subarray(0, end)
          .toString("latin1")
          .split("\r\n");
        const headers: Record<string, string> = {};
        for (const line of lines) {
          const colon = line.indexOf(":");
          const name = line.slice(0, colon).trim().toLowerCase();
          const value = line.slice(colon + 1).trim();
          headers[name] = headers[name] ? `${headers[name]}, ${value}` : value;
        }
        const status = Number(statusLine.split(" ")[1]);
        if (status >= 100 && status < 200) {
          // An interim answer (100 Continue): noted, and the real one follows.
          state.informational.push(status);
          received = received.subarray(end + 4);
          wake();
          continue;
        }
        parsedHead = { status, headers, at: Date.now() };
        bodyStart = end + 4;
      }
      const rest = received.subarray(bodyStart);
      const length = Number(parsedHead.headers["content-length"] ?? Number.NaN);
      if (request.method === "HEAD" || [204, 304].includes(parsedHead.status)) {
        finish(Buffer.alloc(0));
      } else if (Number.isFinite(length) && rest.length >= length) {
        finish(rest.subarray(0, length));
      } else if (/chunked/i.test(parsedHead.headers["transfer-encoding"] ?? "")) {
        const body = dechunk(rest);
        if (body) finish(body);
      }
    });
    const finish = (body: Buffer) => {
      if (state.answered || !parsedHead) return;
      parsed = { ...parsedHead, body: body.toString("utf8") };
      state.answered = true;
      state.sentAtAnswer = state.sent;
      wake();
    };
    const onEnd = () => {
      // An answer without Content-Length ends with the connection.
      if (parsedHead && !state.answered) finish(received.subarray(bodyStart));
      state.ended = true;
      wake();
    };
    socket.on("end", onEnd);
    socket.on("close", onEnd);
    // A reset after the answer (the server closed with our unsent body in its buffers) is
    // expected; the answer read before it stands.
    socket.on("error", onEnd);
    return state;
  }
}

/** A whole chunked body without its framing, or undefined while its last chunk has not come. */
function dechunk(framed: Buffer): Buffer | undefined {
  const pieces: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = framed.indexOf("\r\n", at);
    if (lineEnd === -1) return undefined;
    const size = Number.parseInt(framed.subarray(at, lineEnd).toString("latin1"), 16);
    if (size === 0) return Buffer.concat(pieces);
    if (framed.length < lineEnd + 2 + size + 2) return undefined;
    pieces.push(framed.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/**
 * `total` bytes in pieces of `size` (the last may be shorter), made one at a time from one
 * buffer, so nothing piles up however large the total.
 */
export function* generatedBody(total: number, size = 64 * 1024, fill = 0x61): Iterable<Buffer> {
  const piece = Buffer.alloc(size, fill);
  for (let sent = 0; sent < total; sent += size) {
    yield total - sent >= size ? piece : piece.subarray(0, total - sent);
  }
}
