import { parseYouTubeId, youTubeThumbnailUrl } from "./youtube.ts";

/**
 * Where a stored image value points: data: and http(s) values are used as they are, anything
 * else is a file name in the uploads folder (docs/product.md#images).
 */
export function imageSrc(value: string | null | undefined): string | null {
  if (!value) return null;
  if (value.startsWith("data:") || value.startsWith("http") || value.startsWith("/uploads/")) {
    return value;
  }
  return `/uploads/${encodeURIComponent(value)}`;
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
