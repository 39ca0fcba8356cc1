import { COVER_IMAGE_ICONS, CoverImage } from "#app/components/site/cover-image.tsx";
import { SpriteIcon, type SpriteIconName } from "#app/components/site/icon-sprite.tsx";
import { SiteLink } from "#app/components/site/site-link.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { cardVariants } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/cn.ts";
import { formatShortDate } from "#common/format.ts";
import { imageSrc } from "#common/images.ts";
import { studioPostPath } from "#common/paths.ts";
import type { PackCardItem } from "#common/types/post-list.ts";
import {
  canGetPack,
  STUDIO_STATUS_LABELS,
  type StudioStatus,
  studioPackLabel,
  studioStatus,
} from "./studio-filters.ts";

/** The sprite's icons a `StudioCard` draws: a page of cards renders `<IconSprite icons={…} />` once. */
export const STUDIO_CARD_ICONS: readonly SpriteIconName[] = [
  ...COVER_IMAGE_ICONS,
  "calendar-days",
  "external-link",
];

const STATUS_VARIANTS: Record<StudioStatus, "green" | "blue" | "yellow"> = {
  live: "green",
  "coming-soon": "blue",
  draft: "yellow",
};

/**
 * One marketplace pack: the whole card opens its post (/post/{slug}); Get Pack opens the
 * marketplace in a new tab once the pack is out.
 */
export function StudioCard({
  item,
  now,
  eager = false,
  priority = false,
}: {
  item: PackCardItem;
  now: Date;
  eager?: boolean;
  /** The first card: its image is the page's largest (CoverImage). */
  priority?: boolean;
}) {
  const status = studioStatus(item, now);
  const packLabel = studioPackLabel(item.packType);
  const launched = status !== "coming-soon";
  const getPack = canGetPack(item, now);
  return (
    <article
      data-slot="studio-card"
      className={cn(
        cardVariants(),
        "group relative h-full transition hover:-translate-y-1 hover:ring-grass-500/50 focus-within:ring-grass-500/50",
      )}
    >
      <CoverImage
        src={imageSrc(item.imageUrl)}
        eager={eager}
        priority={priority}
        className="relative"
        imageClassName="transition-transform duration-300 group-hover:scale-105"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center gap-2">
          {packLabel ? <Badge variant="pixel">{packLabel}</Badge> : null}
          <Badge variant={STATUS_VARIANTS[status]} data-status={status}>
            <span
              aria-hidden="true"
              className={cn(
                "size-1.5 rounded-full",
                status === "live" ? "bg-grass-400" : "bg-current",
              )}
            />
            {STUDIO_STATUS_LABELS[status]}
          </Badge>
        </div>
        <h3 className="text-lg leading-snug font-bold text-white">
          <SiteLink
            to={studioPostPath(item.slug)}
            className="after:absolute after:inset-0 after:content-[''] group-hover:text-grass-300 focus-visible:outline-none"
          >
            {item.title}
          </SiteLink>
        </h3>
        {item.shortDescription ? (
          <p className="line-clamp-3 text-sm text-zinc-400">{item.shortDescription}</p>
        ) : null}
      </div>
      <div className="flex items-center justify-between gap-3 border-t border-night-700 px-5 py-4">
        {item.launchDate ? (
          <p className="flex items-center gap-1.5 text-xs text-zinc-400">
            <SpriteIcon name="calendar-days" className="size-3.5" />
            <span>{launched ? "Launched" : "Launches"}</span>{" "}
            <time dateTime={item.launchDate}>{formatShortDate(item.launchDate)}</time>
          </p>
        ) : (
          <span />
        )}
        {getPack && item.marketplaceLink ? (
          <Button asChild size="sm" className="relative z-10">
            <a href={item.marketplaceLink} target="_blank" rel="noopener noreferrer">
              Get Pack
              <span className="sr-only">: {item.title} (opens the marketplace in a new tab)</span>
              <SpriteIcon name="external-link" />
            </a>
          </Button>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            disabled
            className="relative z-10"
            title={launched ? "Not on the marketplace yet" : "Available on release day"}
          >
            Get Pack
          </Button>
        )}
      </div>
    </article>
  );
}
