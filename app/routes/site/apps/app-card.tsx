import { ExternalLinkIcon, MegaphoneIcon } from "lucide-react";
import type * as React from "react";
import { COVER_IMAGE_ICONS, CoverImage } from "#app/components/site/cover-image.tsx";
import { SpriteIcon, type SpriteIconName } from "#app/components/site/icon-sprite.tsx";
import { SiteImage } from "#app/components/site/site-image.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { cardVariants } from "#app/components/ui/card.tsx";
import {
  APP_RELATIONSHIP_LABELS,
  APP_STATUS_LABELS,
  isBanned,
  platformLabel,
  ratingLabel,
  releaseYear,
} from "#app/lib/app-filters.ts";
import { cn } from "#app/lib/cn.ts";
import { formatCount, isFuture } from "#common/format.ts";
import { imageSrc } from "#common/images.ts";
import type { App } from "#common/types/app.ts";

/** The text of the overlay on a banned app (docs/product/public-site.md#apps). */
export const BANNED_OVERLAY_TEXT = "BANNED BY MICROSOFT NOV 2021";

/** The sprite's icons an `AppCard` draws: a page of cards renders `<IconSprite icons={…} />` once. */
export const APP_CARD_ICONS: readonly SpriteIconName[] = [
  ...COVER_IMAGE_ICONS,
  "star-filled",
  "globe",
  "download",
];

/**
 * One app or tool. Its id is the app's slug, so /apps#{slug} scrolls to it (the browser does,
 * below the fixed navigation through the page's scroll padding) and highlights it (`:target`).
 */
