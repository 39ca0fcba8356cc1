import type { Sharp } from "sharp";
import { MAX_IMAGE_SIDE } from "#common/constants.ts";
import {
  IMAGE_VARIANT_FORMATS,
  IMAGE_VARIANT_WIDTHS,
  type ImageVariantFormat,
  imageVariantName,
} from "#common/images.ts";

type SharpModule = typeof import("sharp")["default"];

let loading: Promise<SharpModule> | undefined;

/**
 * sharp, loaded on first use: libvips and its libraries add about 20 MB to the process's memory
 * the moment they are loaded, and a server that is not handed an image (most of the time) never
 * needs them (docs/decisions/017-memory-ceiling.md). No operation cache: libvips keeps the
 * results of recent operations (up to 50 MB by default) in case the same image is worked on
 * again, and every upload is a different image.
 */
export function loadSharp(): Promise<SharpModule> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loading;
}

/**
 * Encoder settings of the variants: AVIF at sharp's default quality with a low effort (it
 * encodes several times faster than the default for files a few percent larger), WebP a
 * little below its default quality; both look the same as the original at the sizes shown.
 */
const ENCODERS: Record<ImageVariantFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 75, effort: 3 }),
};

/** A variant's name split into its parts, or null for any other name. */
export function parseVariantName(
  name: string,
): { stem: string; width: number; format: ImageVariantFormat } | null {
  const match = /^([A-Za-z0-9][A-Za-z0-9_-]*)-(\d+)w\.(avif|webp)$/.exec(name);
  const [, stem, digits, format] = match ?? [];
  const width = Number(digits);
  if (!stem || !(IMAGE_VARIANT_WIDTHS as readonly number[]).includes(width)) return null;
  return { stem, width, format: format as ImageVariantFormat };
}

/** One variant of an upright image: `width` wide at most, never enlarged. */
export function encodeVariant(
  image: Sharp,
  width: number,
  format: ImageVariantFormat,
): Promise<Buffer> {
  const resized = image.clone().resize({
    width,
    height: MAX_IMAGE_SIDE,
    fit: "inside",
    withoutEnlargement: true,
  });
  return ENCODERS[format](resized).toBuffer();
}

/**
 * Every variant of an image (IMAGE_VARIANT_WIDTHS in each of IMAGE_VARIANT_FORMATS), named
 * after `stem`. `image` must already be upright and free of metadata worth keeping.
 */
export async function encodeVariants(
  image: Sharp,
  stem: string,
): Promise<{ name: string; data: Buffer }[]> {
  const jobs = IMAGE_VARIANT_WIDTHS.flatMap((width) =>
    IMAGE_VARIANT_FORMATS.map(async (format) => ({
      name: imageVariantName(stem, width, format),
      data: await encodeVariant(image, width, format),
    })),
  );
  return Promise.all(jobs);
}

/** Opens a stored original (its bytes) for making variants from it. */
export async function openStoredImage(file: Buffer): Promise<Sharp> {
  const sharp = await loadSharp();
  return sharp(file, { failOn: "error" });
}
