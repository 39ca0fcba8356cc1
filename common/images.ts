/**
 * Where a stored image value points: data: and http(s) values are used as they are, anything
 * else is a file name in the uploads folder (SPEC.md section 2, post detail).
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
