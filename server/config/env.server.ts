import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { SiteSettings } from "#common/schemas/site-settings.ts";
import { BACKUP_VARIABLES } from "./backup-key.server.ts";
import { MAIL_VARIABLES, type MailConfig, mailConfigFrom } from "./mail-config.server.ts";
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from "./private-files.server.ts";
import { SITE_DEFAULT_VARIABLES, siteDefaultsFrom } from "./site-defaults.server.ts";

/** PostgreSQL's time limits when DATABASE_CONNECT_TIMEOUT_MS / _STATEMENT_TIMEOUT_MS are unset. */
export const DATABASE_TIMEOUT_DEFAULTS = { connectMs: 5000, statementMs: 15_000 } as const;

/**
 * Every environment variable the server reads, validated once at start-up.
 * Nothing else in the code base reads `process.env`; `.env.example` documents the same list.
 */
const EnvSchema = z.object({
  /** Port to listen on. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface to listen on. */
  HOST: z.string().min(1).default("0.0.0.0"),
  /** Folder for the SQLite database file, uploaded files and the generated session secret. */
  DATA_DIR: z.string().min(1).default("./data"),
  /** postgres://… to use PostgreSQL instead of the embedded SQLite database. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  /**
   * PostgreSQL's time limits in milliseconds: to connect (or wait for a free connection), and
   * for one statement (the client gives up a second after that when no answer comes at all).
   */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(DATABASE_TIMEOUT_DEFAULTS.connectMs),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(3_600_000)
    .default(DATABASE_TIMEOUT_DEFAULTS.statementMs),
  /** Public origin used for canonical links, share links and feeds. Defaults to http://localhost:PORT. */
  SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The owner's login, created on start when it does not exist yet. */
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
  /** 1 seeds demo content into an empty database; 0 starts empty. */
  SEED_DEMO: z.enum(["0", "1"]).default("1"),
  /** Signs sessions and links; generated once and kept in DATA_DIR when not given. */
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /**
   * An OpenID Connect provider for staff sign-in (optional; all three together). The issuer URL
   * is where `/.well-known/openid-configuration` lives; register
   * `{SITE_URL}/api/auth/callback/oidc` as the redirect URI there.
   */
  OIDC_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /**
   * How long the response cache keeps an anonymous answer, in milliseconds; 0 turns it off
   * (behind a CDN that caches pages itself, or to measure the uncached path).
   */
  RESPONSE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Number of reverse-proxy hops to trust for the client address (0 = none). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * Where YouTube is reached for the editor's video lookup: oEmbed and watch pages, and
   * thumbnails. Only for pointing tests (or a proxy) elsewhere.
   */
  YOUTUBE_BASE_URL: z.url({ protocol: /^https?$/ }).default("https://www.youtube.com"),
  YOUTUBE_IMAGE_BASE_URL: z.url({ protocol: /^https?$/ }).default("https://i.ytimg.com"),
  /** The site settings' first-start defaults: COMPANY_NAME, SITE_TAGLINE, … (site-defaults.server.ts). */
  ...SITE_DEFAULT_VARIABLES,
  /** E-mail: SMTP_URL, MAIL_FROM, NEWSLETTER_DOUBLE_OPT_IN, MAIL_RATE_PER_MINUTE (mail-config.server.ts). */
  ...MAIL_VARIABLES,

  // --- Uploads in object storage (docs/operations.md#uploads-in-object-storage) ---
  /** Where uploads are kept: `disk` (DATA_DIR/uploads) or `s3` (an S3-compatible bucket). */
  STORAGE: z.enum(["disk", "s3"]).default("disk"),
  /** The bucket and its region (any name the provider accepts; R2 takes "auto"). */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).optional(),
  /** The provider's endpoint, for R2, MinIO and other S3-compatible services (unset for AWS). */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** Both or neither: when unset, the AWS SDK's default chain (environment, profile, role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** 1: bucket in the path (endpoint/bucket/key), as MinIO needs; 0: bucket in the host name. */
  S3_FORCE_PATH_STYLE: z.enum(["0", "1"]).default("0"),
  /**
   * Where browsers fetch uploads from (a CDN, or the bucket's public address): /uploads/{name}
   * answers with a redirect there. Unset: the server sends the files itself.
   */
  PUBLIC_UPLOADS_URL: z.url({ protocol: /^https$/ }).optional(),

  // Logs and metrics (docs/operations.md, "Logs and metrics").
  /** The least severe log level written: trace, debug, info, warn, error, fatal, or silent. */
  LOG_LEVEL: z.enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"]).default("info"),
  /** Bearer token that /metrics requires; /metrics is not served at all while it is unset. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),

  /** Backups: BACKUP_KEY (backup-key.server.ts). */
  ...BACKUP_VARIABLES,
  /** 1: webhooks may reach http:// and private-network addresses (an internal receiver, tests). */
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: z.enum(["0", "1"]).default("0"),
});

