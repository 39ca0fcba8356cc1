import type { Config } from "#server/config/env.server.ts";
import { DiskUploadStore } from "./disk-store.server.ts";
import { S3UploadStore } from "./s3-store.server.ts";
import type { UploadStore } from "./upload-files.server.ts";

export {
  type ByteRange,
  isUploadFileName,
  readUpload,
  UPLOAD_CACHE_CONTROL,
  type UploadBody,
  type UploadInfo,
  type UploadStore,
  uploadContentType,
} from "./upload-files.server.ts";

const stores = new WeakMap<Config, UploadStore>();

/**
 * The upload store of a configuration: made on first use and then kept, so one process has one
 * store (and one S3 client with its connection pool) for its configuration.
 */
export function uploadStoreFor(config: Config): UploadStore {
  let store = stores.get(config);
  if (!store) {
    store =
      config.storage.kind === "s3"
        ? new S3UploadStore(config.storage)
        : new DiskUploadStore(config.dataDir);
    stores.set(config, store);
  }
  return store;
}
