import { readdirSync } from "node:fs";
import { constants as zlibConstants } from "node:zlib";
import compression from "compression";
import express, { type Express, type RequestHandler } from "express";
import helmet from "helmet";
import type { Logger } from "pino";
import { authRouter } from "./api/auth/auth.router.ts";
import { apiRouter } from "./api/index.ts";
import { apiErrorHandler } from "./api/middleware/error-handler.ts";
import { sameOriginWrites } from "./api/middleware/same-origin.ts";
import { subscriberLinksRouter } from "./api/newsletter/subscriber-links.router.ts";
import { CLIENT_ADDRESS_HEADER, hasSessionCookie } from "./auth/auth.server.ts";
import type { ServerContext } from "./context.server.ts";
import type { DatabaseHandle } from "./db/db.server.ts";
import { HttpError, RETRY_AFTER_SECONDS } from "./errors.ts";
import { limitRequestBodies, quietAfterRefusedBody } from "./http/body-limits.server.ts";
import { classifyPath } from "./http/cacheable-paths.server.ts";
import { contentSecurityPolicy } from "./http/content-security-policy.server.ts";
import { fixedHeaders } from "./http/fixed-headers.server.ts";
import { forgetContentOnWrite } from "./http/forget-on-write.server.ts";
import { pageMethods, refuseUnservedMethods } from "./http/methods.server.ts";
import { createMetrics, trackRouteMounts } from "./http/metrics.server.ts";
import { previewLinkHeaders } from "./http/preview-headers.server.ts";
import { databaseReadiness, type ReadinessCheck, readiness } from "./http/readiness.server.ts";
import { requestLog } from "./http/request-log.server.ts";
import { createResponseCache } from "./http/response-cache.server.ts";
import { uploadsRoute } from "./http/uploads-route.server.ts";
import { watchRememberedReads } from "./services/content-memo.server.ts";

/**
 * How long an anonymous answer is reused: it bounds how late a scheduled post appears and how
 * long another server process on the same database shows what this one no longer would.
 */
export const RESPONSE_CACHE_TTL_MS = 1000;

/** Build files never change under the same name; this only bounds how long memory is held. */
const BUILD_FILE_CACHE_TTL_MS = 24 * 60 * 60 * 1000;
/** The build's browser files, with their brotli and gzip forms, are about 4 MB in all. */
const BUILD_FILE_CACHE_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Compression of answers the response cache does not hold (staff, writes, pages never kept), as
 * they stream out: brotli 0 or gzip 1 (cheap; see cache-entry.server.ts), nothing under 1 KB.
 */
const compressUnheld = compression({
  threshold: 1024,
  level: 1,
  brotli: {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: 0,
      // A 256 KB window: each stream's memory stays small while many are open at once.
      [zlibConstants.BROTLI_PARAM_LGWIN]: 18,
    },
  },
});

export type CreateAppOptions = {
  /** The database's handle (health, readiness, metrics); `context.db` is its Kysely instance. */
  handle: DatabaseHandle;
  /** What the API, the access checks and /uploads answer with (create-context.server.ts). */
  context: ServerContext;
  /** Serves the pages (React Router); absent in API-only tests. */
  pages?: RequestHandler;
  /** The built browser assets, served in production. */
  clientDir?: string;
  /** Development: Vite's middleware, which also means a relaxed CSP for hot reload. */
  devMiddleware?: RequestHandler;
  /** Lifetime of the response cache in milliseconds; 0 turns it off. Off in development. */
  responseCacheTtlMs?: number;
  /** The clock the response cache counts lifetimes by (milliseconds, as Date.now). */
  responseCacheClock?: () => number;
  /** Logs one line per request through this logger; absent, requests are not logged. */
  requestLogger?: Logger;
  /** What /readyz checks besides the database (object storage, ...). */
  readinessChecks?: readonly ReadinessCheck[];
  /** True once shutdown has begun: /readyz then answers 503. */
  isStopping?: () => boolean;
};

/**
 * Builds the Express app: request log and metrics, headers, /healthz, /readyz, /metrics,
 * /uploads, /api, then the pages. It does not listen.
 */
