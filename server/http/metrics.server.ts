import { createHash, timingSafeEqual } from "node:crypto";
import { createRequire } from "node:module";
import type { Request, RequestHandler } from "express";
import type { Registry } from "prom-client";
import type { DatabaseHandle } from "#server/db/db.server.ts";
import { countScheduledPosts } from "#server/services/publishing-queue.server.ts";

// The server's metrics in Prometheus's text format, at /metrics for a scraper that presents
// METRICS_TOKEN as a bearer token (docs/operations.md, "Logs and metrics", says what each one
// means). Only built when the token is set: without it nothing is counted at all.

/** Request durations in seconds: a cached answer takes well under a millisecond. */
const DURATION_BUCKETS = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10,
];

export type Metrics = {
  /** Counts every request and its duration, by route and status, once it is answered. */
  observeRequests: RequestHandler;
  /** The response cache's hits and misses. */
  countCacheLookup: (outcome: "hit" | "miss") => void;
  /** GET /metrics: 401 without the right bearer token, else the metrics. */
  serve: RequestHandler;
};

/** Where the route that answered was mounted (req.baseUrl then), kept by trackRouteMounts. */
const ROUTE_BASE = Symbol("routeBase");
type TrackedRequest = Request & { [ROUTE_BASE]?: string };

/**
 * Keeps, for each request of this app, the mount path of the route that matched it, taken as
 * the router hands the request to the route: by the time the answer is finished a router that
 * passed an error on has restored req.baseUrl (a 404 from `/api/posts/slug/:slug` would read
 * as `/api/slug/:slug`). `appRequest` is the app's request prototype (`app.request`).
 */
export function trackRouteMounts(appRequest: object) {
  const value = Symbol("route");
  Object.defineProperty(appRequest, "route", {
    configurable: true,
    get(this: Record<symbol, unknown>) {
      return this[value];
    },
    set(this: TrackedRequest & Record<symbol, unknown>, route: unknown) {
      this[value] = route;
      this[ROUTE_BASE] = this.baseUrl;
    },
  });
}

/**
 * The route label: the Express route pattern that answered (`/api/posts/:id`), or for answers
 * without one a name for the kind of address ("api", "uploads", "assets", "page"). Never the
 * address itself, so the number of label values stays bounded whatever is requested.
 */
export function routeLabel(req: Request): string {
  const route = req.route as { path?: unknown } | undefined;
  if (route && typeof route.path === "string") {
    return `${(req as TrackedRequest)[ROUTE_BASE] ?? req.baseUrl}${route.path}`;
  }
  const url = req.originalUrl;
  if (url.startsWith("/api/")) return "api";
  if (url.startsWith("/uploads/")) return "uploads";
  if (url.startsWith("/assets/")) return "assets";
  return "page";
}

/**
 * `Bearer <token>` in the Authorization header, the scheme in any case (RFC 9110 section 11.1:
 * schemes are case-insensitive), one or more spaces before the token.
 */
const BEARER = /^bearer +(\S+)$/i;

/** True when the Authorization header is `Bearer <token>`, compared in constant time. */
export function hasBearerToken(header: string | undefined, token: string): boolean {
  const given = header === undefined ? undefined : BEARER.exec(header)?.[1];
  if (given === undefined) return false;
  const givenHash = createHash("sha256").update(given).digest();
  const expected = createHash("sha256").update(token).digest();
  return timingSafeEqual(givenHash, expected);
}

type PromClient = typeof import("prom-client");

export function createMetrics({
  token,
  handle,
}: {
  token: string;
  handle: DatabaseHandle;
}): Metrics {
  // prom-client is loaded here, when metrics are on (METRICS_TOKEN), not with the module: a
  // server without metrics never holds it (about 5 MB of memory at rest).
  const prom = createRequire(import.meta.url)("prom-client") as PromClient;
  const registry = new prom.Registry();
  prom.collectDefaultMetrics({ register: registry });
  const counted = requestMetrics(prom, registry);
  if (handle.poolUse) poolGauges(prom, registry, handle.poolUse);
  scheduledPostGauges(prom, registry, handle.db);

  const serve: RequestHandler = (req, res, next) => {
    res.set("Cache-Control", "no-store");
    if (!hasBearerToken(req.headers.authorization, token)) {
      res.set("WWW-Authenticate", 'Bearer realm="metrics"');
      res.status(401).json({ message: "A valid bearer token is required." });
      return;
    }
    registry.metrics().then((text) => {
      res.set("Content-Type", registry.contentType);
      res.send(text);
    }, next);
  };

  return { ...counted, serve };
}

/** The requests answered and their durations, by route and status; the response cache's lookups. */
function requestMetrics(
  { Counter, Histogram }: PromClient,
  registry: Registry,
): Omit<Metrics, "serve"> {
  const labelNames = ["route", "status"] as const;
  const requests = new Counter({
    name: "studio_http_requests_total",
    help: "Requests answered, by route and status.",
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: "studio_http_request_duration_seconds",
    help: "Time from receiving a request to the end of its answer, by route and status.",
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const cacheHits = new Counter({
    name: "studio_response_cache_hits_total",
    help: "Anonymous requests answered from the response cache.",
    registers: [registry],
  });
  const cacheMisses = new Counter({
    name: "studio_response_cache_misses_total",
    help: "Cacheable requests the response cache did not hold, answered by the app.",
    registers: [registry],
  });
  const observeRequests: RequestHandler = (req, res, next) => {
    const started = performance.now();
    res.once("finish", () => {
      const labels = { route: routeLabel(req), status: res.statusCode };
      requests.inc(labels);
      durations.observe(labels, (performance.now() - started) / 1000);
    });
    next();
  };
  return {
    observeRequests,
    countCacheLookup: (outcome) => (outcome === "hit" ? cacheHits.inc() : cacheMisses.inc()),
  };
}

/** The PostgreSQL pool's connections, read on each scrape. */
function poolGauges(
  { Gauge }: PromClient,
  registry: Registry,
  poolUse: NonNullable<DatabaseHandle["poolUse"]>,
) {
  const pool = (name: string, help: string, pick: (use: ReturnType<typeof poolUse>) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(pick(poolUse()));
      },
    });
  pool("studio_db_pool_connections_open", "PostgreSQL connections open now.", (u) => u.open);
  pool("studio_db_pool_connections_idle", "Open connections not in use.", (u) => u.idle);
  pool(
    "studio_db_pool_waiting_clients",
    "Queries waiting for a free connection.",
    (u) => u.waiting,
  );
  pool("studio_db_pool_connections_max", "The pool's connection limit.", (u) => u.max);
}

/** The publishing queue: scheduled posts waiting, and those due that the sweep has not flipped. */
function scheduledPostGauges({ Gauge }: PromClient, registry: Registry, db: DatabaseHandle["db"]) {
  // Read on each scrape, both from one query; a database that cannot answer leaves them out.
  let queue: Promise<{ waiting: number; due: number } | null> | null = null;
  const readQueue = () => {
    queue ??= countScheduledPosts(db)
      .catch(() => null)
      .finally(() => {
        queue = null;
      });
    return queue;
  };
  for (const [name, help, key] of [
    ["studio_scheduled_posts_waiting", "Posts scheduled to be published.", "waiting"],
    [
      "studio_scheduled_posts_due",
      "Scheduled posts whose time has come that the publishing sweep has not published yet.",
      "due",
    ],
  ] as const) {
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const counts = await readQueue();
        if (counts) this.set(counts[key]);
        else this.reset();
      },
    });
  }
}
