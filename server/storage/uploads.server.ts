import { randomBytes } from "node:crypto";
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
import {
  isUploadFileName,
  readUpload,
  type UploadStore,
  uploadContentType,
} from "./upload-files.server.ts";

export {
  removeStaleTempFiles,
  STALE_TEMP_FILE_MS,
  storageFault,
  uploadsDir,
  uploadWrites,
} from "./disk-store.server.ts";
export { isUploadFileName, UPLOAD_FILE_NAME } from "./upload-files.server.ts";

/** Whether the store holds a file of that (valid) name. */
export async function uploadFileExists(store: UploadStore, name: string): Promise<boolean> {
  return isUploadFileName(name) && (await store.exists(name));
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
export async function smallerWebpCopy(store: UploadStore, name: string): Promise<string | null> {
  const webpName = webpCopyName(name);
  if (!webpName || !isUploadFileName(name)) return null;
  const [original, webp] = await Promise.all([store.head(name), store.head(webpName)]);
  if (!original || !webp) return null;
  return webp.size < original.size ? webpName : null;
}

export type StoredImage = {
  /** The stored file's name in the upload store (served at /uploads/{name}). */
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
 * or 503 (disk not writable, bucket unreachable); nothing is left in the store then.
 */
export async function storeImage(store: UploadStore, bytes: Uint8Array): Promise<StoredImage> {
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
  await putComplete(store, [...variants, { name: stored.webpName, data: webp }]);
  await putComplete(store, [{ name: stored.name, data: main.data }]).catch(async (error) => {
    await removeAll(store, [stored.webpName, ...stored.variantNames]);
    throw error;
  });
  return stored;
}

/**
 * Stores every file, one after the other, or none: when one cannot be stored, the ones before it
 * are removed again and the failure is thrown (HttpError 507 or 503 for a full or unwritable
 * store). Encoding takes far longer than storing, so storing them at once would gain little.
 */
async function putComplete(store: UploadStore, files: { name: string; data: Uint8Array }[]) {
  const written: string[] = [];
  try {
    for (const file of files) {
      await store.put(file.name, file.data, uploadContentType(file.name));
      written.push(file.name);
    }
  } catch (error) {
    await removeAll(store, written);
    throw error;
  }
}

async function removeAll(store: UploadStore, names: string[]) {
  await Promise.all(names.map((name) => store.delete(name).catch(() => undefined)));
}

/** Deletes a stored image and its copies (for a save that failed after storing it). */
export async function removeStoredImage(store: UploadStore, stored: StoredImage): Promise<void> {
  await Promise.all(
    [stored.name, stored.webpName, ...stored.variantNames].map((name) => store.delete(name)),
  );
}

/** A stored original: a PNG or JPEG by plain name, not a variant or a copy. */
const ORIGINAL_NAME = /^([A-Za-z0-9][A-Za-z0-9_-]*)\.(?:png|jpe?g)$/;

/**
 * Makes every missing variant of every PNG or JPEG in the store, one at a time: the
 * demo images and images stored before variants existed. Runs in the background after start
 * (a request for a variant meanwhile makes that one itself, or waits for the same work); safe to
 * run twice or from several processes. An original that cannot be read is skipped. Answers how
 * many variants it made.
 */
export async function prepareImageVariants(store: UploadStore): Promise<number> {
  const names = new Set<string>();
  for await (const file of store.list()) names.add(file.name);
  const stems = [...names].flatMap((name) => ORIGINAL_NAME.exec(name)?.[1] ?? []);
  const unreadable = new Set<string>();
  let made = 0;
  // The narrowest first, of every image: what phones and card grids ask for is ready soonest.
  for (const width of IMAGE_VARIANT_WIDTHS) {
    for (const stem of stems) {
      for (const format of IMAGE_VARIANT_FORMATS) {
        const variant = imageVariantName(stem, width, format);
        if (names.has(variant) || unreadable.has(stem)) continue;
        const ready = await ensureImageVariant(store, variant).catch(() => null);
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
 * Makes a variant (`{stem}-{width}w.{avif|webp}`) that is not in the store from its PNG or
 * JPEG original, and keeps it there: images stored before variants existed, or whose variants
 * were removed, get them on first request. Answers whether the variant is there now: false for
 * a name that is not a variant or whose original does not exist. Safe to run from several
 * processes at once (each stores the whole variant; the last one stored stays).
 */
export async function ensureImageVariant(store: UploadStore, name: string): Promise<boolean> {
  const variant = parseVariantName(name);
  if (!variant || !isUploadFileName(name)) return false;
  if (await store.exists(name)) return true;
  const running = variantsInProgress.get(name);
  if (running) return running;
  const making = (async () => {
    for (const extension of ["png", "jpg", "jpeg"]) {
      const original = await readUpload(store, `${variant.stem}.${extension}`);
      if (!original) continue;
      const data = await encodeVariant(
        (await openStoredImage(original)).rotate(),
        variant.width,
        variant.format,
      );
      await store.put(name, data, uploadContentType(name)).catch(async (error: unknown) => {
        // Another process may have stored it meanwhile; that is as good.
        if (!(await store.exists(name))) throw error;
      });
      return true;
    }
    return false;
  })().finally(() => variantsInProgress.delete(name));
  variantsInProgress.set(name, making);
  return making;
}
