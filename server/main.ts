import type { Server } from "node:http";
import type { Socket } from "node:net";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import type { RequestHandler } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { createApp } from "./app.ts";
import { ensureOwnerAccount } from "./auth/owner.server.ts";
import { type Config, ConfigError, loadConfig } from "./config/env.server.ts";
import { configureLogger, createRequestLogger, logger } from "./config/logger.server.ts";
import { pageScriptsContext, type ServerContext, serverContext } from "./context.server.ts";
import { createServerContext } from "./create-context.server.ts";
import { type DatabaseHandle, openDatabase } from "./db/db.server.ts";
import { migrateToLatest } from "./db/migrate.server.ts";
import { configureHttpServer } from "./http/http-server.server.ts";
import type { ReadinessCheck } from "./http/readiness.server.ts";
import { seedDemoContent } from "./seed/seed.server.ts";
import { backfillMedia } from "./services/media-backfill.server.ts";
import { sanitizePostHtml } from "./services/sanitize-html.server.ts";
import { prepareImageVariants, removeStaleTempFiles } from "./storage/uploads.server.ts";

/** How long in-flight requests get to finish after SIGTERM before connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;

export type StartOptions = {
  /** Development: Vite's middleware and a loader for the live server build. */
  dev?: { middleware: RequestHandler; loadBuild: () => Promise<ServerBuild> };
};

/**
 * The server process: read the configuration, open and migrate the database, seed demo
 * content into an empty one, listen, and shut down cleanly on SIGTERM or SIGINT.
 * Any failure before listening is reported in one line and ends the process with code 1.
 */
