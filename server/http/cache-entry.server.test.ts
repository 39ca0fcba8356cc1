import { randomBytes } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { Response } from "express";
import { describe, expect, it } from "vitest";
import { compressForOneResponse, compressToKeep, toEntry } from "./cache-entry.server.ts";

const decompress = { br: brotliDecompressSync, gzip: gunzipSync } as const;

/** JSON like a post read's, of about `bytes`. */
function jsonOf(bytes: number): Buffer {
  const paragraph = "<p>Build a castle block by block, then open its gates to friends.</p>";
  const content = paragraph.repeat(Math.ceil(bytes / paragraph.length));
  return Buffer.from(JSON.stringify({ title: "Castle", content }).slice(0, bytes));
}

/** Text that compresses poorly: its output takes several of zlib's pieces. */
function noiseOf(bytes: number): Buffer {
  return Buffer.from(randomBytes(bytes).toString("base64").slice(0, bytes));
}

describe("compressing an answer", () => {
  const bodies = [
    ["1 KB of JSON", jsonOf(1024)],
    ["4 KB of JSON", jsonOf(4096)],
    ["40 KB of JSON", jsonOf(40 * 1024)],
    ["300 KB of JSON (through the thread pool)", jsonOf(300 * 1024)],
    ["12 KB that hardly compresses", noiseOf(12 * 1024)],
  ] as const;

  for (const encoding of ["br", "gzip"] as const) {
    for (const [name, body] of bodies) {
      it(`${encoding}: ${name} comes back whole, for one response and to keep`, async () => {
        const once = await compressForOneResponse(body, encoding);
        const kept = await compressToKeep(body, encoding);
        expect(decompress[encoding](once).equals(body)).toBe(true);
        expect(decompress[encoding](kept).equals(body)).toBe(true);
      });
    }

    it(`${encoding}: a kept form holds its own bytes and no more`, async () => {
      // zlib hands back output that fits one of its pieces as a slice of that piece; a kept
      // slice would keep the whole piece alive while the cache counts the slice alone.
      for (const [, body] of bodies) {
        const kept = await compressToKeep(body, encoding);
        expect(kept.buffer.byteLength).toBe(kept.byteLength);
      }
    });
  }
});

describe("keeping an answer", () => {
  /** The little of an Express response toEntry reads: its headers. */
  const res = {
    hasHeader: () => false,
    getHeaderNames: () => ["content-type"],
    getHeader: (name: string) => (name === "content-type" ? "application/json" : undefined),
  } as unknown as Response;

  it("keeps a small answer in a buffer of its own, not in a slice of Node's pool", () => {
    const body = Buffer.from(JSON.stringify({ title: "Castle" }));
    expect(body.buffer.byteLength).toBeGreaterThan(body.byteLength);
    const entry = toEntry({ key: "/api/x", status: 200, res, body, previous: undefined });
    expect(entry?.body.equals(body)).toBe(true);
    expect(entry?.body.buffer.byteLength).toBe(body.byteLength);
  });

  it("takes over the previous entry's body when the answer is the same", () => {
    const body = Buffer.from("[1,2,3]");
    const previous = toEntry({ key: "/api/x", status: 200, res, body, previous: undefined });
    const again = toEntry({
      key: "/api/x",
      status: 200,
      res,
      body: Buffer.from("[1,2,3]"),
      previous: previous ?? undefined,
    });
    expect(again?.body).toBe(previous?.body);
  });
});
