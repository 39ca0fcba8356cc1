import { parseYouTubeId, youTubeThumbnailUrl } from "./youtube.ts";

/**
 * Where a stored image value points: data: and http(s) values are used as they are, anything
 * else is a file name in the uploads folder (docs/product/content-model.md#images).
 */
export function imageSrc(value: string | null | undefined): string | null {
  if (!value) return null;
  if (value.startsWith("data:") || value.startsWith("http") || value.startsWith("/uploads/")) {
    return value;
  }
  return `/uploads/${encodeURIComponent(value)}`;
}

/** Widths, in pixels, of the AVIF and WebP variants kept beside every stored PNG or JPEG. */
export const IMAGE_VARIANT_WIDTHS = [480, 960, 1440] as const;

/** The formats of those variants, best first: a browser takes the first it can decode. */
export const IMAGE_VARIANT_FORMATS = ["avif", "webp"] as const;

export type ImageVariantFormat = (typeof IMAGE_VARIANT_FORMATS)[number];

/** A stored PNG or JPEG in the uploads folder, by its address: the part before the extension. */
const STORED_IMAGE_SRC = /^\/uploads\/([A-Za-z0-9][A-Za-z0-9_-]*)\.(?:png|jpe?g)$/;

/**
 * The name of one variant of a stored image: `{stem}.png` at 480 px as AVIF is
 * `{stem}-480w.avif`. A variant is never wider than its original (a narrower original's
 * variants have its own width).
 */
export function imageVariantName(stem: string, width: number, format: ImageVariantFormat): string {
  return `${stem}-${width}w.${format}`;
}

/**
 * The `srcset` of each variant format of an image address, or null when the address is not a
 * stored PNG or JPEG (an http(s) or data: address, or another kind of file): such an image is
 * shown as it is.
 */
export function imageSrcSets(
  src: string | null | undefined,
): Record<ImageVariantFormat, string> | null {
  const stem = src ? STORED_IMAGE_SRC.exec(src)?.[1] : undefined;
  if (!stem) return null;
  const srcSet = (format: ImageVariantFormat) =>
    IMAGE_VARIANT_WIDTHS.map(
      (width) => `/uploads/${imageVariantName(stem, width, format)} ${width}w`,
    ).join(", ");
  return { avif: srcSet("avif"), webp: srcSet("webp") };
}

/** An absolute URL for share previews and feeds. */
export function absoluteImageUrl(value: string | null | undefined, siteUrl: string): string | null {
  const src = imageSrc(value);
  if (!src || src.startsWith("data:")) return null;
  return src.startsWith("http") ? src : `${siteUrl}${src}`;
}

/**
 * The picture of a video post: its featured image, else the thumbnail YouTube serves for the
 * video its URL names, else null. The dashboard's video cards and the public videos page both
 * show it.
 */
export function videoThumbnail(post: {
  featuredImage: string | null;
  youtubeUrl: string | null;
}): string | null {
  const featured = imageSrc(post.featuredImage);
  if (featured) return featured;
  const id = parseYouTubeId(post.youtubeUrl);
  return id ? youTubeThumbnailUrl(id) : null;
}
