import { SpriteIcon, type SpriteIconName } from "#app/components/site/icon-sprite.tsx";
import { SiteImage } from "#app/components/site/site-image.tsx";
import { CARD_IMAGE_SIZES } from "#app/components/ui/picture.tsx";
import { cn } from "#app/lib/cn.ts";

/** The sprite's icons a `CoverImage` draws (its placeholder's): part of its card's list. */
export const COVER_IMAGE_ICONS: readonly SpriteIconName[] = ["image-off"];

/**
 * A card's 1200 x 630 cover image, decorative (the card's heading names it), with the pixel
 * placeholder when there is none or it fails to load, at the size of a card in the site's grids.
 * The first cards of a list load eagerly, the very first with priority (the page's largest image).
 */
export function CoverImage({
  src,
  eager,
  priority = false,
  className,
  imageClassName,
}: {
  src: string | null;
  eager: boolean;
  priority?: boolean;
  className?: string;
  imageClassName?: string;
}) {
  return (
    <div className={cn("aspect-[1200/630] overflow-hidden bg-night-800", className)}>
      <SiteImage
        src={src}
        alt=""
        width={1200}
        height={630}
        sizes={CARD_IMAGE_SIZES}
        eager={eager}
        priority={priority}
        className={cn("size-full object-cover", imageClassName)}
        fallback={
          <div
            data-slot="image-placeholder"
            className="pixel-grid flex size-full items-center justify-center text-night-600"
          >
            <SpriteIcon name="image-off" className="size-10" />
          </div>
        }
      />
    </div>
  );
}
