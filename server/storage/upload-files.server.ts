import type { Readable } from "node:stream";

/**
 * A name an upload may have: no folders, no leading dot, an image extension. Stored images get
 * random hex names; demo images are named after their content.
 */
export const UPLOAD_FILE_NAME =
  /^[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*\.(?:png|jpe?g|webp|avif)$/;

export function isUploadFileName(name: string): boolean {
  return name.length <= 200 && UPLOAD_FILE_NAME.test(name);
}

/** What a store knows of one stored file without reading it. */
export type UploadInfo = {
  size: number;
  lastModified: Date;
  /** A quoted entity tag: the object's own in a bucket, size and time on disk. */
  etag: string;
};

/** One stored file being read: its bytes (all of them, or the range asked for) and its info. */
export type UploadBody = UploadInfo & { body: Readable; contentType: string };

/** A byte range, both ends included, as HTTP Range has it. */
export type ByteRange = { start: number; end: number };

/**
 * Where uploaded and generated images are kept, by their plain names (`UPLOAD_FILE_NAME`):
 * a folder on disk or an S3-compatible bucket, chosen once at start from the configuration
 * (`openUploadStore`). What is stored, and how, is decided above it (uploads.server.ts); a store
 * only keeps bytes. Every method may throw HttpError 507 or 503 (storage full or unreachable).
 */
export interface UploadStore {
  readonly kind: "disk" | "s3";
  /** For messages: the folder, or s3://bucket. */
  readonly location: string;
  /** Stores the bytes under `name`, whole or not at all; a name that exists is replaced. */
  put(name: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file's bytes (or a range of them) and info, or null when there is no such file. */
  get(name: string, range?: ByteRange): Promise<UploadBody | null>;
  /** The file's info, or null when there is no such file. */
  head(name: string): Promise<UploadInfo | null>;
  exists(name: string): Promise<boolean>;
  /** Every stored file's name and size, in no particular order. */
  list(): AsyncIterable<{ name: string; size: number }>;
  /** Removes the file; nothing happens when it is not there. */
  delete(name: string): Promise<void>;
  /** Readiness: resolves when files can be read and written there, throws when they cannot. */
  check(): Promise<void>;
}

/** How long browsers and shared caches keep an upload: names are never reused for new content. */
export const UPLOAD_CACHE_CONTROL = "public, max-age=31536000, immutable";

const CONTENT_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  avif: "image/avif",
};

/** The content type of an upload, by its extension (every upload name has an image one). */
export function uploadContentType(name: string): string {
  const extension = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? "application/octet-stream";
}

/** Reads a whole stored file into memory, or null when there is none. */
export async function readUpload(store: UploadStore, name: string): Promise<Buffer | null> {
  const file = await store.get(name);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
