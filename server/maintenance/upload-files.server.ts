import type { StorageConfig } from "#server/config/env.server.ts";
import {
  isUploadFileName,
  openUploadStore,
  readUpload,
  type UploadStore,
} from "#server/storage/upload-store.server.ts";

export { isUploadFileName, uploadContentType } from "#server/storage/upload-store.server.ts";

/**
 * The uploaded files as the maintenance commands see them: a sorted list of names, each file's
 * bytes, and a way to store one. Backup reads through it and restore writes through it, from
 * and to the site's upload store: the data folder's uploads, or the bucket (STORAGE=s3).
 */
export type UploadFiles = {
  /** The stored files' names, sorted (temporary files of uploads in progress are left out). */
  list: () => Promise<string[]>;
  get: (name: string) => Promise<Uint8Array>;
  put: (name: string, bytes: Uint8Array, contentType: string) => Promise<void>;
};

/** The uploads where the configuration keeps them. */
export function configuredUploadFiles(storage: StorageConfig, dataDir: string): UploadFiles {
  return uploadFilesIn(openUploadStore(storage, dataDir));
}

export function uploadFilesIn(store: UploadStore): UploadFiles {
  return {
    list: async () => {
      const names: string[] = [];
      for await (const { name } of store.list()) {
        if (isUploadFileName(name)) names.push(name);
      }
      return names.sort();
    },
    get: async (name) => {
      const bytes = await readUpload(store, name);
      if (!bytes) throw new Error(`${name} is no longer in ${store.location}`);
      return bytes;
    },
    put: (name, bytes, contentType) => store.put(name, bytes, contentType),
  };
}
