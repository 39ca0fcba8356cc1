import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Express } from "express";
import { type CreateAppOptions, createApp } from "#server/app.ts";
import type { Auth, AuthDeps } from "#server/auth/auth.server.ts";
import { ensureOwnerAccount } from "#server/auth/owner.server.ts";
import type { SignInThrottleOptions } from "#server/auth/sign-in-throttle.server.ts";
import { type Config, loadConfig } from "#server/config/env.server.ts";
import type { ServerContext } from "#server/context.server.ts";
import { createServerContext, type ServerContextOptions } from "#server/create-context.server.ts";
import type { DbKind } from "#server/db/dialect.server.ts";
import { configureHttpServer } from "#server/http/http-server.server.ts";
import { QUICK_PASSWORD_HASHING } from "./quick-password-hashing.ts";
import { createTestDatabase, type TestDatabase } from "./test-database.ts";

export type TestServer = {
  url: string;
  db: TestDatabase;
  config: Config;
  /** The app's better-auth instance. */
  auth: Auth;
  /**
   * What the app answers with: its mailer, confirmation mails' queue, upload store and jobs
   * (not started) among them, as the server process makes them.
   */
  context: ServerContext;
  /** fetch() against the server; `path` starts with a slash. */
  request: (path: string, init?: RequestInit) => Promise<Response>;
  /** POSTs a JSON body. */
  postJson: (path: string, body: unknown, init?: RequestInit) => Promise<Response>;
  close: () => Promise<void>;
};

export type TestServerOptions = {
  /**
   * Lifetime of the response cache; off (0) unless a test asks for it. Tests arrange data
   * straight in the database, which the cache does not see until its answers expire.
   */
  responseCacheTtlMs?: number;
  /** The clock the response cache counts lifetimes by; a test's own makes expiry exact. */
  responseCacheClock?: () => number;
  /**
   * The sign-in limits' values, clock and wait (a test's own clock and a wait that returns at
   * once keep limit tests fast). Given, the server gets its own better-auth instance.
   */
  signInThrottle?: SignInThrottleOptions;
  /**
   * How passwords are hashed: QUICK_PASSWORD_HASHING unless given (tests/helpers/
   * quick-password-hashing.ts says why); "scrypt" for better-auth's real hash.
   */
  passwordHashing?: AuthDeps["passwordHashing"] | "scrypt";
  /** The request log, /readyz's further checks and its shutdown flag, as the server passes them. */
  app?: Pick<CreateAppOptions, "requestLogger" | "readinessChecks" | "isStopping">;
  /** A mailer or upload store of the test's own, in place of those the configuration names. */
  services?: Pick<ServerContextOptions, "mailer" | "uploads">;
  /** The clock the confirmation mails' per-address limits count by (a test's own moves time). */
  confirmationClock?: () => number;
};

/**
 * The real Express app (API, health, uploads; no pages) on a fresh database, listening on a
 * loopback port. close() stops the server and drops the database.
 */
export async function startTestServer(
  kind: DbKind,
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const db = await createTestDatabase(kind);
  let server: TestServer;
  try {
    server = await startTestServerOn(db, env, options);
  } catch (error) {
    // The caller has nothing to close: the database goes now.
    await db.destroy();
    throw error;
  }
  return {
    ...server,
    close: async () => {
      await server.close();
      await db.destroy();
    },
  };
}

/**
 * Another app instance on a database that already exists (e.g. a second server process
 * sharing one database). Like the server's start, it creates the owner's login when
 * ADMIN_EMAIL and ADMIN_PASSWORD are given. close() stops the HTTP server, the confirmation
 * mails and the mailer it made; the database stays.
 */
export async function startTestServerOn(
  db: TestDatabase,
  env: Record<string, string> = {},
  {
    responseCacheTtlMs = 0,
    responseCacheClock,
    signInThrottle,
    passwordHashing = QUICK_PASSWORD_HASHING,
    app: appOptions,
    services = {},
    confirmationClock,
  }: TestServerOptions = {},
): Promise<TestServer> {
  const config = loadConfig({ DATA_DIR: db.dataDir, SEED_DEMO: "0", ...env });
  const context = createServerContext({
    db: db.handle.db,
    config,
    ...services,
    confirmationClock,
    auth: {
      signInThrottle,
      passwordHashing: passwordHashing === "scrypt" ? undefined : passwordHashing,
    },
  });
  const { auth } = context;
  const stopServices = async () => {
    await context.confirmations.stop();
    if (!services.mailer) context.mailer.close();
  };
  let listening: Awaited<ReturnType<typeof listen>>;
  try {
    await ensureOwnerAccount({ db: db.handle.db, auth, config });
    const app = createApp({
      handle: db.handle,
      context,
      responseCacheTtlMs,
      responseCacheClock,
      ...appOptions,
    });
    listening = await listen(app);
  } catch (error) {
    await stopServices();
    throw error;
  }
  const { url, close: stopListening } = listening;
  const close = async () => {
    await stopListening();
    await stopServices();
  };
  const request = (path: string, init?: RequestInit) => fetch(url + path, init);
  return {
    url,
    db,
    config,
    auth,
    context,
    request,
    postJson: (path, body, init) =>
      request(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        ...init,
      }),
    close,
  };
}

/** Serves any Express app on a loopback port, its HTTP server set up as the server process's. */
export async function listen(app: Express): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = app.listen(0, "127.0.0.1");
  configureHttpServer(server);
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
