import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadsDir } from "#server/storage/disk-store.server.ts";
import { UPLOAD_CACHE_CONTROL } from "#server/storage/upload-store.server.ts";
import { startS3Server, type TestS3Server } from "#tests/helpers/s3-server.ts";

// `npm run uploads:to-s3` as an operator runs it: a process that copies DATA_DIR/uploads into
// the bucket, skips what the bucket already holds with the same bytes, and can run again.

const run = promisify(execFile);

/** Runs the command with only `env` (and PATH); answers its exit code and output. */
async function copyCommand(env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, ["scripts/uploads-to-s3.mjs"], {
      env: { PATH: process.env.PATH, ...env },
      timeout: 30_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("npm run uploads:to-s3", () => {
  let s3: TestS3Server;
  let dataDir: string;
  const files: Record<string, Buffer> = {
    "0123456789abcdef0123456789abcdef.png": Buffer.from("\x89PNG first image"),
    "0123456789abcdef0123456789abcdef.webp": Buffer.from("RIFF its webp copy"),
    "0123456789abcdef0123456789abcdef-480w.avif": Buffer.from("an avif variant"),
    "demo-citadel-3f9a1c.png": Buffer.from("\x89PNG a demo image"),
  };
  beforeAll(async () => {
    s3 = await startS3Server();
    dataDir = mkdtempSync(path.join(tmpdir(), "studio-copy-"));
    const dir = uploadsDir(dataDir);
    mkdirSync(dir);
    for (const [name, bytes] of Object.entries(files)) writeFileSync(path.join(dir, name), bytes);
    // Not uploads: an unfinished write and a stray file stay behind.
    writeFileSync(path.join(dir, `.upload-${"a".repeat(32)}.tmp`), "partial");
    writeFileSync(path.join(dir, "notes.txt"), "notes");
  });
  afterAll(async () => {
    await s3?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const client = () => s3.client;
  const object = async (name: string) => {
    const answer = await client().send(new GetObjectCommand({ Bucket: s3.bucket, Key: name }));
    return Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
  };

  it("copies every upload with its type and caching, then copies nothing the second time", async () => {
    const first = await copyCommand({ DATA_DIR: dataDir, ...s3.env });
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`to s3://${s3.bucket}`);
    expect(first.stdout).toContain("Copied 4 file(s)");
    expect(first.stdout).toContain("0 file(s) were there already");
    for (const [name, bytes] of Object.entries(files)) {
      expect((await object(name)).equals(bytes), name).toBe(true);
    }
    const head = await client().send(
      new HeadObjectCommand({ Bucket: s3.bucket, Key: "demo-citadel-3f9a1c.png" }),
    );
    expect(head.ContentType).toBe("image/png");
    expect(head.CacheControl).toBe(UPLOAD_CACHE_CONTROL);
    await expect(
      client().send(new HeadObjectCommand({ Bucket: s3.bucket, Key: "notes.txt" })),
    ).rejects.toThrow();

    const second = await copyCommand({ DATA_DIR: dataDir, ...s3.env });
    expect(second.code).toBe(0);
    expect(second.stdout).toContain("Copied 0 file(s)");
    expect(second.stdout).toContain("4 file(s) were there already");
  });

  it("copies again an object whose bytes differ from the file, even at the same size", async () => {
    const name = "demo-citadel-3f9a1c.png";
    const changed = Buffer.from(files[name] ?? "");
    changed[changed.length - 1] = 0x21;
    await client().send(new PutObjectCommand({ Bucket: s3.bucket, Key: name, Body: changed }));

    const result = await copyCommand({ DATA_DIR: dataDir, ...s3.env });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Copied 1 file(s)");
    expect((await object(name)).equals(files[name] ?? Buffer.alloc(0))).toBe(true);
  });

  it("exits with 1 and says what to set when uploads are not configured for a bucket", async () => {
    const result = await copyCommand({ DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Set STORAGE=s3, S3_BUCKET and S3_REGION/);
  });

  it("exits with 1 and names the bucket when it cannot be reached", async () => {
    const result = await copyCommand({ DATA_DIR: dataDir, ...s3.env, S3_BUCKET: "no-such-bucket" });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^Cannot use the bucket: s3:\/\/no-such-bucket answered 404: there is no such bucket\n$/,
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