export function createApp(options: CreateAppOptions) {
  const { context, pages } = options;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", context.config.trustProxy);
  // Express would hash every body for an ETag; API answers are no-store, and the response
  // cache gives the answers it keeps a validator once instead of per request.
  app.set("etag", false);

  const metrics = observeRequests(app, options);
  // Before anything reads or answers a request: a body over its limit is refused unread, and a
  // method no address answers (TRACE, PROPFIND, ...) is 501.
  app.use(limitRequestBodies);
  app.use(refuseUnservedMethods);
  // A successful write forgets what the page loaders remember of the content, cache or not.
  app.use(forgetContentOnWrite);

  const caching = cacheAndCompress(app, options, metrics);
  secureAnswers(app, options);
  healthRoutes(app, options, metrics);
  apiRoutes(app, context);
  uploadRoutes(app, context);
  buildFileRoutes(app, options, caching);
  app.use(pageMethods);
  // The pages' forms, as every write under /api: another site's post is refused (403) here,
  // before React Router, whose own check would log it as an error.
  app.use(sameOriginWrites(context.config.siteUrl));
  app.use(previewLinkHeaders);
  if (pages) app.use(pages);
  app.use(quietAfterRefusedBody);
  return app;
}

type Metrics = ReturnType<typeof createMetrics>;

/** Logs and counts every answer; answers the metrics, or null without METRICS_TOKEN. */
function observeRequests(
  app: Express,
  { context: { config }, handle, requestLogger }: CreateAppOptions,
): Metrics | null {
  // First of all, so that every answer is logged and counted, the refused and the cached ones
  // too; each request gets its id (X-Request-Id) here. Metrics exist only with METRICS_TOKEN.
  const metrics = config.metricsToken
    ? createMetrics({ token: config.metricsToken, handle })
    : null;
  if (requestLogger) app.use(requestLog(requestLogger));
  if (metrics) {
    trackRouteMounts(app.request);
    app.use(metrics.observeRequests);
  }
  return metrics;
}

/**
 * The response cache (outside development) and the compression of what it does not hold.
 * Answers whether the cache keeps answers at all (a lifetime above 0).
 */
function cacheAndCompress(
  app: Express,
  {
    clientDir,
    devMiddleware,
    responseCacheTtlMs = RESPONSE_CACHE_TTL_MS,
    responseCacheClock,
  }: CreateAppOptions,
  metrics: Metrics | null,
): boolean {
  const caching = !devMiddleware && responseCacheTtlMs > 0;
  // First, so that a cached answer costs no more than a lookup (README: "Response cache").
  // Turned off (a lifetime of 0), it still compresses the answers it would keep, each at once.
  if (!devMiddleware) {
    const staticRoots = new Set(clientDir ? readdirSync(clientDir) : []);
    const cache = createResponseCache({
      ttlMs: responseCacheTtlMs,
      classifyPath: (pathname) => classifyPath(pathname, staticRoots),
      hasSessionCookie,
      sharedCacheSeconds: Math.floor(responseCacheTtlMs / 1000),
      now: responseCacheClock,
      // A page made from the content memo's answers lives a lifetime from their read.
      watchReads: watchRememberedReads,
      countLookup: metrics?.countCacheLookup,
    });
    app.use(cache.middleware);
  }
  // What the response cache does not hold (staff, writes, pages never kept, everything when it
  // is off) is compressed as it is sent, at levels cheap enough for every request. An answer it
  // holds skips the middleware altogether: it would wrap the response's methods for nothing.
  app.use((req, res, next) =>
    res.locals.heldByResponseCache === true ? next() : compressUnheld(req, res, next),
  );
  return caching;
}

/** The client's address for sign-in, helmet's headers and the Content-Security-Policy. */
function secureAnswers(app: Express, { context: { config }, devMiddleware }: CreateAppOptions) {
  app.use((req, _res, next) => {
    // The client's address as TRUST_PROXY allows it to be known, replacing anything the client
    // sent under that name; sign-in limits and session records read it (auth.server.ts).
    req.headers[CLIENT_ADDRESS_HEADER] = req.ip ?? "unknown";
    next();
  });
  // helmet's headers are the same for every answer: worked out once, then copied onto each.
  app.use(
    fixedHeaders(
      helmet({
        contentSecurityPolicy: false,
        strictTransportSecurity: config.siteUrl.startsWith("https:"),
        // Not "no-referrer": under it a browser sends `Origin: null` with a plain form POST, and
        // the sign-in and invitation forms must work without JavaScript. Other sites still learn
        // nothing.
        referrerPolicy: { policy: "same-origin" },
      }),
    ),
  );
  // Outside development: scripts from the site only, and on a page its own inline scripts by
  // hash (server/http/content-security-policy.server.ts). Vite's hot reload needs inline code.
  if (!devMiddleware) {
    app.use(
      contentSecurityPolicy({
        https: config.siteUrl.startsWith("https:"),
        // The light YouTube embeds' pictures (docs/decisions/041-embed-cards.md).
        imageOrigins: [new URL(config.youtube.imageBaseUrl).origin],
      }),
    );
  }
}

