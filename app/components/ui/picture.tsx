import type * as React from "react";
import { preload } from "react-dom";
import { imageSrcSets } from "#common/images.ts";

/** `sizes` of an image filling a card of the site's card grids (1, 2 or 3 columns). */
export const CARD_IMAGE_SIZES =
  "(min-width: 1280px) 400px, (min-width: 1024px) 31vw, (min-width: 640px) 48vw, 100vw";

/**
 * An image that the browser picks at the size it is shown: a stored PNG or JPEG
 * (`/uploads/…`) becomes a `<picture>` with its AVIF and WebP variants (`srcset` with
 * `sizes`), anything else a plain `<img>`. Give `width` and `height` (the shape it is shown
 * in) so nothing moves while it loads.
 *
 * `priority` marks the page's largest image above the fold: it is preloaded from the page's
 * head with `fetchpriority="high"` and loaded at once. Every other image loads lazily.
 */
export function Picture({
  src,
  sizes,
  priority = false,
  eager = false,
  ...props
}: Omit<React.ComponentProps<"img">, "src" | "srcSet" | "loading" | "fetchPriority"> & {
  src: string;
  sizes: string;
  priority?: boolean;
  /** Above the fold, but not the largest image: loaded at once, at normal priority. */
  eager?: boolean;
}) {
  const sets = imageSrcSets(src);
  if (priority) {
    preload(src, {
      as: "image",
      fetchPriority: "high",
      ...(sets ? { imageSrcSet: sets.avif, imageSizes: sizes, type: "image/avif" } : {}),
    });
  }
  const image = (
    // biome-ignore lint/a11y/useAltText: alt comes with the props
    <img
      src={src}
      loading={priority || eager ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      {...props}
    />
  );
  if (!sets) return image;
  return (
    <picture>
      <source type="image/avif" srcSet={sets.avif} sizes={sizes} />
      <source type="image/webp" srcSet={sets.webp} sizes={sizes} />
      {image}
    </picture>
  );
}
