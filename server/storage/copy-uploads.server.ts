import { createHash } from "node:crypto";
import { readUpload, type UploadStore, uploadContentType } from "./upload-files.server.ts";

/** What a copy did: files copied (and their bytes), and files the target already held. */
export type CopySummary = { copied: number; bytes: number; alreadyThere: number };

/** How many files are copied at once: enough to hide a bucket's round trips, no more. */
const COPIES_AT_ONCE = 8;

/** An ETag that is the MD5 of the object's bytes: a single-part upload without KMS encryption. */
const MD5_ETAG = /^"([0-9a-f]{32})"$/;

/**
 * Copies every upload of `from` into `to`, skipping a file `to` already holds with the same
 * bytes: the same size and, where its ETag is the bytes' MD5 (S3, R2 and MinIO for a plain
 * PUT), the same MD5. Safe to run again, and to stop half-way: a run copies what is still
 * missing or different. `onCopied` hears of each file copied.
 */
export async function copyUploads(
  from: UploadStore,
  to: UploadStore,
  onCopied: (name: string, size: number) => void = () => undefined,
): Promise<CopySummary> {
  const summary: CopySummary = { copied: 0, bytes: 0, alreadyThere: 0 };
  const files = from.list()[Symbol.asyncIterator]();
  const worker = async () => {
    for (let next = await files.next(); !next.done; next = await files.next()) {
      const { name, size } = next.value;
      const there = await to.head(name);
      if (there && there.size === size && !MD5_ETAG.test(there.etag)) {
        summary.alreadyThere += 1;
        continue;
      }
      const bytes = await readUpload(from, name);
      if (!bytes) continue; // Removed since it was listed.
      const md5 = createHash("md5").update(bytes).digest("hex");
      if (there && there.size === bytes.length && MD5_ETAG.exec(there.etag)?.[1] === md5) {
        summary.alreadyThere += 1;
        continue;
      }
      await to.put(name, bytes, uploadContentType(name));
      summary.copied += 1;
      summary.bytes += bytes.length;
      onCopied(name, bytes.length);
    }
  };
  await Promise.all(Array.from({ length: COPIES_AT_ONCE }, worker));
  return summary;
}
