import type { Request, RequestHandler, Response } from "express";
import { logger } from "#server/config/logger.server.ts";
import {
  type CacheEntry,
  compressedForm,
  compressForOneResponse,
  etagMatches,
  isCompressible,
  readyBody,
  toEntry,
} from "./cache-entry.server.ts";
import { type CacheablePath, matchRequest } from "./cache-request.server.ts";
import { clearOnSuccess, holdBack, send } from "./cache-response.server.ts";
import { CacheStore } from "./cache-store.server.ts";
import { negotiateEncoding } from "./negotiation.server.ts";

export type ResponseCacheOptions = {
  /**
   * How long an answer is reused, in milliseconds. 0 keeps nothing: answers are then only
   * compressed, each for its own response.
   */
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
  /** At most this many bytes of answers, compressed forms and headers included (default 32 MB). */
  maxBytes?: number;
  /**
   * Pages it keeps may be kept this many seconds by shared caches downstream (a CDN):
   * `Cache-Control: public, max-age=0, s-maxage=N`. 0 (the default) adds nothing.
   */
  sharedCacheSeconds?: number;
  /** The clock lifetimes are counted by (milliseconds, as Date.now). */
  now?: () => number;
  /**
   * Runs the app for a miss, noting in `reads.ageMs` how old the oldest data it was given from a
   * memo was (server/services/content-memo.server.ts). The answer kept then lives `ttlMs` from
   * that data's read, not from the request, so nothing is shown later than `ttlMs` after it was
   * read (docs/decisions/021-cache-bound-across-processes.md). Without it, an answer lives
   * `ttlMs` from the request's start.
   */
  watchReads?: (reads: { ageMs: number }, run: () => void) => void;
  /**
   * Told of each cacheable request: "hit" when a kept answer (or another request's render of
   * the same address) answered it, "miss" when the app did. For the metrics.
   */
  countLookup?: (outcome: "hit" | "miss") => void;
};

export type ResponseCache = {
  /** Serves cached answers, captures cacheable ones, and empties the cache after any write. */
  middleware: RequestHandler;
  /** Forgets every answer at once. */
  clear: () => void;
  /** Bytes held now: bodies, compressed forms and headers. */
  readonly bytes: number;
};

/** Default byte budget of one cache: bodies, their compressed forms and headers. */
export const RESPONSE_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** A single answer above this is sent but not kept. */
const MAX_ENTRY_BYTES = 4 * 1024 * 1024;

/**
 * What a request waiting for another one's answer gets: the answer, kept; null when it is not
 * kept (the waiter runs the app itself); "gone" when the first client left before its answer
 * was complete (its render stops), and the waiters start over, one rendering for the others.
 */
type Flight = Promise<CacheEntry | null | "gone">;

/**
 * An in-process cache of whole answers to anonymous GET requests (the public read API and the
 * public pages), with a short lifetime. See README, "Response cache", for the rules. Its parts:
 * which requests it answers (cache-request), what it keeps of an answer (cache-entry), where
 * (cache-store), and how it holds back and sends responses (cache-response).
 */
export function createResponseCache(options: ResponseCacheOptions): ResponseCache {
  const cache = new CachingAnswers(options);
  return {
    middleware: (req, res, next) => cache.answer(req, res, next),
    clear: () => cache.store.clear(),
    get bytes() {
      return cache.store.bytes;
    },
  };
}

/** The response cache's middleware: its kept answers, and the misses being rendered. */
class CachingAnswers {
  readonly store: CacheStore;
  readonly #options: ResponseCacheOptions;
  readonly #now: () => number;
  /** The Cache-Control a kept page gets for shared caches downstream, if any. */
  readonly #sharedCache: string | null;
  /** Misses being rendered, by key: later requests for the same key wait for the first. */
  readonly #inFlight = new Map<string, Flight>();

  constructor(options: ResponseCacheOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.store = new CacheStore({
      maxEntries: options.maxEntries ?? 500,
      maxBytes: options.maxBytes ?? RESPONSE_CACHE_MAX_BYTES,
      now: this.#now,
    });
    this.#sharedCache =
      options.sharedCacheSeconds && options.sharedCacheSeconds > 0
        ? `public, max-age=0, s-maxage=${Math.floor(options.sharedCacheSeconds)}`
        : null;
  }

  /** Answers from a kept answer or another request's render, or lets the app answer. */
  answer(req: Request, res: Response, next: (error?: unknown) => void): void {
    const { classifyPath, hasSessionCookie, countLookup } = this.#options;
    const request = matchRequest(req, classifyPath, hasSessionCookie);
    if (request.kind === "write") clearOnSuccess(res, () => this.store.clear());
    if (request.kind === "write" || request.kind === "bypass") {
      next();
      return;
    }

    const { key } = request;
    const entry = this.store.get(key);
    if (entry && entry.expiresAt > this.#now()) {
      countLookup?.("hit");
      this.#serve(entry, req, res, false).catch(next);
      return;
    }
    const flight = this.#inFlight.get(key);
    if (flight) {
      this.#waitFor(flight, req, res, next);
      return;
    }
    countLookup?.("miss");
    this.#capture(req, res, next, key, request.kind);
  }

