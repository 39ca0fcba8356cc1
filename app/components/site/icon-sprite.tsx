import {
  CalendarDaysIcon,
  DownloadIcon,
  ExternalLinkIcon,
  GlobeIcon,
  ImageOffIcon,
  StarIcon,
} from "lucide-react";

/**
 * The icons every card of a list repeats, drawn once per page: `IconSprite` defines them, and
 * each `SpriteIcon` is a `<use>` of one (about 100 bytes of markup instead of 400-650 for a whole
 * icon, a sixth of /studio's HTML). A symbol holds lucide's own drawing, with the colours and
 * strokes it is drawn with, so a use sets only its size and colour (`currentColor`).
 */
const SPRITE_ICONS = {
  "calendar-days": <CalendarDaysIcon />,
  download: <DownloadIcon />,
  "external-link": <ExternalLinkIcon />,
  globe: <GlobeIcon />,
  "image-off": <ImageOffIcon />,
  "star-filled": <StarIcon fill="currentColor" />,
} as const;

export type SpriteIconName = keyof typeof SPRITE_ICONS;

const symbolId = (name: SpriteIconName) => `icon-${name}`;

/** The definitions of `icons`, for the page that draws them: once per page, out of the flow. */
export function IconSprite({ icons }: { icons: readonly SpriteIconName[] }) {
  return (
    <svg aria-hidden="true" className="absolute size-0 overflow-hidden">
      {icons.map((name) => (
        <symbol key={name} id={symbolId(name)} viewBox="0 0 24 24">
          {SPRITE_ICONS[name]}
        </symbol>
      ))}
    </svg>
  );
}

/**
 * A decorative icon of the page's `IconSprite`: lucide's 24 x 24 unless `className` sizes it,
 * drawn in the text's colour.
 */
export function SpriteIcon({ name, className }: { name: SpriteIconName; className?: string }) {
  return (
    <svg aria-hidden="true" width="24" height="24" className={className}>
      <use href={`#${symbolId(name)}`} />
    </svg>
  );
}
