import type * as React from "react";
import { Picture } from "#app/components/ui/picture.tsx";

/**
 * An image of the public site with a stand-in (`fallback`) for when there is no source or the
 * file fails to load. Both are in the server's HTML, the stand-in hidden; the site script swaps
 * them when the image fails (app/site-script/image-fallback.client.ts), also on a page React does
 * not hydrate. With `sizes`, it is a responsive `Picture` (its variants, lazy unless `priority`
 * or `eager`). The dashboard, where sources change as staff edit, uses `FallbackImage`.
 */
export function SiteImage({
  src,
  fallback,
  sizes,
  priority,
  eager,
  ...props
}: Omit<React.ComponentProps<"img">, "src" | "sizes" | "onError"> & {
  src: string | null | undefined;
  fallback: React.ReactNode;
  sizes?: string;
  priority?: boolean;
  eager?: boolean;
}) {
  if (!src) return <>{fallback}</>;
  return (
    <div data-image-fallback="" className="contents">
      {sizes !== undefined ? (
        <Picture src={src} sizes={sizes} priority={priority} eager={eager} {...props} />
      ) : (
        // biome-ignore lint/a11y/useAltText: alt comes with the props
        <img src={src} {...props} />
      )}
      <div data-fallback="" hidden className="contents">
        {fallback}
      </div>
    </div>
  );
}