export type Config = Readonly<{
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL's time limits in milliseconds. */
  databaseTimeouts: Readonly<{ connectMs: number; statementMs: number }>;
  siteUrl: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  seedDemo: boolean;
  sessionSecret: string;
  trustProxy: number;
  /** The response cache's lifetime in milliseconds; 0: no response cache. */
  responseCacheTtlMs: number;
  /** The OpenID Connect provider for staff sign-in, when configured. */
  oidc: Readonly<{ issuer: string; clientId: string; clientSecret: string }> | undefined;
  /** YouTube's endpoints for the video lookup, without trailing slashes. */
  youtube: Readonly<{ baseUrl: string; imageBaseUrl: string }>;
  /**
   * The site settings used while the database has none saved (the Settings section stores the
   * whole set on its first save): read them through server/services/site-settings.server.ts,
   * never from here, so a saved change shows.
   */
  siteDefaults: SiteSettings;
  /** Where uploads are kept (server/storage/upload-store.server.ts). */
  storage: StorageConfig;
  /** The public address uploads are fetched from, without a trailing slash; unset: this server. */
  publicUploadsUrl: string | undefined;
  /** Logs and metrics: the least severe level logged, and the token /metrics asks for. */
  logLevel: LogLevel;
  metricsToken: string | undefined;
  /** How mail is sent, who it is from, double opt-in and the newsletter's pace. */
  mail: MailConfig;
  /** Webhooks: whether http:// and private-network addresses may be reached. */
  webhooks: Readonly<{ allowPrivateAddresses: boolean }>;
}>;

export type LogLevel = "trace" | "debug" | "info" | "warn" | "error" | "fatal" | "silent";

/** Uploads on disk in DATA_DIR/uploads, or in an S3-compatible bucket. */
export type StorageConfig =
  | Readonly<{ kind: "disk" }>
  | Readonly<{
      kind: "s3";
      bucket: string;
      region: string;
      endpoint: string | undefined;
      /** Unset: the AWS SDK's default credential chain. */
      credentials: Readonly<{ accessKeyId: string; secretAccessKey: string }> | undefined;
      forcePathStyle: boolean;
    }>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * Parses the environment into a frozen configuration.
 * Throws ConfigError naming every invalid variable.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as "not set", as they do in most deployment tools.
  const cleaned = Object.fromEntries(
    Object.keys(EnvSchema.shape).map((key) => [key, env[key] === "" ? undefined : env[key]]),
  );
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(
      "Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together",
    );
  }
  const oidcSet = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET].filter(Boolean).length;
  if (oidcSet !== 0 && oidcSet !== 3) {
    throw new ConfigError(
      "Invalid configuration:\n  OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together",
    );
  }
  const storage = storageConfig(e);
  const siteDefaults = siteDefaultsFrom(e);
  if ("problems" in siteDefaults) {
    throw new ConfigError(`Invalid configuration:\n  ${siteDefaults.problems.join("\n  ")}`);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const siteUrl = (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  const mail = mailConfigFrom(e, { siteUrl, companyName: siteDefaults.settings.companyName });
  if ("problems" in mail) {
    throw new ConfigError(`Invalid configuration:\n  ${mail.problems.join("\n  ")}`);
  }
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseTimeouts: Object.freeze({
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    }),
    siteUrl,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO === "1",
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    trustProxy: e.TRUST_PROXY,
    responseCacheTtlMs: e.RESPONSE_CACHE_TTL_MS,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? Object.freeze({
            issuer: e.OIDC_ISSUER.replace(/\/+$/, ""),
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
          })
        : undefined,
    youtube: Object.freeze({
      baseUrl: e.YOUTUBE_BASE_URL.replace(/\/+$/, ""),
      imageBaseUrl: e.YOUTUBE_IMAGE_BASE_URL.replace(/\/+$/, ""),
    }),
    siteDefaults: siteDefaults.settings,
    storage,
    publicUploadsUrl: e.PUBLIC_UPLOADS_URL?.replace(/\/+$/, ""),
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    mail: mail.mail,
    webhooks: Object.freeze({
      allowPrivateAddresses: e.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES === "1",
    }),
  });
}

