import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
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
