import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { isUploadFileName, uploadsDir } from "#server/storage/uploads.server.ts";

/**
 * The uploaded files as the maintenance commands see them: a list of names, each file's bytes,
 * and a way to store one. Backup reads through it and restore writes through it, so that uploads
 * kept somewhere else than the data folder need only another implementation of these three.
 */
export type UploadFiles = {
  /** The stored files' names, sorted (temporary files of uploads in progress are left out). */
  list: () => Promise<string[]>;
  get: (name: string) => Promise<Uint8Array>;
  put: (name: string, bytes: Uint8Array, contentType: string) => Promise<void>;
};

/** The uploads folder in DATA_DIR (served at /uploads). */
export function diskUploadFiles(dataDir: string): UploadFiles {
  const dir = uploadsDir(dataDir);
  const fileOf = (name: string) => {
    if (!isUploadFileName(name)) throw new Error(`Not an upload's file name: ${name}`);
    return path.join(dir, name);
  };
  return {
    list: async () => {
      const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [] as string[];
        throw error;
      });
      const files: string[] = [];
      for (const name of names.filter(isUploadFileName).sort()) {
        if ((await stat(path.join(dir, name)).catch(() => null))?.isFile()) files.push(name);
      }
      return files;
    },
    get: (name) => readFile(fileOf(name)),
    // Written under a temporary name and renamed, as the upload pipeline does: the site never
    // serves half a file.
    put: async (name, bytes) => {
      const file = fileOf(name);
      await mkdir(dir, { recursive: true });
      const temp = path.join(dir, `.restore-${randomBytes(6).toString("hex")}.tmp`);
      try {
        await writeFile(temp, bytes, { flush: true });
        await rename(temp, file);
      } finally {
        await rm(temp, { force: true });
      }
    },
  };
}

/** The content type an upload is served with, from its name. */
export function uploadContentType(name: string): string {
  const extension = path.extname(name).toLowerCase();
  return CONTENT_TYPES[extension] ?? "application/octet-stream";
}

const CONTENT_TYPES: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
};
