import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.server.ts";

// The uploads' storage settings: STORAGE, S3_*, PUBLIC_UPLOADS_URL.

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "studio-config-"));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const load = (env: Record<string, string | undefined>) =>
  loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: "s".repeat(32), ...env });

/** The message of the ConfigError loadConfig throws for `env`. */
function refusal(env: Record<string, string | undefined>): string {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

const S3 = { STORAGE: "s3", S3_BUCKET: "studio-uploads", S3_REGION: "eu-west-1" };

describe("loadConfig: uploads' storage", () => {
  it("keeps uploads on disk by default and when STORAGE is disk", () => {
    expect(load({}).storage).toEqual({ kind: "disk" });
    expect(load({ STORAGE: "disk" }).storage).toEqual({ kind: "disk" });
    expect(load({ STORAGE: "" }).storage).toEqual({ kind: "disk" });
    expect(load({}).publicUploadsUrl).toBeUndefined();
  });

  it("reads every S3 setting", () => {
    const config = load({
      ...S3,
      S3_ENDPOINT: "https://account.r2.cloudflarestorage.com/",
      S3_ACCESS_KEY_ID: "AKIDEXAMPLE",
      S3_SECRET_ACCESS_KEY: "secret-example",
      S3_FORCE_PATH_STYLE: "1",
      PUBLIC_UPLOADS_URL: "https://cdn.studio.example/uploads/",
    });
    expect(config.storage).toEqual({
      kind: "s3",
      bucket: "studio-uploads",
      region: "eu-west-1",
      endpoint: "https://account.r2.cloudflarestorage.com",
      credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "secret-example" },
      forcePathStyle: true,
    });
    expect(config.publicUploadsUrl).toBe("https://cdn.studio.example/uploads");
  });

  it("leaves credentials to the AWS SDK's default chain when none are given", () => {
    expect(load(S3).storage).toEqual({
      kind: "s3",
      bucket: "studio-uploads",
      region: "eu-west-1",
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
    });
  });

  it("refuses STORAGE=s3 without a bucket or a region", () => {
    expect(refusal({ STORAGE: "s3", S3_REGION: "auto" })).toContain(
      "STORAGE=s3 needs S3_BUCKET and S3_REGION",
    );
    expect(refusal({ STORAGE: "s3", S3_BUCKET: "studio-uploads" })).toContain(
      "STORAGE=s3 needs S3_BUCKET and S3_REGION",
    );
  });

  it("refuses one half of the credentials", () => {
    expect(refusal({ ...S3, S3_ACCESS_KEY_ID: "AKIDEXAMPLE" })).toContain(
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together",
    );
    expect(refusal({ ...S3, S3_SECRET_ACCESS_KEY: "secret-example" })).toContain(
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together",
    );
  });

  it("refuses S3 settings when uploads stay on disk, naming them", () => {
    expect(
      refusal({ S3_BUCKET: "studio-uploads", PUBLIC_UPLOADS_URL: "https://cdn.example" }),
    ).toBe(`Invalid configuration:
  S3_BUCKET, PUBLIC_UPLOADS_URL: only used with STORAGE=s3 (STORAGE is disk)`);
  });

  it("refuses values that cannot work, naming the variable", () => {
    expect(refusal({ STORAGE: "gcs" })).toMatch(/^Invalid configuration:\n {2}STORAGE: /);
    expect(refusal({ ...S3, S3_ENDPOINT: "minio:9000" })).toMatch(/\n {2}S3_ENDPOINT: /);
    expect(refusal({ ...S3, S3_FORCE_PATH_STYLE: "yes" })).toMatch(/\n {2}S3_FORCE_PATH_STYLE: /);
    expect(refusal({ ...S3, S3_BUCKET: "ab" })).toMatch(/\n {2}S3_BUCKET: /);
    // Pages allow images from https origins only (the Content-Security-Policy's img-src).
    expect(refusal({ ...S3, PUBLIC_UPLOADS_URL: "http://cdn.example" })).toMatch(
      /\n {2}PUBLIC_UPLOADS_URL: /,
    );
  });
});
