import { hash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";
import type { Response } from "express";
import type { ContentEncoding } from "./negotiation.server.ts";
import { ownBuffer } from "./own-buffer.server.ts";

// One kept answer and its forms: what of a response is stored, its validator, and its
// compressed bodies (made on first demand, then reused).

export type Compressed = "br" | "gzip";

export type CacheEntry = {
  key: string;
  status: number;
  /** Stored headers, flat (name, value, name, value, …), without length, encoding and ETag. */
  headers: string[];
  vary: string;
  /** The body as the app made it. */
  body: Buffer;
  /** A weak validator of the body. */
  etag: string;
  compressible: boolean;
  /** Compressed forms of the body, made on first demand from a request it answers, then kept. */
  compressed: Partial<Record<Compressed, Promise<Buffer>>>;
  ready: Partial<Record<Compressed, Buffer>>;
  expiresAt: number;
  /** Bytes this entry holds, compressed forms included. */
  bytes: number;
};

/** Statuses worth keeping; a missing slug is asked for again just like a present one. */
const CACHEABLE_STATUSES = new Set([200, 404]);
/** Below this, compression saves less than it costs. */
const MIN_COMPRESSIBLE_BYTES = 1024;
const COMPRESSIBLE_TYPE = /^(text\/|application\/(json|javascript|xml|rss\+xml)|image\/svg)/i;
/**
 * Levels for forms that are kept and sent many times: a common brotli quality (11 takes seconds
 * on 1 MB) and zlib's default.
 */
const KEPT_LEVELS = { br: 5, gzip: 6 } as const;
/**
 * Levels for a body compressed for one response only (a miss, an answer that is not kept): a
 * long tail of addresses pays this on every request, so they are the cheapest sensible ones.
 * Brotli 0 takes two thirds to four fifths of brotli 1's time for 4 to 7% more bytes (a 4 KB
 * post read, a 12 KB list, a 36 KB page), and less than gzip 1 for about as many bytes; brotli
 * 5 takes two to three times as long again (docs/decisions/015-cheap-json-reads.md). Gzip 1,
 * for clients without brotli, takes half of gzip 6's time for 11% more bytes.
 */
const ONE_RESPONSE_LEVELS = { br: 0, gzip: 1 } as const;
/**
 * Up to this size a body for one response is compressed at once, without the thread pool: at
 * these levels a 70 KB page takes 0.05-0.2 ms on the event loop, against 0.12-0.3 ms of CPU
 * through the pool with 50 compressions under way (each its own stream, output chunks and
 * encoder state; over 0.6 ms with glibc's allocator), and no buffers wait between the two.
 */
const SYNC_COMPRESSION_MAX_BYTES = 256 * 1024;
/**
 * Headers of one response or one connection (the request's id among them), ones the cache sets
 * itself, and Accept-Ranges: the cache always answers the whole body.
 */
const UNSTORED_HEADERS = new Set([
  "accept-ranges",
  "connection",
  "content-length",
  "date",
  "etag",
  "keep-alive",
  "transfer-encoding",
  "vary",
  "x-request-id",
]);

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The answer as a cache entry, or null when it must not be kept: another status than
 * CACHEABLE_STATUSES, a Set-Cookie (a response for one client) or a body already encoded.
 * When the body is the same as the previous entry's, its validator and compressed forms carry
 * over, so an answer that did not change is never hashed or compressed again.
 */
export function toEntry({
  key,
  status,
  res,
  body,
  previous,
}: {
  key: string;
  status: number;
  res: Response;
  body: Buffer;
  previous: CacheEntry | undefined;
}): CacheEntry | null {
  if (!CACHEABLE_STATUSES.has(status)) return null;
  if (res.hasHeader("set-cookie") || res.hasHeader("content-encoding")) return null;
  const headers: string[] = [];
  // Lower-case names, as HTTP/2 always sends them; HTTP/1.1 names are case-insensitive.
  for (const name of res.getHeaderNames()) {
    if (UNSTORED_HEADERS.has(name)) continue;
    const value = res.getHeader(name);
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [String(value)]) headers.push(name, one);
  }
  const vary = res.getHeader("vary");
  const contentType = String(res.getHeader("content-type") ?? "");
  const same = previous !== undefined && previous.status === status && previous.body.equals(body);
  const compressed = same ? previous.compressed : {};
  const ready = same ? previous.ready : {};
  return {
    key,
    status,
    headers,
    vary: withAcceptEncoding(vary === undefined ? "" : String(vary)),
    // Kept in a buffer of its own (a small answer comes as a slice of Node's pool), or the
    // previous entry's, which is.
    body: same ? previous.body : ownBuffer([body]),
    etag: same ? previous.etag : weakEtag(body),
    compressible: isCompressible(body.length, contentType),
    compressed,
    ready,
    expiresAt: 0,
    bytes:
      body.length +
      (ready.br?.length ?? 0) +
      (ready.gzip?.length ?? 0) +
      headers.reduce((sum, field) => sum + field.length, 0),
  };
}