/** The settings of where uploads are kept. */
const STORAGE_KEYS = [
  "STORAGE",
  "S3_BUCKET",
  "S3_REGION",
  "S3_ENDPOINT",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_FORCE_PATH_STYLE",
  "PUBLIC_UPLOADS_URL",
] as const;

/** The uploads' storage; throws ConfigError for a setting that cannot work. */
function storageConfig(
  e: Pick<z.infer<typeof EnvSchema>, (typeof STORAGE_KEYS)[number]>,
): StorageConfig {
  const problem = (line: string) => new ConfigError(`Invalid configuration:\n  ${line}`);
  if (e.STORAGE === "disk") {
    const s3Only = (
      [
        "S3_BUCKET",
        "S3_REGION",
        "S3_ENDPOINT",
        "S3_ACCESS_KEY_ID",
        "S3_SECRET_ACCESS_KEY",
        "PUBLIC_UPLOADS_URL",
      ] as const
    ).filter((key) => e[key] !== undefined);
    if (s3Only.length > 0) {
      throw problem(`${s3Only.join(", ")}: only used with STORAGE=s3 (STORAGE is disk)`);
    }
    return Object.freeze({ kind: "disk" });
  }
  if (!e.S3_BUCKET || !e.S3_REGION) {
    throw problem("STORAGE=s3 needs S3_BUCKET and S3_REGION");
  }
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    throw problem(
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or neither, for the AWS SDK's default credentials)",
    );
  }
  return Object.freeze({
    kind: "s3",
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ""),
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? Object.freeze({
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          })
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === "1",
  });
}

function readOrCreateSecret(dataDir: string): string {
  const file = sessionSecretFile(dataDir);
  try {
    return usableSecret(file, readFileSync(file, "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const secret = randomBytes(32).toString("base64url");
  // Written whole under a name of its own, then linked into place: another process starting at
  // the same moment sees no file or the whole secret, never a file still being written. The
  // link fails if another process linked its secret first; then that one wins.
  const temp = path.join(dataDir, `.session-secret-${randomBytes(6).toString("hex")}.tmp`);
  try {
    writeFileSync(temp, `${secret}\n`, { mode: PRIVATE_FILE_MODE, flag: "wx", flush: true });
    linkSync(temp, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return usableSecret(file, readFileSync(file, "utf8"));
  } finally {
    rmSync(temp, { force: true });
  }
}

/**
 * A kept secret that is too short (an empty file left by a crash, a hand edit) must stop the
 * server: signing sessions with it would make them forgeable.
 */
function usableSecret(file: string, content: string): string {
  const secret = content.trim();
  if (secret.length >= 32) return secret;
  throw new ConfigError(
    `Invalid configuration:\n  SESSION_SECRET: ${file} holds fewer than 32 characters; delete it to have a new secret generated, or set SESSION_SECRET`,
  );
}

/** Where the site's data lives: what the maintenance commands (backup, restore, move) need. */
export type DataLocation = Readonly<{
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where the uploads are kept (DATA_DIR/uploads or a bucket), with the same rules as loadConfig. */
  storage: StorageConfig;
}>;

/**
 * Reads only where the data is (DATA_DIR, DATABASE_URL, and the uploads' STORAGE with its S3_*
 * settings), with the same rules as loadConfig, and creates nothing: a restore into an empty
 * data folder must find it as it was (no generated session secret).
 */
export function loadDataLocation(
  env: Record<string, string | undefined> = process.env,
): DataLocation {
  const keys = ["DATA_DIR", "DATABASE_URL", ...STORAGE_KEYS] as const;
  const schema = EnvSchema.pick(
    Object.fromEntries(keys.map((key) => [key, true])) as {
      [K in (typeof keys)[number]]: true;
    },
  );
  const parsed = schema.safeParse(
    Object.fromEntries(keys.map((key) => [key, env[key] || undefined])),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  }
  return Object.freeze({
    dataDir: path.resolve(parsed.data.DATA_DIR),
    databaseUrl: parsed.data.DATABASE_URL,
    storage: storageConfig(parsed.data),
  });
}

/**
 * The key backups are encrypted and authenticated with (BACKUP_KEY), or undefined when unset.
 * Throws ConfigError when it is set but not 32 bytes in hex or base64.
 */
export function loadBackupKey(env: Record<string, string | undefined> = process.env) {
  const parsed = EnvSchema.shape.BACKUP_KEY.safeParse(env.BACKUP_KEY || undefined);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `BACKUP_KEY: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  }
  return parsed.data;
}

/** The file the generated session secret is kept in, inside the data folder. */
export function sessionSecretFile(dataDir: string): string {
  return path.join(dataDir, "session-secret");
}
