import type { StorageConfig } from "#server/config/env.server.ts";
import { DiskUploadStore } from "./disk-store.server.ts";
import type { S3UploadStore } from "./s3-store.server.ts";
import type { ByteRange, UploadStore } from "./upload-files.server.ts";

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

/**
 * The upload store of these settings. A process opens one and keeps it (the server at start-up,
 * as ServerContext's `uploads`; a maintenance command when it starts), so it has one S3 client
 * with its connection pool.
 */
export function openUploadStore(storage: StorageConfig, dataDir: string): UploadStore {
  return storage.kind === "s3" ? new DeferredS3Store(storage) : new DiskUploadStore(dataDir);
}

/**
 * The S3 store, its module (and the AWS SDK, about 34 MB of a process's memory and 0.2 s to
 * load) loaded on first use: a site keeping its uploads on disk never loads them
 * (docs/decisions/017-memory-ceiling.md).
 */
class DeferredS3Store implements UploadStore {
  readonly kind = "s3";
  readonly location: string;
  private readonly storage: Extract<StorageConfig, { kind: "s3" }>;
  private loading: Promise<S3UploadStore> | undefined;

  constructor(storage: Extract<StorageConfig, { kind: "s3" }>) {
    this.storage = storage;
    this.location = `s3://${storage.bucket}`;
  }

  private store(): Promise<S3UploadStore> {
    this.loading ??= import("./s3-store.server.ts").then(
      ({ S3UploadStore }) => new S3UploadStore(this.storage),
    );
    return this.loading;
  }

  async put(name: string, bytes: Uint8Array, contentType: string) {
    return (await this.store()).put(name, bytes, contentType);
  }
  async get(name: string, range?: ByteRange) {
    return (await this.store()).get(name, range);
  }
  async head(name: string) {
    return (await this.store()).head(name);
  }
  async exists(name: string) {
    return (await this.store()).exists(name);
  }
  async *list() {
    yield* (await this.store()).list();
  }
  async delete(name: string) {
    return (await this.store()).delete(name);
  }
  async check() {
    return (await this.store()).check();
  }
}
