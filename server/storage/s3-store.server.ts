import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { StorageConfig } from "#server/config/env.server.ts";
import { HttpError } from "#server/errors.ts";
import {
  type ByteRange,
  isUploadFileName,
  UPLOAD_CACHE_CONTROL,
  type UploadBody,
  type UploadInfo,
  type UploadStore,
  uploadContentType,
} from "./upload-files.server.ts";

type S3Config = Extract<StorageConfig, { kind: "s3" }>;

/** How many objects' info a process remembers: a name's content never changes once stored. */
const KNOWN_OBJECTS_MAX = 10_000;

/** A refused or failed request that means "no such object" rather than a fault. */
function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NotFound" ||
      error.name === "NoSuchKey" ||
      error.$metadata.httpStatusCode === 404)
  );
}

/** The client for a bucket: the AWS SDK v3, with the settings S3-compatible services need. */
export function s3ClientFor(storage: S3Config): S3Client {
  return new S3Client({
    region: storage.region,
    endpoint: storage.endpoint,
    forcePathStyle: storage.forcePathStyle,
    // A copy: the SDK marks the object it is given with where the credentials came from, and
    // the configuration's is frozen.
    credentials: storage.credentials ? { ...storage.credentials } : undefined,
    // The SDK adds CRC32 checksums to every upload and checks them on every download by default
    // (since 3.729). Several S3-compatible services (older MinIO, R2 for some operations, the
    // test suite's s3rver) reject or omit them; only the operations that require a checksum get
    // one. Uploads are still checked for integrity: each PUT carries Content-Length, and the
    // object's ETag (its MD5) is compared by the copy command.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
  });
}

/**
 * Uploads as objects in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO), under their
 * plain names at the bucket's top level. Each object carries its content type and the immutable
 * Cache-Control, so a CDN or the bucket's public address serves it as /uploads does. A PUT is
 * atomic: an object is seen whole or not at all.
 */
export class S3UploadStore implements UploadStore {
  readonly kind = "s3";
  readonly location: string;
  readonly client: S3Client;
  private readonly bucket: string;
  /** Objects known to exist, by name: /uploads asks about the same images again and again. */
  private readonly known = new Map<string, UploadInfo>();

  constructor(storage: S3Config, client: S3Client = s3ClientFor(storage)) {
    this.bucket = storage.bucket;
    this.location = `s3://${storage.bucket}`;
    this.client = client;
  }

  private remember(name: string, info: UploadInfo) {
    if (this.known.size >= KNOWN_OBJECTS_MAX) this.known.clear();
    this.known.set(name, info);
  }

  async put(name: string, bytes: Uint8Array, contentType: string): Promise<void> {
    if (!isUploadFileName(name)) throw new Error(`Not an upload file name: ${name}`);
    this.known.delete(name);
    await answered(
      this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: name,
          Body: bytes,
          ContentLength: bytes.byteLength,
          ContentType: contentType,
          CacheControl: UPLOAD_CACHE_CONTROL,
        }),
      ),
    );
  }

  async head(name: string): Promise<UploadInfo | null> {
    if (!isUploadFileName(name)) return null;
    const known = this.known.get(name);
    if (known) return known;
    try {
      const answer = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: name }),
      );
      const info = {
        size: answer.ContentLength ?? 0,
        lastModified: answer.LastModified ?? new Date(0),
        etag: answer.ETag ?? `"${answer.ContentLength ?? 0}"`,
      };
      this.remember(name, info);
      return info;
    } catch (error) {
      if (isMissing(error)) return null;
      throw HttpError.storageUnavailable(error);
    }
  }

  async exists(name: string): Promise<boolean> {
    return (await this.head(name)) !== null;
  }

  async get(name: string, range?: ByteRange): Promise<UploadBody | null> {
    if (!isUploadFileName(name)) return null;
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: name,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      // With a range, ContentLength is the range's; the object's size follows the slash.
      const total = Number(/\/(\d+)$/.exec(answer.ContentRange ?? "")?.[1]);
      return {
        body: answer.Body as Readable,
        size: Number.isFinite(total) ? total : (answer.ContentLength ?? 0),
        lastModified: answer.LastModified ?? new Date(0),
        etag: answer.ETag ?? `"${answer.ContentLength ?? 0}"`,
        contentType: answer.ContentType ?? uploadContentType(name),
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw HttpError.storageUnavailable(error);
    }
  }

  async *list(): AsyncIterable<{ name: string; size: number; etag?: string }> {
    let token: string | undefined;
    do {
      const page = await answered(
        this.client.send(
          new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }),
        ),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key && isUploadFileName(object.Key)) {
          yield { name: object.Key, size: object.Size ?? 0, etag: object.ETag };
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async delete(name: string): Promise<void> {
    if (!isUploadFileName(name)) throw new Error(`Not an upload file name: ${name}`);
    this.known.delete(name);
    await answered(this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: name })));
  }

  /**
   * The bucket exists and these credentials may use it. A refusal is told in words: a HEAD
   * request's answer has no body, so the SDK's own message is only "UnknownError".
   */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : 0;
      if (status === 404 || status === 301 || status === 403) {
        const why =
          status === 403
            ? "these credentials may not use it"
            : status === 301
              ? "it is in another region than S3_REGION"
              : "there is no such bucket";
        throw new Error(`${this.location} answered ${status}: ${why}`, { cause: error });
      }
      throw error;
    }
  }
}

/** A request's answer; a failure (unreachable, refused, throttled) becomes 503. */
async function answered<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    throw HttpError.storageUnavailable(error);
  }
}
