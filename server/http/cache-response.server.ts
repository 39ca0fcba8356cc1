import type { Response } from "express";
import { ownBuffer } from "./own-buffer.server.ts";

// What the response cache does to an Express response: hold the app's answer back until it is
// complete, send a whole answer at once, and notice a successful write.

/** Empties the cache as soon as a write's response starts with a success status. */
export function clearOnSuccess(res: Response, clear: () => void) {
  const writeHead = res.writeHead;
  res.writeHead = function writeHeadAfterWrite(this: Response, ...args: unknown[]) {
    res.writeHead = writeHead;
    const status = typeof args[0] === "number" ? args[0] : this.statusCode;
    if (status < 400) clear();
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as typeof res.writeHead;
}

/**
 * Writes a whole response in one go, replacing any header set on `res` before but the request's
 * own id (X-Request-Id), which is never kept with an answer.
 */
export function send(res: Response, status: number, headers: string[], body: Buffer | null) {
  for (const name of res.getHeaderNames()) if (name !== "x-request-id") res.removeHeader(name);
  res.writeHead(status, headers);
  res.end(body ?? undefined);
}

/**
 * Takes over res.write, res.end and res.writeHead until the app has finished its answer, then
 * calls `done` with its status and body; the headers stay on `res`. Nothing reaches the client
 * in the meantime.
 */
export function holdBack(res: Response, done: (status: number, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  const original = {
    write: res.write,
    end: res.end,
    writeHead: res.writeHead,
    flushHeaders: res.flushHeaders,
  };
  const collect = (chunk: unknown, encoding: unknown) => {
    if (typeof chunk === "string") {
      chunks.push(
        Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"),
      );
    } else if (chunk instanceof Uint8Array) {
      chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    }
  };
  const callbackIn = (args: unknown[]) =>
    args.find((arg): arg is () => void => typeof arg === "function");

  res.write = ((...args: unknown[]) => {
    collect(args[0], args[1]);
    const callback = callbackIn(args);
    if (callback) process.nextTick(callback);
    return true;
  }) as typeof res.write;

  res.end = ((...args: unknown[]) => {
    collect(args[0], args[1]);
    Object.assign(res, original);
    const callback = callbackIn(args);
    if (callback) res.once("finish", callback);
    done(res.statusCode, joined(chunks));
    return res;
  }) as typeof res.end;

  res.writeHead = ((status: number, ...rest: unknown[]) => {
    res.statusCode = status;
    if (typeof rest[0] === "string") res.statusMessage = rest.shift() as string;
    const fields = rest[0];
    if (Array.isArray(fields)) {
      const flat = fields.flat() as unknown[];
      for (let i = 0; i + 1 < flat.length; i += 2) {
        res.appendHeader(String(flat[i]), String(flat[i + 1]));
      }
    } else if (fields && typeof fields === "object") {
      for (const [name, value] of Object.entries(fields)) {
        if (value !== undefined) res.setHeader(name, value as string | number | string[]);
      }
    }
    return res;
  }) as typeof res.writeHead;

  res.flushHeaders = () => undefined;
}

/**
 * The pieces as one buffer. Most answers come in one piece (res.json, res.send), handed on as it
 * is: an answer sent once is not copied, and one the cache keeps is copied when it is kept
 * (toEntry), only if it is a slice of a larger buffer. Several pieces are joined into a buffer
 * of their own, so that keeping them copies nothing more.
 */
function joined(chunks: Buffer[]): Buffer {
  const [only] = chunks;
  return chunks.length === 1 && only ? only : ownBuffer(chunks);
}
