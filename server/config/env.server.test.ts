import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError, loadBackupKey, loadConfig } from "./env.server.ts";

const SECRET = "s".repeat(32);

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "studio-config-"));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** loadConfig with a throw-away data folder, so no test writes into ./data. */
const load = (env: Record<string, string | undefined> = {}) =>
  loadConfig({ DATA_DIR: dataDir, ...env });

/** The ConfigError loadConfig throws for `env`. */
function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe("loadConfig", () => {
  it("fills in the documented defaults", () => {
    const config = loadConfig({ SESSION_SECRET: SECRET });
    expect(config).toEqual({
      port: 3000,
      host: "0.0.0.0",
      dataDir: path.resolve("./data"),
      databaseUrl: undefined,
      databaseTimeouts: { connectMs: 5000, statementMs: 15_000 },
      siteUrl: "http://localhost:3000",
      adminEmail: undefined,
      adminPassword: undefined,
      seedDemo: true,
      sessionSecret: SECRET,
      trustProxy: 0,
      responseCacheTtlMs: 1000,
      logLevel: "info",
      metricsToken: undefined,
      mail: {
        smtpUrl: undefined,
        from: '"Override Studios" <no-reply@localhost>',
        fromAddress: "no-reply@localhost",
        doubleOptIn: true,
        ratePerMinute: 600,
        retryMs: 60_000,
        events: { secret: undefined, mailgunSigningKey: undefined },
      },
      youtube: { baseUrl: "https://www.youtube.com", imageBaseUrl: "https://i.ytimg.com" },
      siteDefaults: {
        companyName: "Override Studios",
        tagline: "Marketplace creators",
        communityInviteUrl: expect.stringMatching(/^https:\/\//),
        videoChannelUrl: expect.stringMatching(/^https:\/\//),
        marketplaceCreatorUrl: expect.stringMatching(/^https:\/\//),
        externalEditorUrl: expect.stringMatching(/^https:\/\//),
        petitionUrl: expect.stringMatching(/^https:\/\//),
        defaultSocialImage: "",
        footerLinks: [],
      },
      storage: { kind: "disk" },
      publicUploadsUrl: undefined,
      webhooks: { allowPrivateAddresses: false },
    });
  });

  it("lets webhooks reach private addresses only with WEBHOOKS_ALLOW_PRIVATE_ADDRESSES=1", () => {
    const allowed = loadConfig({ SESSION_SECRET: SECRET, WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: "1" });
    expect(allowed.webhooks.allowPrivateAddresses).toBe(true);
    expect(() =>
      loadConfig({ SESSION_SECRET: SECRET, WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: "yes" }),
    ).toThrow(/WEBHOOKS_ALLOW_PRIVATE_ADDRESSES/);
  });

  it("reads every variable it is given", () => {
    const config = load({
      PORT: "8080",
      HOST: "127.0.0.1",
      DATABASE_URL: "postgresql://user@db.example:5432/studio",
      DATABASE_CONNECT_TIMEOUT_MS: "2500",
      DATABASE_STATEMENT_TIMEOUT_MS: "60000",
      SITE_URL: "https://studio.example",
      ADMIN_EMAIL: "Owner@Studio.Example",
      ADMIN_PASSWORD: "correct horse",
      SEED_DEMO: "0",
      SESSION_SECRET: SECRET,
      TRUST_PROXY: "2",
      RESPONSE_CACHE_TTL_MS: "0",
      COMPANY_NAME: "Blocky Co",
      SITE_TAGLINE: "Blocks, built",
      PETITION_URL: "https://petition.example/p",
      DEFAULT_SOCIAL_IMAGE: "https://images.example/share.png",
      LOG_LEVEL: "warn",
      METRICS_TOKEN: "a-scraper-token-of-some-length",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      dataDir,
      databaseUrl: "postgresql://user@db.example:5432/studio",
      databaseTimeouts: { connectMs: 2500, statementMs: 60_000 },
      siteUrl: "https://studio.example",
      adminEmail: "owner@studio.example",
      adminPassword: "correct horse",
      seedDemo: false,
      sessionSecret: SECRET,
      trustProxy: 2,
      responseCacheTtlMs: 0,
      siteDefaults: {
        companyName: "Blocky Co",
        tagline: "Blocks, built",
        petitionUrl: "https://petition.example/p",
        defaultSocialImage: "https://images.example/share.png",
      },
      logLevel: "warn",
      metricsToken: "a-scraper-token-of-some-length",
    });
  });

  it("derives SITE_URL from PORT when it is not set", () => {
    expect(load({ PORT: "4321", SESSION_SECRET: SECRET }).siteUrl).toBe("http://localhost:4321");
  });

  it("trims trailing slashes from SITE_URL", () => {
    expect(load({ SITE_URL: "https://studio.example/", SESSION_SECRET: SECRET }).siteUrl).toBe(
      "https://studio.example",
    );
    expect(
      load({ SITE_URL: "https://studio.example/site//", SESSION_SECRET: SECRET }).siteUrl,
    ).toBe("https://studio.example/site");
  });

  it("reads YouTube's endpoints without trailing slashes", () => {
    const config = load({
      SESSION_SECRET: SECRET,
      YOUTUBE_BASE_URL: "http://127.0.0.1:9000/",
      YOUTUBE_IMAGE_BASE_URL: "https://images.example/yt//",
    });
    expect(config.youtube).toEqual({
      baseUrl: "http://127.0.0.1:9000",
      imageBaseUrl: "https://images.example/yt",
    });
    expect(Object.isFrozen(config.youtube)).toBe(true);
  });

  it("treats empty values as not set", () => {
    const config = load({ PORT: "", SITE_URL: "", SEED_DEMO: "", SESSION_SECRET: SECRET });
    expect(config.port).toBe(3000);
    expect(config.siteUrl).toBe("http://localhost:3000");
    expect(config.seedDemo).toBe(true);
  });

  it("answers a frozen object", () => {
    const config = load({ SESSION_SECRET: SECRET });
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.siteDefaults)).toBe(true);
  });

  it("ignores variables it does not know", () => {
    expect(() => load({ SESSION_SECRET: SECRET, SOMETHING_ELSE: "x" })).not.toThrow();
  });

  describe("invalid values", () => {
    const cases: [string, Record<string, string>][] = [
      ["PORT", { PORT: "abc" }],
      ["PORT", { PORT: "70000" }],
      ["PORT", { PORT: "-1" }],
      ["PORT", { PORT: "80.5" }],
      ["DATABASE_URL", { DATABASE_URL: "mysql://x" }],
      ["DATABASE_CONNECT_TIMEOUT_MS", { DATABASE_CONNECT_TIMEOUT_MS: "soon" }],
      ["DATABASE_CONNECT_TIMEOUT_MS", { DATABASE_CONNECT_TIMEOUT_MS: "0" }],
      ["DATABASE_STATEMENT_TIMEOUT_MS", { DATABASE_STATEMENT_TIMEOUT_MS: "1.5" }],
      ["SITE_URL", { SITE_URL: "notaurl" }],
      ["SITE_URL", { SITE_URL: "ftp://studio.example" }],
      ["ADMIN_EMAIL", { ADMIN_EMAIL: "bad", ADMIN_PASSWORD: "long enough" }],
      ["ADMIN_PASSWORD", { ADMIN_EMAIL: "owner@studio.example", ADMIN_PASSWORD: "short" }],
      ["SEED_DEMO", { SEED_DEMO: "2" }],
      ["SEED_DEMO", { SEED_DEMO: "yes" }],
      ["SESSION_SECRET", { SESSION_SECRET: "too-short" }],
      ["TRUST_PROXY", { TRUST_PROXY: "many" }],
      ["COMMUNITY_INVITE_URL", { COMMUNITY_INVITE_URL: "discord" }],
      // The site settings' defaults follow the Settings form's rules: https links only.
      ["COMMUNITY_INVITE_URL", { COMMUNITY_INVITE_URL: "http://discord.gg/studio" }],
      ["PETITION_URL", { PETITION_URL: "javascript:alert(1)" }],
      ["COMPANY_NAME", { COMPANY_NAME: "x".repeat(81) }],
      ["SITE_TAGLINE", { SITE_TAGLINE: "x".repeat(121) }],
      ["DEFAULT_SOCIAL_IMAGE", { DEFAULT_SOCIAL_IMAGE: "share.png" }],
      ["YOUTUBE_BASE_URL", { YOUTUBE_BASE_URL: "www.youtube.com" }],
      ["YOUTUBE_BASE_URL", { YOUTUBE_BASE_URL: "file:///etc/passwd" }],
      ["YOUTUBE_IMAGE_BASE_URL", { YOUTUBE_IMAGE_BASE_URL: "ftp://i.ytimg.com" }],
      // Logs and metrics.
      ["LOG_LEVEL", { LOG_LEVEL: "verbose" }],
      ["METRICS_TOKEN", { METRICS_TOKEN: "short" }],
    ];
    for (const [variable, env] of cases) {
      it(`stops with a ConfigError naming ${variable} for ${JSON.stringify(env)}`, () => {
        const error = configError({ SESSION_SECRET: SECRET, ...env });
        expect(error.name).toBe("ConfigError");
        expect(error.message).toContain(variable);
      });
    }

    it("names ADMIN_EMAIL and ADMIN_PASSWORD when only one of them is set", () => {
      for (const env of [
        { ADMIN_EMAIL: "owner@studio.example" },
        { ADMIN_PASSWORD: "long enough" },
      ]) {
        const error = configError({ SESSION_SECRET: SECRET, ...env });
        expect(error.message).toContain("ADMIN_EMAIL");
        expect(error.message).toContain("ADMIN_PASSWORD");
      }
    });

    it("names every invalid variable at once", () => {
      const error = configError({ PORT: "abc", SEED_DEMO: "2", SITE_URL: "notaurl" });
      for (const variable of ["PORT", "SEED_DEMO", "SITE_URL"]) {
        expect(error.message).toContain(variable);
      }
    });

    it("never repeats a secret in the message", () => {
      const error = configError({
        ADMIN_EMAIL: "owner@studio.example",
        ADMIN_PASSWORD: "hunter2",
        SESSION_SECRET: "my-short-secret",
      });
      expect(error.message).not.toContain("hunter2");
      expect(error.message).not.toContain("my-short-secret");
    });
  });

  describe("SESSION_SECRET", () => {
    const secretFile = () => path.join(dataDir, "session-secret");

    it("is generated once into DATA_DIR/session-secret and reused on the next load", () => {
      const first = load().sessionSecret;
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(readFileSync(secretFile(), "utf8").trim()).toBe(first);
      expect(statSync(secretFile()).mode & 0o077).toBe(0);
      // Written under a name of its own and linked into place; nothing else is left behind.
      expect(readdirSync(dataDir).filter((name) => name.includes("session-secret"))).toEqual([
        "session-secret",
      ]);
      expect(load().sessionSecret).toBe(first);
    });

    it("creates DATA_DIR when it does not exist yet", () => {
      const nested = path.join(dataDir, "a", "b");
      const secret = loadConfig({ DATA_DIR: nested }).sessionSecret;
      expect(readFileSync(path.join(nested, "session-secret"), "utf8").trim()).toBe(secret);
    });

    it("uses the variable when set, without writing a file", () => {
      expect(load({ SESSION_SECRET: SECRET }).sessionSecret).toBe(SECRET);
      expect(() => statSync(secretFile())).toThrow();
    });

    it("stops with a ConfigError naming SESSION_SECRET when the kept file is too short", () => {
      for (const content of ["", "\n", "short\n"]) {
        writeFileSync(secretFile(), content);
        const error = configError({});
        expect(error.message).toContain("SESSION_SECRET");
        expect(error.message).toContain(secretFile());
      }
    });
  });
});

describe("OpenID Connect settings", () => {
  const OIDC = {
    OIDC_ISSUER: "https://id.example/realms/studio/",
    OIDC_CLIENT_ID: "studio-site",
    OIDC_CLIENT_SECRET: "client-secret",
  };

  it("are off unless given, and read together when given", () => {
    expect(load({ SESSION_SECRET: SECRET }).oidc).toBeUndefined();
    expect(load({ SESSION_SECRET: SECRET, ...OIDC }).oidc).toEqual({
      issuer: "https://id.example/realms/studio",
      clientId: "studio-site",
      clientSecret: "client-secret",
    });
  });

  it.each(Object.keys(OIDC))("stop the server when only some are set (%s missing)", (missing) => {
    const error = configError({ SESSION_SECRET: SECRET, ...OIDC, [missing]: undefined });
    for (const name of Object.keys(OIDC)) expect(error.message).toContain(name);
  });

  it("name OIDC_ISSUER when it is not an http(s) URL", () => {
    const error = configError({ SESSION_SECRET: SECRET, ...OIDC, OIDC_ISSUER: "id.example" });
    expect(error.message).toContain("OIDC_ISSUER");
  });
});

describe("loadBackupKey", () => {
  const key = Buffer.from(Array.from({ length: 32 }, (_, i) => i * 7 + 250));

  it("reads 32 bytes as 64 hex characters, base64 or base64url, and nothing when unset", () => {
    expect(loadBackupKey({ BACKUP_KEY: key.toString("hex") })).toEqual(key);
    expect(loadBackupKey({ BACKUP_KEY: key.toString("hex").toUpperCase() })).toEqual(key);
    expect(loadBackupKey({ BACKUP_KEY: key.toString("base64") })).toEqual(key);
    expect(loadBackupKey({ BACKUP_KEY: ` ${key.toString("base64url")}\n` })).toEqual(key);
    expect(loadBackupKey({})).toBeUndefined();
    expect(loadBackupKey({ BACKUP_KEY: "" })).toBeUndefined();
  });

  it("refuses anything else, naming the variable", () => {
    for (const BACKUP_KEY of [
      "too-short",
      key.toString("hex").slice(2),
      `${key.toString("hex")}00`,
      key.subarray(0, 16).toString("base64"),
      Buffer.concat([key, key]).toString("base64"),
      "z".repeat(64),
    ]) {
      expect(() => loadBackupKey({ BACKUP_KEY }), BACKUP_KEY).toThrow(
        /^Invalid configuration:\n {2}BACKUP_KEY: must be 32 bytes written as 64 hex characters or in base64/,
      );
    }
  });

  it("stops the server at start with the same message", () => {
    expect(configError({ SESSION_SECRET: SECRET, BACKUP_KEY: "too-short" }).message).toContain(
      "BACKUP_KEY: must be 32 bytes",
    );
  });
});