export async function start({ dev }: StartOptions = {}): Promise<Server> {
  const config = readConfigOrExit();
  // JSON lines from here on (readable ones in development); the two failures above and below
  // that stop the process before it serves stay plain lines on stderr.
  await configureLogger({ level: config.logLevel, readable: Boolean(dev) });
  const handle = await openDatabaseOrExit(config);
  // The process's services, made once: everything below reaches them through this context.
  const context = createServerContext({ db: handle.db, config });
  const { auth, uploads, mailer } = context;
  if ((await ensureOwnerAccount({ db: handle.db, auth, config })) === "created") {
    logger.info(`Created the owner's login for ${config.adminEmail}.`);
  }
  if (config.seedDemo) await seedDemoContent(context);
  const leftovers = uploads.kind === "disk" ? await removeStaleTempFiles(config.dataDir) : 0;
  if (leftovers > 0) {
    logger.info(`Removed ${leftovers} unfinished upload file(s) an earlier run left behind.`);
  }

  // Set at the shutdown signal: /readyz answers 503 from then on.
  const lifecycle = { stopping: false };
  // What /readyz checks besides the database: the uploads' folder or bucket.
  const readinessChecks: ReadinessCheck[] = [{ name: "uploads", check: () => uploads.check() }];
  const pages = createRequestHandler({
    // Production hands over the build itself, not a function returning it: given a function,
    // React Router rebuilds its route tables (every route flattened, ranked and compiled) on
    // every request, to pick up a new build, which only development has.
    build: dev ? dev.loadBuild : await import("virtual:react-router/server-build"),
    mode: dev ? "development" : "production",
    getLoadContext: (_req, res) => {
      const loaderContext = new RouterContextProvider();
      loaderContext.set(serverContext, context);
      loaderContext.set(pageScriptsContext, res.locals.pageScripts ?? null);
      return loaderContext;
    },
  });
  const app = createApp({
    handle,
    context,
    pages,
    clientDir: dev ? undefined : fileURLToPath(new URL("../client", import.meta.url)),
    devMiddleware: dev?.middleware,
    responseCacheTtlMs: config.responseCacheTtlMs,
    requestLogger: createRequestLogger(),
    readinessChecks,
    isStopping: () => lifecycle.stopping,
  });

  const server = app.listen(config.port, config.host);
  configureHttpServer(server);
  await new Promise<void>((resolve) => {
    server.once("listening", resolve);
    server.once("error", (error) => {
      console.error(`Cannot listen on ${config.host}:${config.port}: ${error.message}`);
      process.exit(1);
    });
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  context.jobs.start();
  // Signal handlers first: whoever waits for this line may send SIGTERM the moment it appears.
  installShutdown(server, handle, context, lifecycle);
  logger.info(`Studio Site is serving on http://${config.host}:${port} (${handle.kind} database)`);
  logger.info(
    mailer.kind === "smtp"
      ? `E-mail goes to the SMTP server at ${mailer.location}.`
      : `No SMTP_URL is set: e-mail is written as .eml files into ${mailer.location} (the dashboard's Outbox shows them).`,
  );
  // In the background: media items for files stored before the media library (decision 040).
  backfillMedia(handle.db, uploads).then(
    (made) => {
      if (made > 0) logger.info(`Added ${made} stored image(s) to the media library.`);
    },
    (error: unknown) => {
      logger.error({ err: error }, `Media library backfill: ${describeError(error)}`);
    },
  );
  // In the background: the demo images' variants, and those of images stored before variants
  // existed, so their first visitors need not wait for them.
  prepareImageVariants(uploads).then(
    (made) => {
      if (made > 0) logger.info(`Made ${made} image variant(s) for images that had none.`);
    },
    (error: unknown) => {
      // A storage fault (a bucket that does not answer) says what the system said.
      const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
      logger.error(
        { err: error },
        `Image variants (uploads in ${uploads.location}): ${describeError(cause)}`,
      );
    },
  );
  return server;
}

function readConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function openDatabaseOrExit(config: Config): Promise<DatabaseHandle> {
  const where = config.databaseUrl
    ? `PostgreSQL at ${redactUrl(config.databaseUrl)}`
    : `SQLite in ${config.dataDir}`;
  let handle: DatabaseHandle | undefined;
  try {
    handle = openDatabase(config);
    // Stored post HTML is brought to the sanitizer's rules (decision 010) with the site's origin.
    await migrateToLatest(handle.db, {
      sanitizePostHtml: (html) => sanitizePostHtml(html, { siteUrl: config.siteUrl }),
    });
    return handle;
  } catch (error) {
    console.error(`Cannot open the database (${where}): ${describeError(error)}`);
    await handle?.close().catch(() => undefined);
    process.exit(1);
  }
}

function installShutdown(
  server: Server,
  handle: DatabaseHandle,
  { jobs }: ServerContext,
  lifecycle: { stopping: boolean },
) {
  // close() would also wait for connections with nothing left to answer: ones opened ahead of
  // time that have not sent a byte (browsers pre-connect; Node counts them busy until its
  // headers timeout), and keep-alive ones whose last request finished after the signal (they
  // stay open until the keep-alive timeout). Shutdown closes those at once.
  const connections = new Set<Socket>();
  server.on("connection", (socket) => {
    connections.add(socket);
    socket.once("close", () => connections.delete(socket));
  });
  server.on("request", (_req, res) => {
    res.once("finish", () => {
      if (lifecycle.stopping) setImmediate(() => server.closeIdleConnections());
    });
  });
  const stop = (signal: string) => {
    if (lifecycle.stopping) return;
    lifecycle.stopping = true;
    logger.info(`${signal} received: finishing requests in flight, then stopping.`);
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    for (const socket of connections) {
      if (socket.bytesRead === 0) socket.destroy();
    }
    // close() stops accepting, closes idle keep-alive connections, and calls back once
    // every request in flight has been answered.
    server.close(async () => {
      clearTimeout(force);
      // The jobs' last queries (a newsletter copy's outcome among them) must finish before the
      // database they run on closes.
      await jobs.stop();
      await handle
        .close()
        .catch((error: unknown) => logger.error({ err: error }, describeError(error)));
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparseable URL)";
  }
}

function describeError(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    return error.errors.map((e: unknown) => describeError(e)).join("; ");
  }
  if (error instanceof Error) {
    return error.message || (error as NodeJS.ErrnoException).code || error.name;
  }
  return String(error);
}
