import { hash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Response } from "express";
import type { ContentEncoding } from "./negotiation.server.ts";
import { NonceTemplate } from "./nonce-template.server.ts";

// One kept answer and its forms: what of a response is stored, its validator, and its
// compressed bodies (made on first demand, then reused).

export type Compressed = "br" | "gzip";

export type CacheEntry = {
  key: string;
  status: number;
  /** Stored headers, flat (name, value, name, value, …), without length, encoding and ETag. */
  headers: string[];
  /** Positions in `headers` of values that contain the nonce placeholder. */
  nonceHeaders: number[];
  vary: string;
  /** The body as rendered (with the placeholder, for a page with nonces). */
  body: Buffer;
  /** Set when the body contains the nonce placeholder: it is then different in every response. */
  template: NonceTemplate | null;
  /** A weak validator of the body, for bodies without nonces. */
  etag: string | null;
  compressible: boolean;
  /** Compressed forms of a body without nonces, made on first demand and then kept. */
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
/** A common level for answers compressed once and served many times; 11 takes seconds on 1 MB. */
const BROTLI_QUALITY = 5;
/**
 * Headers of one response or one connection, ones the cache sets itself, and Accept-Ranges:
 * the cache always answers the whole body.
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
]);

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The answer as a cache entry, or null when it must not be kept: another status than
 * CACHEABLE_STATUSES, a Set-Cookie (a response for one client), a body already encoded, or a
 * real nonce in a header (an answer made for one response only).
 * When the body is the same as the previous entry's, its validator and compressed forms carry
 * over, so an answer that did not change is never hashed or compressed again.
 */
export function toEntry({
  key,
  status,
  res,
  body,
  placeholder,
  previous,
}: {
  key: string;
  status: number;
  res: Response;
  body: Buffer;
  placeholder: string;
  previous: CacheEntry | undefined;
}): CacheEntry | null {
  if (!CACHEABLE_STATUSES.has(status)) return null;
  if (res.hasHeader("set-cookie") || res.hasHeader("content-encoding")) return null;
  const headers: string[] = [];
  const nonceHeaders: number[] = [];
  // Lower-case names, as HTTP/2 always sends them; HTTP/1.1 names are case-insensitive.
  for (const name of res.getHeaderNames()) {
    if (UNSTORED_HEADERS.has(name)) continue;
    const value = res.getHeader(name);
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [String(value)]) {
      if (one.includes(placeholder)) nonceHeaders.push(headers.length + 1);
      else if (one.includes("'nonce-")) return null;
      headers.push(name, one);
    }
  }
  const vary = res.getHeader("vary");
  const contentType = String(res.getHeader("content-type") ?? "");
  const same = previous !== undefined && previous.status === status && previous.body.equals(body);
  const template = same ? previous.template : NonceTemplate.parse(body, placeholder);
  const compressed = same && !template ? previous.compressed : {};
  const ready = same && !template ? previous.ready : {};
  return {
    key,
    status,
    headers,
    nonceHeaders,
    vary: withAcceptEncoding(vary === undefined ? "" : String(vary)),
    body,
    template,
    etag: template ? null : same ? previous.etag : weakEtag(body),
    compressible: body.length >= MIN_COMPRESSIBLE_BYTES && COMPRESSIBLE_TYPE.test(contentType),
    compressed,
    ready,
    expiresAt: 0,
    bytes:
      body.length +
      (ready.br?.length ?? 0) +
      (ready.gzip?.length ?? 0) +
      (template?.gzipLength ?? 0) +
      headers.reduce((sum, field) => sum + field.length, 0),
  };
}

/** The body in this encoding if it can be had at once, or undefined while it is compressed. */
export function readyBody(
  entry: CacheEntry,
  encoding: ContentEncoding,
  nonce: string,
): Buffer | undefined {
  if (encoding === "identity") return entry.template ? entry.template.render(nonce) : entry.body;
  if (entry.template)
    return entry.template.gzipReady ? entry.template.renderGzip(nonce) : undefined;
  return entry.ready[encoding];
}

/**
 * Makes the body ready in this encoding (see readyBody). `onCompressed` hears the size of a
 * compressed form once it is made, so the store can count it.
 */
export function prepareEncoding(
  entry: CacheEntry,
  encoding: Compressed,
  onCompressed: (bytes: number) => void,
): Promise<unknown> {
  return entry.template
    ? entry.template.prepareGzip()
    : compressedForm(entry, encoding, onCompressed);
}

function compressedForm(
  entry: CacheEntry,
  encoding: Compressed,
  onCompressed: (bytes: number) => void,
): Promise<Buffer> {
  const existing = entry.compressed[encoding];
  if (existing) return existing;
  const pending =
    encoding === "br"
      ? brotliAsync(entry.body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
          },
        })
      : gzipAsync(entry.body);
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

function withAcceptEncoding(vary: string): string {
  if (vary === "") return "Accept-Encoding";
  if (vary.trim() === "*" || /(^|,)\s*accept-encoding\s*(,|$)/i.test(vary)) return vary;
  return `${vary}, Accept-Encoding`;
}

/** The same form as Express's default ETag: weak, length and SHA-1 of the body. */
function weakEtag(body: Buffer): string {
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