/** /healthz (the database answers), /readyz (the process may take traffic), /metrics. */
function healthRoutes(
  app: Express,
  { handle, readinessChecks = [], isStopping = () => false }: CreateAppOptions,
  metrics: Metrics | null,
) {
  app.get("/healthz", async (_req, res) => {
    const ok = await handle.ping();
    res.set("Cache-Control", "no-store");
    if (!ok) res.set("Retry-After", String(RETRY_AFTER_SECONDS.database));
    res.status(ok ? 200 : 503).json(ok ? { status: "ok" } : { status: "unavailable" });
  });
  app.get(
    "/readyz",
    readiness({ checks: [databaseReadiness(handle), ...readinessChecks], isStopping }),
  );
  if (metrics) app.get("/metrics", metrics.serve);
}

/** /api (sign-in first, then the routers) and the mailed subscriber links outside it. */
function apiRoutes(app: Express, context: ServerContext) {
  const { config } = context;
  app.use("/api", sameOriginWrites(config.siteUrl));
  // Ahead of apiRouter's JSON body parser: better-auth takes the body as it came (JSON or form).
  app.use("/api", authRouter(context));
  app.use("/api", apiRouter(context));
  // The mailed subscriber links' POSTs (one-click unsubscribe, confirmation), outside /api and
  // its origin check: a mail program sends no Origin (decision 027).
  app.use(subscriberLinksRouter(context));
}

/** /uploads/{name}, its faults answered as JSON. */
function uploadRoutes(app: Express, context: ServerContext) {
  const { config } = context;
  app.use(
    "/uploads",
    ...uploadsRoute(config, context.uploads),
    (
      error: { status?: number; headers?: Record<string, string> },
      req: express.Request,
      res: express.Response,
      next: express.NextFunction,
    ) => {
      // Storage that cannot be reached (a bucket that does not answer) is 503, logged once.
      if (error instanceof HttpError && error.status >= 500) {
        return apiErrorHandler(error, req, res, next);
      }
      // A range past the end of the file: 416 with the file's size in Content-Range.
      if (error.status === 416) {
        res
          .set(error.headers ?? {})
          .status(416)
          .json({ message: "No such range in the file." });
        return;
      }
      const status = error.status === 403 ? 403 : 404;
      res.status(status).json({ message: status === 404 ? "No such file." : "Not allowed." });
    },
  );
}

/** Development's middleware, or the build's browser files: its assets, its top-level files. */
function buildFileRoutes(
  app: Express,
  { clientDir, devMiddleware }: CreateAppOptions,
  caching: boolean,
) {
  if (devMiddleware) app.use(devMiddleware);
  if (clientDir) {
    // Fingerprinted build assets never change under the same name. Each is read and compressed
    // once, then served from memory to everyone.
    const buildFiles = caching
      ? [
          createResponseCache({
            ttlMs: BUILD_FILE_CACHE_TTL_MS,
            classifyPath: () => "plain",
            maxBytes: BUILD_FILE_CACHE_MAX_BYTES,
          }),
        ]
      : [];
    app.use(
      "/assets",
      ...buildFiles.map((cache) => cache.middleware),
      express.static(`${clientDir}/assets`, { immutable: true, maxAge: "1y" }),
    );
    // Only for the client folder's own top-level names (favicon.svg, …): looking every page
    // address up on disk first (a stat and a path resolution per page view) found nothing.
    const clientRoots = new Set(readdirSync(clientDir));
    const clientFiles = express.static(clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) =>
      clientRoots.has(req.path.split("/", 2)[1] ?? "") ? clientFiles(req, res, next) : next(),
    );
  }
}
