import type { Request, RequestHandler, Response } from "express";
import {
  type CacheEntry,
  etagMatches,
  prepareEncoding,
  readyBody,
  toEntry,
} from "./cache-entry.server.ts";
import { type CacheablePath, matchRequest } from "./cache-request.server.ts";
import { clearOnSuccess, holdBack, send, sendHeldBack } from "./cache-response.server.ts";
import { CacheStore } from "./cache-store.server.ts";
import { negotiateEncoding } from "./negotiation.server.ts";
import { createCspNonce, createNoncePlaceholder } from "./nonce-template.server.ts";

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
  /** The clock lifetimes are counted by (milliseconds, as Date.now). */
  now?: () => number;
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

/** A single answer above this is sent but not kept. */
const MAX_ENTRY_BYTES = 8 * 1024 * 1024;

/**
 * An in-process cache of whole answers to anonymous GET requests (the public read API and the
 * public pages), with a short lifetime. See README, "Response cache", for the rules. Its parts:
 * which requests it answers (cache-request), what it keeps of an answer (cache-entry), where
 * (cache-store), and how it holds back and sends responses (cache-response).
 */
export function createResponseCache(options: ResponseCacheOptions): ResponseCache {
  const { ttlMs, classifyPath, hasSessionCookie, now = Date.now } = options;
  const store = new CacheStore({
    maxEntries: options.maxEntries ?? 500,
    maxBytes: options.maxBytes ?? 64 * 1024 * 1024,
  });
  const noncePlaceholder = createNoncePlaceholder();
  /** Misses being rendered, by key: later requests for the same key wait for the first. */
  const inFlight = new Map<string, Promise<CacheEntry | null>>();
  const clear = () => store.clear();

  async function serve(entry: CacheEntry, req: Request, res: Response) {
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
        await prepareEncoding(entry, encoding, (bytes) => store.countCompressed(entry, bytes));
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
    const startedIn = store.generation;
    if (kind === "page") res.locals.cspNonce = noncePlaceholder;
    let resolveFlight: (entry: CacheEntry | null) => void = () => undefined;
    const flight = new Promise<CacheEntry | null>((resolve) => {
      resolveFlight = resolve;
    });
    let settled = false;
    const settle = (entry: CacheEntry | null) => {
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
      const previous = store.get(key);
      const entry =
        startedIn === store.generation
          ? toEntry({ key, status, res, body, placeholder: noncePlaceholder, previous })
          : null;
      if (!entry) {
        settle(null);
        sendHeldBack(res, body, noncePlaceholder);
        return;
      }
      entry.expiresAt = now() + ttlMs;
      if (entry.bytes <= MAX_ENTRY_BYTES) store.set(entry);
      settle(entry);
      serve(entry, req, res).catch((error: unknown) => next(error));
    });
    next();
  }

  const middleware: RequestHandler = (req, res, next) => {
    const request = matchRequest(req, classifyPath, hasSessionCookie);
    if (request.kind === "write") clearOnSuccess(res, clear);
    if (request.kind === "write" || request.kind === "bypass") return next();

    const { key } = request;
    const entry = store.get(key);
    if (entry && entry.expiresAt > now()) {
      serve(entry, req, res).catch(next);
      return;
    }
    const flight = inFlight.get(key);
    if (flight) {
      flight.then((shared) => (shared ? serve(shared, req, res) : next())).catch(next);
      return;
    }
    capture(req, res, next, key, request.kind);
  };

  return { middleware, clear, noncePlaceholder };
}
