import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { access, mkdir, open, opendir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from "#server/config/private-files.server.ts";
import { HttpError } from "#server/errors.ts";
import {
  type ByteRange,
  isUploadFileName,
  type UploadBody,
  type UploadInfo,
  type UploadStore,
  uploadContentType,
} from "./upload-files.server.ts";

/** The folder uploaded and generated images live in, inside the data folder. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, "uploads");
}

/**
 * The file operations stored images are written with. Tests replace `writeNewFile` to make a
 * write fail as a full or read-only disk does, where no small file system can be mounted.
 */
export const uploadWrites = {
  /** Writes `data` to a file that must not exist yet, and flushes it to the disk. */
  async writeNewFile(file: string, data: Uint8Array): Promise<void> {
    const handle = await open(file, "wx", PRIVATE_FILE_MODE);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
  },
};

/**
 * An unfinished file in the uploads folder: the dot keeps it from ever being served (and from
 * looking like an upload), the suffix lets a later start find what a crash left behind.
 */
const TEMP_FILE_NAME = /^\.upload-[0-9a-f]{32}\.tmp$/;

function tempFileName(): string {
  return `.upload-${randomBytes(16).toString("hex")}.tmp`;
}

/**
 * A write the disk refused: full (ENOSPC, or the quota, EDQUOT) is 507; read-only or not
 * permitted (EROFS, EACCES, EPERM) is 503. null for anything else.
 */
export function storageFault(error: unknown): HttpError | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === "ENOSPC" || code === "EDQUOT") return HttpError.storageFull(error);
  if (code === "EROFS" || code === "EACCES" || code === "EPERM") {
    return HttpError.storageUnavailable(error);
  }
  return null;
}

function infoOf(stats: { size: number; mtime: Date; mtimeMs: number }): UploadInfo {
  return {
    size: stats.size,
    lastModified: stats.mtime,
    etag: `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`,
  };
}

/**
 * Uploads as files in DATA_DIR/uploads. A file is written under a temporary name, flushed, then
 * renamed to its own, so a served name never shows a partial file; a failed write leaves nothing.
 */
export class DiskUploadStore implements UploadStore {
  readonly kind = "disk";
  readonly location: string;

  constructor(dataDir: string) {
    this.location = uploadsDir(dataDir);
  }

  private file(name: string): string {
    if (!isUploadFileName(name)) throw new Error(`Not an upload file name: ${name}`);
    return path.join(this.location, name);
  }

  async put(name: string, bytes: Uint8Array, _contentType: string): Promise<void> {
    const target = this.file(name);
    const temp = path.join(this.location, tempFileName());
    try {
      await mkdir(this.location, { recursive: true, mode: PRIVATE_FOLDER_MODE });
      await uploadWrites.writeNewFile(temp, bytes);
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true }).catch(() => undefined);
      throw storageFault(error) ?? error;
    }
  }

  async head(name: string): Promise<UploadInfo | null> {
    if (!isUploadFileName(name)) return null;
    const info = await stat(path.join(this.location, name)).catch(() => null);
    return info?.isFile() ? infoOf(info) : null;
  }

  async exists(name: string): Promise<boolean> {
    return (await this.head(name)) !== null;
  }

  async get(name: string, range?: ByteRange): Promise<UploadBody | null> {
    if (!isUploadFileName(name)) return null;
    const handle = await open(path.join(this.location, name), "r").catch(() => null);
    if (!handle) return null;
    const info = await handle.stat().catch(() => null);
    if (!info?.isFile()) {
      await handle.close();
      return null;
    }
    const body = handle.createReadStream({ ...range });
    return { ...infoOf(info), body, contentType: uploadContentType(name) };
  }

  async *list(): AsyncIterable<{ name: string; size: number }> {
    const dir = await opendir(this.location).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return null;
      throw error;
    });
    if (!dir) return;
    for await (const entry of dir) {
      if (!entry.isFile() || !isUploadFileName(entry.name)) continue;
      const info = await stat(path.join(this.location, entry.name)).catch(() => null);
      if (info?.isFile()) yield { name: entry.name, size: info.size };
    }
  }

  async delete(name: string): Promise<void> {
    await rm(this.file(name), { force: true });
  }

  /**
   * The folder exists (or can be made) and this process may write in it. Cheap enough to ask
   * every few seconds: nothing is written (a full disk shows as 507 on the next upload).
   */
  async check(): Promise<void> {
    await mkdir(this.location, { recursive: true, mode: PRIVATE_FOLDER_MODE });
    await access(this.location, constants.W_OK | constants.X_OK);
  }
}

/** How old an unfinished upload file must be before a start removes it: no write takes this long. */
export const STALE_TEMP_FILE_MS = 10 * 60 * 1000;

/**
 * Removes the unfinished files that a process stopped in the middle of a write left in the uploads
 * folder (it runs at start). Files younger than STALE_TEMP_FILE_MS are left alone: another server
 * process on the same data folder may be writing them. Answers how many were removed.
 */
export async function removeStaleTempFiles(dataDir: string, now = Date.now()): Promise<number> {
  const dir = uploadsDir(dataDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names.filter((entry) => TEMP_FILE_NAME.test(entry))) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile() || now - info.mtimeMs < STALE_TEMP_FILE_MS) continue;
    // A folder that cannot be written keeps them; the server still starts.
    if (
      await rm(file, { force: true }).then(
        () => true,
        () => false,
      )
    )
      removed += 1;
  }
  return removed;
}
