import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { HeadObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config/env.server.ts";
import { HttpError } from "#server/errors.ts";
import { noisePng } from "#tests/helpers/images.ts";
import { startS3Server, type TestS3Server } from "#tests/helpers/s3-server.ts";
import { DiskUploadStore, uploadsDir } from "./disk-store.server.ts";
import {
  openUploadStore,
  readUpload,
  UPLOAD_CACHE_CONTROL,
  type UploadStore,
} from "./upload-store.server.ts";
import { ensureImageVariant, prepareImageVariants, storeImage } from "./uploads.server.ts";

// One contract, two stores: every test runs against the disk folder and against a bucket on a
// real S3-protocol server (s3rver on loopback).

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3?.close());

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "studio-store-"));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** The store a configuration names. */
const storeOf = (env: Record<string, string>) => {
  const config = loadConfig({ DATA_DIR: dataDir, ...env });
  return openUploadStore(config.storage, config.dataDir);
};

/** A store of each kind on fresh space: its own data folder, or its own key prefix's bucket. */
const KINDS = [
  { kind: "disk", make: () => storeOf({}) },
  { kind: "s3", make: () => storeOf(s3.env) },
] as const;

async function names(store: UploadStore): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for await (const file of store.list()) found.set(file.name, file.size);
  return found;
}

async function emptied(store: UploadStore): Promise<UploadStore> {
  for (const name of (await names(store)).keys()) await store.delete(name);
  return store;
}

describe.each(KINDS)("the $kind upload store", ({ kind, make }) => {
  let store: UploadStore;
  beforeEach(async () => {
    store = await emptied(make());
  });

  it("is the kind the configuration names", () => {
    expect(store.kind).toBe(kind);
    if (kind === "disk") expect(store).toBeInstanceOf(DiskUploadStore);
    expect(store.location).toBe(kind === "disk" ? uploadsDir(dataDir) : `s3://${s3.bucket}`);
  });

  it("stores bytes and reads them back with their size, time, tag and type", async () => {
    const bytes = Buffer.from("not really a png, but bytes all the same");
    const before = Date.now();
    await store.put("a1b2.png", bytes, "image/png");

    const file = await store.get("a1b2.png");
    expect(file).not.toBeNull();
    expect(file?.size).toBe(bytes.length);
    expect(file?.contentType).toBe("image/png");
    expect(file?.etag).toMatch(/^"[^"]+"$/);
    // Whole seconds in HTTP dates and in S3.
    expect(file?.lastModified.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    file?.body.destroy();
    expect(await readUpload(store, "a1b2.png")).toEqual(bytes);

    const info = await store.head("a1b2.png");
    expect(info).toEqual({
      size: bytes.length,
      lastModified: file?.lastModified,
      etag: file?.etag,
    });
    expect(await store.exists("a1b2.png")).toBe(true);
  });

  it("answers null for a file it does not hold, or a name no upload can have", async () => {
    expect(await store.get("missing.png")).toBeNull();
    expect(await store.head("missing.png")).toBeNull();
    expect(await store.exists("missing.png")).toBe(false);
    expect(await store.get(".upload-x.tmp")).toBeNull();
    expect(await store.head("../studio.db")).toBeNull();
    await expect(store.put("../escape.png", Buffer.from("x"), "image/png")).rejects.toThrow(
      /Not an upload file name/,
    );
  });

  it("reads a byte range, both ends included", async () => {
    await store.put("range.webp", Buffer.from("0123456789"), "image/webp");
    const file = await store.get("range.webp", { start: 2, end: 5 });
    expect(file?.size).toBe(10);
    const chunks: Buffer[] = [];
    for await (const chunk of file?.body ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe("2345");
  });

  it("replaces a file stored under the same name", async () => {
    await store.put("same.png", Buffer.from("first"), "image/png");
    await store.put("same.png", Buffer.from("second, longer"), "image/png");
    expect((await readUpload(store, "same.png"))?.toString()).toBe("second, longer");
    expect((await store.head("same.png"))?.size).toBe(14);
  });

  it("lists every upload with its size, and nothing that is not one", async () => {
    await store.put("one.png", Buffer.from("1"), "image/png");
    await store.put("two-480w.avif", Buffer.from("22"), "image/avif");
    // What no upload is: a file with a dot in front, a text file.
    if (store.kind === "disk") {
      writeFileSync(path.join(uploadsDir(dataDir), `.upload-${"a".repeat(32)}.tmp`), "x");
      writeFileSync(path.join(uploadsDir(dataDir), "notes.txt"), "x");
    } else {
      await s3.client.send(
        new PutObjectCommand({ Bucket: s3.bucket, Key: "notes.txt", Body: "x" }),
      );
    }
    expect(await names(store)).toEqual(
      new Map([
        ["one.png", 1],
        ["two-480w.avif", 2],
      ]),
    );
  });

  it("deletes a file, and deleting one that is not there is no error", async () => {
    await store.put("gone.png", Buffer.from("x"), "image/png");
    expect(await store.exists("gone.png")).toBe(true);
    await store.delete("gone.png");
    expect(await store.exists("gone.png")).toBe(false);
    expect(await store.get("gone.png")).toBeNull();
    await store.delete("gone.png");
  });

  it("is ready when files can be written there", async () => {
    await expect(store.check()).resolves.toBeUndefined();
    expect(await names(store)).toEqual(new Map());
  });

  it("stores an image with its WebP copy and variants, and makes a missing variant again", async () => {
    const stored = await storeImage(store, await noisePng(640, 360));
    const all = await names(store);
    expect([...all.keys()].sort()).toEqual(
      [stored.name, stored.webpName, ...stored.variantNames].sort(),
    );
    const variant = stored.variantNames[0] ?? "";
    await store.delete(variant);
    expect(await ensureImageVariant(store, variant)).toBe(true);
    expect(await store.exists(variant)).toBe(true);
    await store.delete(stored.variantNames[1] ?? "");
    expect(await prepareImageVariants(store)).toBe(1);
    expect(await prepareImageVariants(store)).toBe(0);
  });
});

describe("the S3 upload store", () => {
  it("gives each object its type and the uploads' Cache-Control, for a CDN to pass on", async () => {
    const store = storeOf(s3.env);
    await store.put("typed.avif", Buffer.from("x"), "image/avif");
    const head = await s3.client.send(
      new HeadObjectCommand({ Bucket: s3.bucket, Key: "typed.avif" }),
    );
    expect(head.ContentType).toBe("image/avif");
    expect(head.CacheControl).toBe(UPLOAD_CACHE_CONTROL);
  });

  it("is not ready, and refuses writes with 503, when the bucket is missing or unreachable", async () => {
    const missing = storeOf({ ...s3.env, S3_BUCKET: "no-such-bucket" });
    await expect(missing.check()).rejects.toThrow(
      "s3://no-such-bucket answered 404: there is no such bucket",
    );
    const down = await startS3Server();
    const unreachable = storeOf(down.env);
    await down.close();
    await expect(unreachable.check()).rejects.toThrow();
    const refused = await unreachable.put("a.png", Buffer.from("x"), "image/png").catch((e) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(503);
    await expect(unreachable.get("a.png")).rejects.toMatchObject({ status: 503 });
  });
});

describe("the disk upload store", () => {
  it("is not ready when its folder cannot be made", async () => {
    // A file where the uploads folder should be.
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(uploadsDir(dataDir), "not a folder");
    const store = storeOf({});
    await expect(store.check()).rejects.toThrow();
  });
});
