import { hash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Request, RequestHandler, Response } from "express";
import { type ContentEncoding, negotiateEncoding } from "./negotiation.server.ts";
import { createCspNonce, createNoncePlaceholder, NonceTemplate } from "./nonce-template.server.ts";

/**
 * What a request path is to the cache: an answer kept as the app made it (an API read, a build
 * file), a page (kept with a placeholder for its CSP nonce), or neither (never kept).
 */
export type CacheablePath = "plain" | "page" | null;

export type ResponseCacheOptions = {
  /** How long an answer is reused, in milliseconds. */
  ttlMs: number;
  /** Which paths (without the query string) may be cached, and how. */
  classifyPath: (pathname: string) => CacheablePath;
  /**
   * True when the Cookie header carries a session: such requests always bypass the cache.
   * Without it, cookies make no difference (for answers that are the same for everyone).
   */
  hasSessionCookie?: (cookieHeader: string) => boolean;
  /** At most this many answers are kept (default 500). */
  maxEntries?: number;
  /** At most this many bytes of answers, compressed forms included (default 64 MB). */
  maxBytes?: number;
};

export type ResponseCache = {
  /** Serves cached answers, captures cacheable ones, and empties the cache after any write. */
  middleware: RequestHandler;
  /** Forgets every answer at once. */
  clear: () => void;
  /**
   * What a captured page renders as its nonce (`res.locals.cspNonce`); every response made from
   * it carries a fresh nonce in its place, in the body and in the Content-Security-Policy.
   */
  readonly noncePlaceholder: string;
};

type Compressed = "br" | "gzip";

type Entry = {
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
/** A single answer above this is sent but not kept. */
const MAX_ENTRY_BYTES = 8 * 1024 * 1024;
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
/** Methods that do not change anything; any other method that succeeds empties the cache. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * An in-process cache of whole answers to anonymous GET requests (the public read API and the
 * public pages), with a short lifetime. See README, "Response cache", for the rules.
 */
export function createResponseCache(options: ResponseCacheOptions): ResponseCache {
  const { ttlMs, classifyPath, hasSessionCookie } = options;
  const maxEntries = options.maxEntries ?? 500;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const noncePlaceholder = createNoncePlaceholder();

  const entries = new Map<string, Entry>();
  /** Misses being rendered, by key: later requests for the same key wait for the first. */
  const inFlight = new Map<string, Promise<Entry | null>>();
  let totalBytes = 0;
  /** Bumped by clear(), so an answer rendered from data read before a write is not kept. */
  let generation = 0;

  function clear() {
    entries.clear();
    totalBytes = 0;
    generation += 1;
  }

  function store(entry: Entry) {
    const previous = entries.get(entry.key);
    if (previous) {
      entries.delete(entry.key);
      totalBytes -= previous.bytes;
    }
    entries.set(entry.key, entry);
    totalBytes += entry.bytes;
    // Map order is insertion order and every entry lives equally long, so the first entry is
    // the oldest: expired and surplus entries go from the front.
    const at = Date.now();
    for (const [key, oldest] of entries) {
      if (oldest === entry) break;
      const surplus = entries.size > maxEntries || totalBytes > maxBytes;
      if (!surplus && oldest.expiresAt > at) break;
      entries.delete(key);
      totalBytes -= oldest.bytes;
    }
  }

  function compressedForm(entry: Entry, encoding: Compressed): Promise<Buffer> {
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
        // Counted against whichever entry holds these forms now (a newer one with the same
        // body takes them over).
        const holder = entries.get(entry.key);
        if (holder?.ready === entry.ready) {
          holder.bytes += body.length;
          totalBytes += body.length;
        }
      },
      () => {
        // Compression of an in-memory buffer does not fail in practice; if it did, the next
        // request tries again.
        delete entry.compressed[encoding];
      },
    );
    return pending;
  }

  /** The body in this encoding if it can be had at once, or undefined while it is compressed. */
  function readyBody(entry: Entry, encoding: ContentEncoding, nonce: string): Buffer | undefined {
    if (encoding === "identity") return entry.template ? entry.template.render(nonce) : entry.body;
    if (entry.template)
      return entry.template.gzipReady ? entry.template.renderGzip(nonce) : undefined;
    return entry.ready[encoding];
  }

  function prepareEncoding(entry: Entry, encoding: "br" | "gzip"): Promise<unknown> {
    return entry.template ? entry.template.prepareGzip() : compressedForm(entry, encoding);
  }

  async function serve(entry: Entry, req: Request, res: Response) {
    let encoding = entry.compressible
      ? negotiateEncoding(req.headers["accept-encoding"], entry.template === null)
      : "identity";
    const nonce = entry.template || entry.nonceHeaders.length > 0 ? createCspNonce() : "";
    const headers = entry.headers.slice();
    for (const index of entry.nonceHeaders) {
      headers[index] = (headers[index] ?? "").replaceAll(noncePlaceholder, nonce);
    }
    headers.push("vary", entry.vary);
    if (entry.etag) {
      headers.push("etag", entry.etag);
      if (etagMatches(req.headers["if-none-match"], entry.etag)) {
        send(res, 304, headers, null);
        return;
      }
    }
    let body = readyBody(entry, encoding, nonce);
    if (!body && encoding !== "identity") {
      try {
        await prepareEncoding(entry, encoding);
        body = readyBody(entry, encoding, nonce);
      } catch (error) {
        console.error("Compressing a cached answer failed; sending it uncompressed:", error);
      }
    }
    if (!body) {
      encoding = "identity";
      body = readyBody(entry, encoding, nonce) ?? entry.body;
    }
    if (encoding !== "identity") headers.push("content-encoding", encoding);
    headers.push("content-length", String(body.length));
    send(res, entry.status, headers, body);
  }

  /** Runs the request through the app with its answer held back, then keeps it if it may. */
  function capture(
    req: Request,
    res: Response,
    next: (error?: unknown) => void,
    key: string,
    kind: "plain" | "page",
  ) {
    const startedIn = generation;
    if (kind === "page") res.locals.cspNonce = noncePlaceholder;
    let resolveFlight: (entry: Entry | null) => void = () => undefined;
    const flight = new Promise<Entry | null>((resolve) => {
      resolveFlight = resolve;
    });
    let settled = false;
    const settle = (entry: Entry | null) => {
      if (settled) return;
      settled = true;
      if (inFlight.get(key) === flight) inFlight.delete(key);
      resolveFlight(entry);
    };
    inFlight.set(key, flight);
    // When the client goes away, some answers are never finished (a page stops rendering):
    // the requests waiting for this one then make their own.
    res.once("close", () => settle(null));

    holdBack(res, (status, body) => {
      const previous = entries.get(key);
      const entry =
        startedIn === generation
          ? toEntry({ key, status, res, body, placeholder: noncePlaceholder, previous })
          : null;
      if (!entry) {
        settle(null);
        sendHeldBack(res, body, noncePlaceholder);
        return;
      }
      entry.expiresAt = Date.now() + ttlMs;
      if (entry.bytes <= MAX_ENTRY_BYTES) store(entry);
      settle(entry);
      serve(entry, req, res).catch((error: unknown) => next(error));
    });
    next();
  }

  const middleware: RequestHandler = (req, res, next) => {
    const method = req.method;
    if (method !== "GET") {
      if (!SAFE_METHODS.has(method)) clearOnSuccess(res, clear);
      return next();
    }
    const kind = classifyPath(pathOf(req.url));
    if (kind === null) return next();
    const cookie = req.headers.cookie;
    if (cookie && hasSessionCookie?.(cookie)) return next();

    const key = cacheKey(req);
    const entry = entries.get(key);
    if (entry && entry.expiresAt > Date.now()) {
      serve(entry, req, res).catch(next);
      return;
    }
    const flight = inFlight.get(key);
    if (flight) {
      flight.then((shared) => (shared ? serve(shared, req, res) : next())).catch(next);
      return;
    }
    capture(req, res, next, key, kind);
  };

  return { middleware, clear, noncePlaceholder };
}

