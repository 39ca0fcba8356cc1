import { randomBytes } from "node:crypto";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import {
  MAX_IMAGE_SIDE,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_PIXELS,
  UPLOAD_MESSAGES,
} from "#common/constants.ts";
import { HttpError } from "#server/errors.ts";

/** The folder uploaded and generated images live in, inside the data folder. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, "uploads");
}

/**
 * A name the uploads folder may serve: no folders, no leading dot, an image extension. Stored
 * images get random hex names; demo images are named after their content.
 */
export const UPLOAD_FILE_NAME =
  /^[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*\.(?:png|jpe?g|webp)$/;

export function isUploadFileName(name: string): boolean {
  return name.length <= 200 && UPLOAD_FILE_NAME.test(name);
}

/** Whether the uploads folder holds a file of that (valid) name. */
export async function uploadFileExists(dataDir: string, name: string): Promise<boolean> {
  if (!isUploadFileName(name)) return false;
  const info = await stat(path.join(uploadsDir(dataDir), name)).catch(() => null);
  return info?.isFile() ?? false;
}

/** The name of the WebP copy stored beside a PNG or JPEG, or null for any other name. */
export function webpCopyName(name: string): string | null {
  const stem = /^(.+)\.(?:png|jpe?g)$/.exec(name)?.[1];
  return stem ? `${stem}.webp` : null;
}

/**
 * The WebP copy to send in place of a stored PNG or JPEG (to a browser that takes WebP): its
 * name when it exists beside the image and is smaller, otherwise null.
 */
export async function smallerWebpCopy(dataDir: string, name: string): Promise<string | null> {
  const webpName = webpCopyName(name);
  if (!webpName || !isUploadFileName(name)) return null;
  const dir = uploadsDir(dataDir);
  const [original, webp] = await Promise.all(
    [name, webpName].map((file) => stat(path.join(dir, file)).catch(() => null)),
  );
  if (!original?.isFile() || !webp?.isFile()) return null;
  return webp.size < original.size ? webpName : null;
}

export type StoredImage = {
  /** The stored file's name in the uploads folder (served at /uploads/{name}). */
  name: string;
  /** The WebP copy beside it. */
  webpName: string;
  width: number;
  height: number;
};

/** What the first bytes say the file is; the name and the declared type are not asked. */
function sniffImageType(bytes: Uint8Array): "png" | "jpeg" | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((byte, i) => bytes[i] === byte)) return "png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return "jpeg";
  }
  return null;
}

/**
 * The one pipeline every stored image goes through (uploads and data: featured images): a PNG
 * or JPEG judged by its content, at most MAX_UPLOAD_BYTES and MAX_UPLOAD_PIXELS (read from the
 * header before anything is decoded), re-encoded in its own format without metadata and with
 * the longest side capped at MAX_IMAGE_SIDE, plus a WebP copy, under a random name.
 * Throws HttpError 413 (too large), 415 (not PNG or JPEG) or 400 (unreadable).
 */
export async function storeImage(dataDir: string, bytes: Uint8Array): Promise<StoredImage> {
  if (bytes.length > MAX_UPLOAD_BYTES) throw HttpError.payloadTooLarge(UPLOAD_MESSAGES.tooLarge);
  const type = sniffImageType(bytes);
  if (!type) throw HttpError.unsupportedMediaType(UPLOAD_MESSAGES.wrongType);

  let header: Metadata;
  try {
    // Reads the header only; the pixel count is checked before a single pixel is decoded.
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw HttpError.badRequest(UPLOAD_MESSAGES.broken);
  }
  if (header.format !== type || !header.width || !header.height) {
    throw HttpError.badRequest(UPLOAD_MESSAGES.broken);
  }
  if (header.width * header.height > MAX_UPLOAD_PIXELS) {
    throw HttpError.payloadTooLarge(UPLOAD_MESSAGES.tooManyPixels);
  }

  const decoded = sharp(bytes, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: "error" })
    // Turn the picture upright by its EXIF orientation before the metadata is dropped.
    .rotate()
    .resize({
      width: MAX_IMAGE_SIDE,
      height: MAX_IMAGE_SIDE,
      fit: "inside",
      withoutEnlargement: true,
    });
  const encoded = type === "png" ? decoded.clone().png() : decoded.clone().jpeg({ quality: 85 });
  let main: { data: Buffer; info: OutputInfo };
  let webp: Buffer;
  try {
    [main, webp] = await Promise.all([
      encoded.toBuffer({ resolveWithObject: true }),
      decoded.clone().webp({ quality: 82 }).toBuffer(),
    ]);
  } catch {
    throw HttpError.badRequest(UPLOAD_MESSAGES.broken);
  }

  const stem = randomBytes(16).toString("hex");
  const stored: StoredImage = {
    name: `${stem}.${type === "png" ? "png" : "jpg"}`,
    webpName: `${stem}.webp`,
    width: main.info.width,
    height: main.info.height,
  };
  const dir = uploadsDir(dataDir);
  await mkdir(dir, { recursive: true });
  // "wx": a name is never reused, whatever the odds.
  await writeFile(path.join(dir, stored.name), main.data, { flag: "wx" });
  try {
    await writeFile(path.join(dir, stored.webpName), webp, { flag: "wx" });
  } catch (error) {
    await rm(path.join(dir, stored.name), { force: true });
    throw error;
  }
  return stored;
}

/** Deletes a stored image and its WebP copy (for a save that failed after storing it). */
export async function removeStoredImage(dataDir: string, stored: StoredImage): Promise<void> {
  const dir = uploadsDir(dataDir);
  await Promise.all(
    [stored.name, stored.webpName].map((name) => rm(path.join(dir, name), { force: true })),
  );
}
