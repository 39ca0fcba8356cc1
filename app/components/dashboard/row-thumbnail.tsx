import { ImageOffIcon } from "lucide-react";
import { cn } from "#app/lib/cn.ts";
import { imageSrc } from "#common/images.ts";

/**
 * A staff table row's small picture: the post's or item's featured image in the share shape
 * (1200 × 630), or a crossed-out picture when it has none. Decorative: the title says what it is.
 */
export function RowThumbnail({
  featuredImage,
  className,
}: {
  featuredImage: string | null;
  className?: string;
}) {
  const src = imageSrc(featuredImage);
  return (
    <div
      className={cn(
        "aspect-[1200/630] shrink-0 overflow-hidden rounded bg-night-800 ring-1 ring-night-700",
        className,
      )}
    >
      {src ? (
        <img
          src={src}
          alt=""
          width={120}
          height={63}
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
        />
      ) : (
        <div className="flex size-full items-center justify-center text-night-600">
          <ImageOffIcon aria-hidden="true" className="size-4" />
        </div>
      )}
    </div>
  );
}