/**
 * The request's address as the client and any proxy gave it. Pages build absolute URLs from
 * the protocol and host, so answers for different hosts are kept apart.
 */
function cacheKey(req: Request): string {
  const h = req.headers;
  return `${h["x-forwarded-proto"] ?? ""} ${h["x-forwarded-host"] ?? ""} ${h.host ?? ""} ${req.url}`;
}

function pathOf(url: string): string {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

/** Empties the cache as soon as a write's response starts with a success status. */
function clearOnSuccess(res: Response, clear: () => void) {
  const writeHead = res.writeHead;
  res.writeHead = function writeHeadAfterWrite(this: Response, ...args: unknown[]) {
    res.writeHead = writeHead;
    const status = typeof args[0] === "number" ? args[0] : this.statusCode;
    if (status < 400) clear();
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as typeof res.writeHead;
}

/** Writes a whole response in one go, replacing any header set on `res` before. */
function send(res: Response, status: number, headers: string[], body: Buffer | null) {
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  res.writeHead(status, headers);
  res.end(body ?? undefined);
}

/**
 * An answer that is not kept goes out as the app made it, except that a page rendered with the
 * placeholder gets a real nonce: the placeholder never leaves the process.
 */
function sendHeldBack(res: Response, body: Buffer, placeholder: string) {
  const template = NonceTemplate.parse(body, placeholder);
  const nonce = createCspNonce();
  for (const name of res.getHeaderNames()) {
    const value = res.getHeader(name);
    if (typeof value === "string" && value.includes(placeholder)) {
      res.setHeader(name, value.replaceAll(placeholder, nonce));
    }
  }
  if (res.hasHeader("content-length")) res.setHeader("Content-Length", body.length);
  res.end(template ? template.render(nonce) : body);
}

/**
 * Takes over res.write, res.end and res.writeHead until the app has finished its answer, then
 * calls `done` with its status and body; the headers stay on `res`. Nothing reaches the client
 * in the meantime.
 */
function holdBack(res: Response, done: (status: number, body: Buffer) => void) {
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
    done(res.statusCode, Buffer.concat(chunks));
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
 * The answer as a cache entry, or null when it must not be kept: another status than
 * CACHEABLE_STATUSES, a Set-Cookie (a response for one client), a body already encoded, or a
 * real nonce in a header (an answer made for one response only).
 * When the body is the same as the previous entry's, its validator and compressed forms carry
 * over, so an answer that did not change is never hashed or compressed again.
 */
function toEntry({
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
  previous: Entry | undefined;
}): Entry | null {
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
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const ours = etag.replace(/^W\//, "");
  for (const candidate of header.split(",")) {
    const tag = candidate.trim();
    if (tag === "*" || tag.replace(/^W\//, "") === ours) return true;
  }
  return false;
}
