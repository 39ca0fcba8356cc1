import { randomBytes } from "node:crypto";
import { mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Metadata, OutputInfo } from "sharp";
import {
  MAX_IMAGE_SIDE,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_PIXELS,
  UPLOAD_MESSAGES,
} from "#common/constants.ts";
import { IMAGE_VARIANT_FORMATS, IMAGE_VARIANT_WIDTHS, imageVariantName } from "#common/images.ts";
import { HttpError } from "#server/errors.ts";
import {
  encodeVariant,
  encodeVariants,
  loadSharp,
  openStoredImage,
  parseVariantName,
} from "./image-variants.server.ts";

/** The folder uploaded and generated images live in, inside the data folder. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, "uploads");
}

/**
 * A name the uploads folder may serve: no folders, no leading dot, an image extension. Stored
 * images get random hex names; demo images are named after their content.
 */
export const UPLOAD_FILE_NAME =
  /^[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*\.(?:png|jpe?g|webp|avif)$/;

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
  /** Its AVIF and WebP variants at IMAGE_VARIANT_WIDTHS (#common/images.ts). */
  variantNames: string[];
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
 * the longest side capped at MAX_IMAGE_SIDE, plus a WebP copy and the AVIF and WebP variants
 * pages show it through (IMAGE_VARIANT_WIDTHS wide at most), under a random name.
 * Throws HttpError 413 (too large), 415 (not PNG or JPEG), 400 (unreadable), 507 (disk full)
 * or 503 (disk not writable); nothing is left in the uploads folder then.
 */
export async function storeImage(dataDir: string, bytes: Uint8Array): Promise<StoredImage> {
  if (bytes.length > MAX_UPLOAD_BYTES) throw HttpError.payloadTooLarge(UPLOAD_MESSAGES.tooLarge);
  const type = sniffImageType(bytes);
  if (!type) throw HttpError.unsupportedMediaType(UPLOAD_MESSAGES.wrongType);

  const sharp = await loadSharp();
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
  const stem = randomBytes(16).toString("hex");
  let main: { data: Buffer; info: OutputInfo };
  let webp: Buffer;
  let variants: { name: string; data: Buffer }[];
  try {
    [main, webp, variants] = await Promise.all([
      encoded.toBuffer({ resolveWithObject: true }),
      decoded.clone().webp({ quality: 82 }).toBuffer(),
      encodeVariants(decoded, stem),
    ]);
  } catch {
    throw HttpError.badRequest(UPLOAD_MESSAGES.broken);
  }

  const stored: StoredImage = {
    name: `${stem}.${type === "png" ? "png" : "jpg"}`,
    webpName: `${stem}.webp`,
    variantNames: variants.map((variant) => variant.name),
    width: main.info.width,
    height: main.info.height,
  };
  // The original last: a name that is served means its copies are there too.
  await writeComplete(uploadsDir(dataDir), [
    ...variants,
    { name: stored.webpName, data: webp },
    { name: stored.name, data: main.data },
  ]);
  return stored;
}

/**
 * The file operations stored images are written with. Tests replace `writeNewFile` to make a
 * write fail as a full or read-only disk does, where no small file system can be mounted.
 */
export const uploadWrites = {
  /** Writes `data` to a file that must not exist yet, and flushes it to the disk. */
  async writeNewFile(file: string, data: Uint8Array): Promise<void> {
    const handle = await open(file, "wx");
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
 * Writes the files to temporary names in `dir`, then renames each to its own name once all are
 * complete, so a served name never shows a partial file. On any failure every file of the set is
 * removed again, and a full or unwritable disk becomes HttpError 507 or 503 (storageFault).
 * Names are 128 random bits, so a rename never replaces another upload.
 */
async function writeComplete(dir: string, files: { name: string; data: Uint8Array }[]) {
  const written: string[] = [];
  try {
    await mkdir(dir, { recursive: true });
    const temps = files.map((file) => ({ ...file, temp: path.join(dir, tempFileName()) }));
    for (const file of temps) {
      written.push(file.temp);
      await uploadWrites.writeNewFile(file.temp, file.data);
    }
    for (const file of temps) {
      const target = path.join(dir, file.name);
      await rename(file.temp, target);
      written.push(target);
    }
  } catch (error) {
    await Promise.all(written.map((file) => rm(file, { force: true }).catch(() => undefined)));
    throw storageFault(error) ?? error;
  }
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

/** Deletes a stored image and its copies (for a save that failed after storing it). */
export async function removeStoredImage(dataDir: string, stored: StoredImage): Promise<void> {
  const dir = uploadsDir(dataDir);
  await Promise.all(
    [stored.name, stored.webpName, ...stored.variantNames].map((name) =>
      rm(path.join(dir, name), { force: true }),
    ),
  );
}

/** A stored original: a PNG or JPEG by plain name, not a variant or a copy. */
const ORIGINAL_NAME = /^([A-Za-z0-9][A-Za-z0-9_-]*)\.(?:png|jpe?g)$/;

/**
 * Makes every missing variant of every PNG or JPEG in the uploads folder, one at a time: the
 * demo images and images stored before variants existed. Runs in the background after start
 * (a request for a variant meanwhile makes that one itself, or waits for the same work); safe to
 * run twice or from several processes. An original that cannot be read is skipped. Answers how
 * many variants it made.
 */
export async function prepareImageVariants(dataDir: string): Promise<number> {
  const dir = uploadsDir(dataDir);
  const names = new Set(await readdir(dir).catch(() => [] as string[]));
  const stems = [...names].flatMap((name) => ORIGINAL_NAME.exec(name)?.[1] ?? []);
  const unreadable = new Set<string>();
  let made = 0;
  // The narrowest first, of every image: what phones and card grids ask for is ready soonest.
  for (const width of IMAGE_VARIANT_WIDTHS) {
    for (const stem of stems) {
      for (const format of IMAGE_VARIANT_FORMATS) {
        const variant = imageVariantName(stem, width, format);
        if (names.has(variant) || unreadable.has(stem)) continue;
        const ready = await ensureImageVariant(dataDir, variant).catch(() => null);
        if (ready === null) unreadable.add(stem);
        if (ready) made += 1;
      }
    }
  }
  return made;
}

/** Variants being made in this process, by name, so one asked for twice is made once. */
const variantsInProgress = new Map<string, Promise<boolean>>();

/**
 * Makes a variant (`{stem}-{width}w.{avif|webp}`) that is not in the uploads folder from its
 * PNG or JPEG original, and keeps it there: images stored before variants existed, or whose
 * variants were removed, get them on first request. Answers whether the variant is there now:
 * false for a name that is not a variant or whose original does not exist. Safe to run from
 * several processes at once (each writes under a temporary name, then renames).
 */
export async function ensureImageVariant(dataDir: string, name: string): Promise<boolean> {
  const variant = parseVariantName(name);
  if (!variant || !isUploadFileName(name)) return false;
  const dir = uploadsDir(dataDir);
  if ((await stat(path.join(dir, name)).catch(() => null))?.isFile()) return true;
  const running = variantsInProgress.get(name);
  if (running) return running;
  const making = (async () => {
    for (const extension of ["png", "jpg", "jpeg"]) {
      const original = path.join(dir, `${variant.stem}.${extension}`);
      if (!(await stat(original).catch(() => null))?.isFile()) continue;
      const data = await encodeVariant(
        (await openStoredImage(original)).rotate(),
        variant.width,
        variant.format,
      );
      await writeComplete(dir, [{ name, data }]).catch(async (error: unknown) => {
        // Another process may have written it meanwhile; that is as good.
        if (!(await stat(path.join(dir, name)).catch(() => null))?.isFile()) throw error;
      });
      return true;
    }
    return false;
  })().finally(() => variantsInProgress.delete(name));
  variantsInProgress.set(name, making);
  return making;
}
