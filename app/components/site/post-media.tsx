import { ExternalLinkIcon, ImageOffIcon, PlayIcon } from "lucide-react";
import { Card, cardVariants } from "#app/components/ui/card.tsx";
import { Picture } from "#app/components/ui/picture.tsx";
import { cn } from "#app/lib/cn.ts";
import { imageSrc } from "#common/images.ts";
import { parseYouTubeId, youTubeEmbedUrl } from "#common/youtube.ts";

/** Featured images are made for share previews: 1200 x 630. */
const FEATURED_WIDTH = 1200;
const FEATURED_HEIGHT = 630;
/** The width it is shown at: the article's column (max-w-4xl less its padding) or the screen's. */
const FEATURED_SIZES = "(min-width: 896px) 848px, calc(100vw - 32px)";

/**
 * The post's featured image, or the block 'Featured image not available' when there is none
 * or it fails to load: the site script swaps them (app/site-script/image-fallback.client.ts),
 * on the static post page and in the dashboard's preview alike. Render it with `key={image}`
 * so another post's image starts afresh. It is the page's largest image, so it is preloaded
 * with priority.
 */
export function PostFeaturedImage({ image, alt }: { image: string; alt: string }) {
  const src = imageSrc(image);
  const fallback = (
    <Card
      data-fallback=""
      hidden={src !== null}
      className="pixel-grid aspect-[1200/630] w-full items-center justify-center gap-3 text-zinc-400"
    >
      <ImageOffIcon aria-hidden="true" className="size-10 text-night-600" />
      <p className="text-sm font-medium">Featured image not available</p>
    </Card>
  );
  if (src === null) return fallback;
  return (
    <div data-image-fallback="" className="contents">
      <Picture
        src={src}
        sizes={FEATURED_SIZES}
        priority
        alt={alt}
        width={FEATURED_WIDTH}
        height={FEATURED_HEIGHT}
        className={cn(cardVariants({ layout: "plain" }), "aspect-[1200/630] w-full object-cover")}
      />
      {fallback}
    </div>
  );
}

/** Only http(s) addresses become links; anything else stored in a URL field is ignored. */
export function webUrl(value: string | null | undefined): string | null {
  return value && /^https?:\/\//i.test(value.trim()) ? value.trim() : null;
}

/**
 * 'Trailer Video': the YouTube player for the post's video (watch, youtu.be, embed, v/ and
 * shorts addresses), loaded from YouTube's privacy-enhanced host. An address that is not a
 * YouTube video becomes a plain link.
 */
export function PostTrailer({ youtubeUrl, title }: { youtubeUrl: string; title: string }) {
  const id = parseYouTubeId(youtubeUrl);
  const link = webUrl(youtubeUrl);
  if (!id && !link) return null;
  return (
    <section aria-labelledby="trailer-title" className="space-y-4">
      <h2
        id="trailer-title"
        className="flex items-center gap-2 text-2xl font-bold text-white [&_svg]:size-5"
      >
        <PlayIcon aria-hidden="true" className="text-redstone-400" /> Trailer Video
      </h2>
      {id ? (
        <div className={cn(cardVariants({ layout: "plain" }), "aspect-video overflow-hidden")}>
          <iframe
            src={youTubeEmbedUrl(id)}
            title={`${title}: trailer video`}
            width={1280}
            height={720}
            loading="lazy"
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
            referrerPolicy="strict-origin-when-cross-origin"
            allowFullScreen
            className="size-full"
          />
        </div>
      ) : (
        <a
          href={link ?? undefined}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-2 text-diamond-300 underline underline-offset-4 hover:text-diamond-400"
        >
          Watch the video <ExternalLinkIcon aria-hidden="true" className="size-4" />
        </a>
      )}
    </section>
  );
}