/** True when compressing a body of this length and type is worth it. */
export function isCompressible(length: number, contentType: string): boolean {
  return length >= MIN_COMPRESSIBLE_BYTES && COMPRESSIBLE_TYPE.test(contentType);
}

/** The body in this encoding if its form is kept already, or undefined. */
export function readyBody(entry: CacheEntry, encoding: ContentEncoding): Buffer | undefined {
  return encoding === "identity" ? entry.body : entry.ready[encoding];
}

/**
 * The body compressed for one response only (a miss, or an answer that is not kept), at the
 * cheap levels.
 */
export function compressForOneResponse(body: Buffer, encoding: Compressed): Promise<Buffer> {
  const level = ONE_RESPONSE_LEVELS[encoding];
  // A small body takes less time to compress than a trip through the thread pool would.
  if (body.length <= SYNC_COMPRESSION_MAX_BYTES) {
    try {
      return Promise.resolve(
        encoding === "gzip"
          ? gzipSync(body, { level, chunkSize: chunkSizeFor(body) })
          : brotliCompressSync(body, brotliOptions(body, level)),
      );
    } catch (error) {
      return Promise.reject(error);
    }
  }
  return compress(body, encoding, level);
}

/**
 * The entry's kept form in this encoding, made once (later calls share it). `onCompressed`
 * hears its size once it is made, so the store can count it.
 */
export function compressedForm(
  entry: CacheEntry,
  encoding: Compressed,
  onCompressed: (bytes: number) => void,
): Promise<Buffer> {
  const existing = entry.compressed[encoding];
  if (existing) return existing;
  const pending = compressToKeep(entry.body, encoding);
  entry.compressed[encoding] = pending;
  pending.then(
    (body) => {
      entry.ready[encoding] = body;
      onCompressed(body.length);
    },
    () => {
      // Compression of an in-memory buffer does not fail in practice; if it did, the next
      // request tries again.
      delete entry.compressed[encoding];
    },
  );
  return pending;
}

/**
 * The body compressed to be kept (at the levels for answers sent many times), in a buffer of its
 * own: a cache entry's forms, and answers kept outside this cache (the sitemap index, made once
 * per change).
 */
export async function compressToKeep(body: Buffer, encoding: Compressed): Promise<Buffer> {
  return ownBuffer([await compress(body, encoding, KEPT_LEVELS[encoding])]);
}

function compress(body: Buffer, encoding: Compressed, level: number): Promise<Buffer> {
  if (encoding === "gzip") return gzipAsync(body, { level, chunkSize: chunkSizeFor(body) });
  return brotliAsync(body, brotliOptions(body, level));
}

/**
 * The size of the pieces zlib writes its output into, for this body: half the body, which holds
 * what these levels make of a text in one piece, from 1 KB up to zlib's default of 16 KB (a body
 * of 32 KB or more). zlib allocates a whole piece before it writes into it, and output that fits
 * in one piece comes back as a slice of it: at the default, compressing a 4 KB post read for one
 * response allocated 16 KB for 1.4 KB, and took a quarter longer than with a piece of 2 KB.
 */
function chunkSizeFor(body: Buffer): number {
  return Math.min(constants.Z_DEFAULT_CHUNK, Math.max(1024, Math.ceil(body.length / 2)));
}

function brotliOptions(body: Buffer, level: number) {
  return {
    chunkSize: chunkSizeFor(body),
    params: {
      [constants.BROTLI_PARAM_QUALITY]: level,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      // A window no larger than the body: the encoder's memory then follows the body's size.
      [constants.BROTLI_PARAM_LGWIN]: Math.min(
        constants.BROTLI_DEFAULT_WINDOW,
        Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(body.length + 1))),
      ),
    },
  };
}

function withAcceptEncoding(vary: string): string {
  if (vary === "") return "Accept-Encoding";
  if (vary.trim() === "*" || /(^|,)\s*accept-encoding\s*(,|$)/i.test(vary)) return vary;
  return `${vary}, Accept-Encoding`;
}

/** The same form as Express's default ETag: weak, length and SHA-1 of the body. */
export function weakEtag(body: Buffer): string {
  const digest = hash("sha1", body, "base64").slice(0, 27);
  return `W/"${body.length.toString(16)}-${digest}"`;
}

/** If-None-Match against our validator, compared weakly (RFC 9110, section 13.1.2). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const ours = etag.replace(/^W\//, "");
  for (const candidate of header.split(",")) {
    const tag = candidate.trim();
    if (tag === "*" || tag.replace(/^W\//, "") === ours) return true;
  }
  return false;
}
