import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import type { Response } from "express";
import { describe, expect, it } from "vitest";
import { holdBack } from "./cache-response.server.ts";

/** A response nobody reads: holdBack keeps everything the app writes from its socket. */
function response(): Response {
  return new ServerResponse(new IncomingMessage(new Socket())) as unknown as Response;
}

/** What holdBack hands over once the app has ended `res` after `write`. */
function heldBody(write: (res: Response) => void): Buffer {
  const res = response();
  let held: Buffer | null = null;
  holdBack(res, (_status, body) => {
    held = body;
  });
  write(res);
  if (!held) throw new Error("holdBack handed nothing over");
  return held;
}

describe("holding an answer back", () => {
  it("hands a one-piece answer over in the memory it came in, without a copy", () => {
    const piece = Buffer.from('{"title":"Castle"}');
    const body = heldBody((res) => res.end(piece));
    expect(body.buffer).toBe(piece.buffer);
    expect([body.byteOffset, body.byteLength]).toEqual([piece.byteOffset, piece.byteLength]);
  });

  it("joins several pieces into a buffer of their own, not a slice of Node's pool", () => {
    const body = heldBody((res) => {
      res.write("<!DOCTYPE html>");
      res.write(Buffer.from("<p>Castle</p>"));
      res.end("</html>");
    });
    expect(body.toString()).toBe("<!DOCTYPE html><p>Castle</p></html>");
    expect(body.buffer.byteLength).toBe(body.byteLength);
  });
});