export function AppCard({
  app,
  now,
  petitionUrl,
  eager = false,
  priority = false,
}: {
  app: App;
  now: Date;
  petitionUrl: string;
  eager?: boolean;
  /** The first card: its image is the page's largest (CoverImage). */
  priority?: boolean;
}) {
  const banned = isBanned(app);
  const nameId = `app-${app.slug}-name`;
  const year = releaseYear(app.releaseDate);
  const rating = ratingLabel(app.rating);
  const statusLabel = APP_STATUS_LABELS[app.status];
  return (
    <article
      id={app.slug}
      aria-labelledby={nameId}
      data-slot="app-card"
      data-banned={banned || undefined}
      className={cn(
        cardVariants(),
        "h-full transition-shadow target:shadow-[0_0_0_4px_rgba(74,222,128,0.25)] target:ring-2 target:ring-grass-400",
      )}
    >
      <div className="relative">
        <CoverImage
          src={imageSrc(app.imageUrl)}
          eager={eager}
          priority={priority}
          imageClassName={banned ? "grayscale" : undefined}
        />
        {banned ? <BannedOverlay petitionUrl={petitionUrl} appName={app.name} /> : null}
      </div>
      <div className="flex flex-1 flex-col gap-4 p-5">
        <div className="flex items-start gap-4">
          <AppLogo src={imageSrc(app.logoUrl)} />
          <div className="min-w-0 flex-1">
            <h3 id={nameId} className="text-xl leading-tight font-bold text-white">
              {app.name}
            </h3>
            <div className="mt-2 flex flex-wrap gap-1.5">
              <Badge variant="blue">{app.category}</Badge>
              {APP_RELATIONSHIP_LABELS[app.relationship] ? (
                <Badge variant={app.relationship === "developed" ? "green" : "neutral"}>
                  {APP_RELATIONSHIP_LABELS[app.relationship]}
                </Badge>
              ) : null}
              {statusLabel ? <Badge variant="yellow">{statusLabel}</Badge> : null}
            </div>
          </div>
        </div>
        <p className="font-medium text-zinc-200">{app.shortDescription}</p>
        {app.description && app.description !== app.shortDescription ? (
          <p className="line-clamp-4 text-sm text-zinc-400">{app.description}</p>
        ) : null}
        <dl className="mt-auto grid grid-cols-3 gap-2 rounded-lg bg-night-850 p-3 text-center ring-1 ring-night-700">
          <div>
            <dt className="text-[0.7rem] font-semibold tracking-wide text-zinc-400 uppercase">
              Downloads
            </dt>
            <dd className="mt-1 font-display text-lg font-bold text-white tabular-nums">
              {formatCount(app.downloadCount)}
            </dd>
          </div>
          <div>
            <dt className="text-[0.7rem] font-semibold tracking-wide text-zinc-400 uppercase">
              Rating
            </dt>
            <dd className="mt-1 flex items-center justify-center gap-1 font-display text-lg font-bold text-white">
              {rating && app.rating !== null ? (
                <>
                  <SpriteIcon name="star-filled" className="size-4 text-gold-400" />
                  <span aria-hidden="true" className="tabular-nums">
                    {app.rating.toFixed(1)}
                  </span>
                  <span className="sr-only">{rating}</span>
                </>
              ) : (
                <span className="text-sm font-semibold text-zinc-400">Not rated</span>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-[0.7rem] font-semibold tracking-wide text-zinc-400 uppercase">
              {isFuture(app.releaseDate, now) ? "Expected" : "Released"}
            </dt>
            <dd className="mt-1 font-display text-lg font-bold text-white tabular-nums">
              {year ?? <span className="text-sm font-semibold text-zinc-400">TBA</span>}
            </dd>
          </div>
        </dl>
        {app.platforms.length > 0 ? (
          <div className="flex flex-wrap items-center gap-1.5">
            <span className="text-xs font-semibold text-zinc-400">Platforms:</span>
            <ul className="flex flex-wrap gap-1.5" aria-label="Platforms">
              {app.platforms.map((platform) => (
                <li key={platform}>
                  <Badge>{platformLabel(platform)}</Badge>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <div className="grid grid-cols-2 gap-3 border-t border-night-700 px-5 py-4">
        <AppLinkButton
          href={app.websiteUrl}
          label="Visit"
          appName={app.name}
          icon={<SpriteIcon name="globe" />}
        />
        <AppLinkButton
          href={app.downloadUrl}
          label="Download"
          appName={app.name}
          icon={<SpriteIcon name="download" />}
          primary
        />
      </div>
    </article>
  );
}

/** Visit or Download: a link opening a new tab, or a disabled button when there is no URL. */
function AppLinkButton({
  href,
  label,
  appName,
  icon,
  primary = false,
}: {
  href: string | null;
  label: string;
  appName: string;
  icon: React.ReactNode;
  primary?: boolean;
}) {
  const variant = primary ? "primary" : "outline";
  if (!href) {
    return (
      <Button size="sm" variant="secondary" disabled title={`${label} is not available`}>
        {icon}
        {label}
      </Button>
    );
  }
  return (
    <Button asChild size="sm" variant={variant}>
      <a href={href} target="_blank" rel="noopener noreferrer">
        {icon}
        {label}
        <span className="sr-only"> {appName} (opens in a new tab)</span>
      </a>
    </Button>
  );
}

function BannedOverlay({ petitionUrl, appName }: { petitionUrl: string; appName: string }) {
  return (
    <a
      href={petitionUrl}
      target="_blank"
      rel="noopener noreferrer"
      data-slot="banned-overlay"
      className="group/banned absolute inset-0 flex flex-col items-center justify-center gap-3 bg-night-950/75 p-4 text-center focus-visible:outline-offset-[-4px]"
    >
      <span className="-rotate-3 border-2 border-redstone-500 bg-night-950 px-3 py-2 font-pixel text-[0.6rem] leading-5 text-redstone-400 shadow-lg sm:text-[0.65rem]">
        {BANNED_OVERLAY_TEXT}
      </span>
      <span className="inline-flex items-center gap-1.5 rounded-md bg-night-950/90 px-3 py-1.5 text-sm font-semibold text-white group-hover/banned:text-grass-300">
        <MegaphoneIcon aria-hidden="true" className="size-4" />
        Sign the petition
        <span className="sr-only"> to bring back {appName} (opens in a new tab)</span>
        <ExternalLinkIcon aria-hidden="true" className="size-3.5" />
      </span>
    </a>
  );
}

function AppLogo({ src }: { src: string | null }) {
  return (
    <div className="size-14 shrink-0 overflow-hidden rounded-xl bg-night-800 ring-1 ring-night-600">
      <SiteImage
        src={src}
        alt=""
        width={56}
        height={56}
        sizes="56px"
        className="size-full object-cover"
        fallback={null}
      />
    </div>
  );
}