  /** Answers a request with another one's render of the same address, once it is done. */
  #waitFor(flight: Flight, req: Request, res: Response, next: (error?: unknown) => void) {
    const { countLookup } = this.#options;
    // When this request came, the first time it had to wait (it may wait twice, below).
    const arrivedAt: number = res.locals.responseCacheArrivedAt ?? this.#now();
    res.locals.responseCacheArrivedAt = arrivedAt;
    flight
      .then((outcome) => {
        if (outcome === "gone") {
          // Unless this client has gone too: the first to get here renders, the rest wait.
          if (!res.destroyed) this.answer(req, res, next);
        } else if (outcome && outcome.expiresAt <= arrivedAt) {
          // A render slower than the lifetime: its data was read more than a lifetime before
          // this request came. Asked again, once: the next render starts after it came.
          if (!res.destroyed) this.answer(req, res, next);
        } else if (outcome) {
          // Answered by another request's render: a hit, as a kept answer is. Asked again
          // (above), the request is counted when it is looked up again.
          countLookup?.("hit");
          return this.#serve(outcome, req, res, false);
        } else {
          countLookup?.("miss");
          next();
        }
      })
      .catch(next);
  }

  /**
   * Sends a kept answer. A miss (`firstResponse`) gets a compressed form made for it alone, at
   * cheap levels: most addresses of a long tail are asked once. A request that finds the entry
   * kept gets the entry's kept form, made once on its first demand.
   */
  async #serve(entry: CacheEntry, req: Request, res: Response, firstResponse: boolean) {
    let encoding = entry.compressible
      ? negotiateEncoding(req.headers["accept-encoding"], true)
      : "identity";
    const headers = entry.headers.slice();
    headers.push("vary", entry.vary, "etag", entry.etag);
    if (etagMatches(req.headers["if-none-match"], entry.etag)) {
      send(res, 304, headers, null);
      return;
    }
    let body = readyBody(entry, encoding);
    if (!body && encoding !== "identity") {
      try {
        body = firstResponse
          ? await compressForOneResponse(entry.body, encoding)
          : await compressedForm(entry, encoding, (bytes) =>
              this.store.countCompressed(entry, bytes),
            );
      } catch (error) {
        logger.error({ err: error }, "Compressing a cached answer failed; sending it uncompressed");
      }
    }
    if (!body) {
      encoding = "identity";
      body = entry.body;
    }
    if (encoding !== "identity") headers.push("content-encoding", encoding);
    headers.push("content-length", String(body.length));
    send(res, entry.status, headers, body);
  }

  /** Runs the request through the app with its answer held back, then keeps it if it may. */
  #capture(
    req: Request,
    res: Response,
    next: (error?: unknown) => void,
    key: string,
    kind: "plain" | "page",
  ) {
    const { ttlMs, watchReads } = this.#options;
    // The compression of answers the cache does not hold (app.ts) leaves this one alone.
    res.locals.heldByResponseCache = true;
    // Off (a lifetime of 0): nothing is kept or shared, but the answer is still compressed
    // for its response alone, at once, which costs less than compressing it as it streams.
    if (ttlMs <= 0) {
      holdBack(res, (_status, body) => {
        sendUnkept(req, res, body).catch((error: unknown) => next(error));
      });
      next();
      return;
    }
    const startedIn = this.store.generation;
    // The answer is as old as the data it is made of: read after this moment, or by a memo
    // (`reads.ageMs`) before it.
    const startedAt = this.#now();
    const reads = { ageMs: 0 };
    const settle = this.#startFlight(key, res);
    holdBack(res, (status, body) => {
      const previous = this.store.get(key);
      const entry =
        startedIn === this.store.generation ? toEntry({ key, status, res, body, previous }) : null;
      if (!entry) {
        settle(null);
        sendUnkept(req, res, body).catch((error: unknown) => next(error));
        return;
      }
      if (kind === "page" && this.#sharedCache && !res.hasHeader("cache-control")) {
        // A shared cache must not give staff (with a session cookie) what visitors get.
        entry.headers.push("cache-control", this.#sharedCache);
        entry.vary = `${entry.vary}, Cookie`;
      }
      entry.expiresAt = startedAt - reads.ageMs + ttlMs;
      if (entry.bytes <= MAX_ENTRY_BYTES) this.store.set(entry);
      settle(entry);
      this.#serve(entry, req, res, true).catch((error: unknown) => next(error));
    });
    if (watchReads) watchReads(reads, next);
    else next();
  }

  /**
   * Notes that `key` is being rendered, so requests for it meanwhile wait for this one; answers
   * how to settle their wait, once: with the kept answer, null (not kept), or "gone".
   */
  #startFlight(key: string, res: Response): (outcome: CacheEntry | null | "gone") => void {
    let resolveFlight: (outcome: CacheEntry | null | "gone") => void = () => undefined;
    const flight: Flight = new Promise((resolve) => {
      resolveFlight = resolve;
    });
    let settled = false;
    const settle = (outcome: CacheEntry | null | "gone") => {
      if (settled) return;
      settled = true;
      if (this.#inFlight.get(key) === flight) this.#inFlight.delete(key);
      resolveFlight(outcome);
    };
    this.#inFlight.set(key, flight);
    // A client that goes away stops its page's render (entry.server.tsx): no answer comes.
    res.once("close", () => settle("gone"));
    return settle;
  }
}

/**
 * An answer the cache does not keep (another status, a cookie set, data read before a write):
 * sent as the app made it, compressed for this response alone when that is worth it.
 */
async function sendUnkept(req: Request, res: Response, body: Buffer) {
  const type = String(res.getHeader("content-type") ?? "");
  const encoding =
    !res.hasHeader("content-encoding") && isCompressible(body.length, type)
      ? negotiateEncoding(req.headers["accept-encoding"], true)
      : "identity";
  let out = body;
  if (encoding !== "identity") {
    out = await compressForOneResponse(body, encoding);
    res.setHeader("Content-Encoding", encoding);
    res.vary("Accept-Encoding");
  }
  if (res.hasHeader("content-length") || encoding !== "identity") {
    res.setHeader("Content-Length", out.length);
  }
  res.end(out);
}
