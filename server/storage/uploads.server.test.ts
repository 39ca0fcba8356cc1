import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { DiskUploadStore } from "./disk-store.server.ts";
import {
  prepareImageVariants,
  removeStaleTempFiles,
  STALE_TEMP_FILE_MS,
  storageFault,
  uploadsDir,
} from "./uploads.server.ts";

describe("removeStaleTempFiles (at start)", () => {
  let dataDir: string;
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it("removes unfinished upload files older than the limit and nothing else", async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "studio-uploads-"));
    const dir = uploadsDir(dataDir);
    mkdirSync(dir);
    const old = `.upload-${"a".repeat(32)}.tmp`;
    const fresh = `.upload-${"b".repeat(32)}.tmp`;
    const others = [`${"c".repeat(32)}.png`, `${"c".repeat(32)}.webp`, ".upload-notes.tmp"];
    for (const name of [old, fresh, ...others]) writeFileSync(path.join(dir, name), "x");
    const longAgo = (Date.now() - STALE_TEMP_FILE_MS - 60_000) / 1000;
    for (const name of [old, ...others]) utimesSync(path.join(dir, name), longAgo, longAgo);

    expect(await removeStaleTempFiles(dataDir)).toBe(1);
    expect(readdirSync(dir).sort()).toEqual([fresh, ...others].sort());
  });

  it("does nothing when there is no uploads folder yet", async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "studio-uploads-"));
    expect(await removeStaleTempFiles(dataDir)).toBe(0);
  });
});

describe("storageFault", () => {
  const errno = (code: string) => Object.assign(new Error(`${code}: …`), { code });

  it("makes a full disk or quota 507 and a read-only or forbidden folder 503", () => {
    expect(storageFault(errno("ENOSPC"))?.status).toBe(507);
    expect(storageFault(errno("EDQUOT"))?.status).toBe(507);
    for (const code of ["EROFS", "EACCES", "EPERM"]) {
      const answer = storageFault(errno(code));
      expect(answer?.status, code).toBe(503);
      expect(answer?.retryAfterSeconds, code).toBeGreaterThan(0);
    }
  });

  it("keeps the system's error as the cause, and leaves other errors alone", () => {
    const cause = errno("ENOSPC");
    expect(storageFault(cause)?.cause).toBe(cause);
    expect(storageFault(errno("EIO"))).toBeNull();
    expect(storageFault(new Error("boom"))).toBeNull();
  });
});

describe("prepareImageVariants (in the background at start)", () => {
  let dataDir: string;
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it("makes the missing variants of every PNG and JPEG once, and leaves other files alone", async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "studio-uploads-"));
    const dir = uploadsDir(dataDir);
    mkdirSync(dir);
    const image = sharp({
      create: { width: 600, height: 300, channels: 3, background: "#22c55e" },
    });
    await image.clone().png().toFile(path.join(dir, "demo-citadel-3f9a1c.png"));
    await image.clone().jpeg().toFile(path.join(dir, "0123abcd.jpg"));
    // One variant is there already; a WebP copy and a broken "PNG" are not originals to use.
    await image.clone().avif().toFile(path.join(dir, "0123abcd-480w.avif"));
    writeFileSync(path.join(dir, "0123abcd.webp"), "x");
    writeFileSync(path.join(dir, "broken.png"), "not an image");

    expect(await prepareImageVariants(new DiskUploadStore(dataDir))).toBe(6 + 5);
    const files = readdirSync(dir);
    for (const stem of ["demo-citadel-3f9a1c", "0123abcd"]) {
      for (const variant of ["480w.avif", "960w.avif", "1440w.avif", "480w.webp", "960w.webp"]) {
        expect(files).toContain(`${stem}-${variant}`);
      }
    }
    expect((await sharp(path.join(dir, "0123abcd-1440w.webp")).metadata()).width).toBe(600);
    expect(files.filter((name) => name.startsWith("broken"))).toEqual(["broken.png"]);
    expect(files.filter((name) => name.startsWith("."))).toEqual([]);
    expect(await prepareImageVariants(new DiskUploadStore(dataDir))).toBe(0);
  });
});
