import { ArrowRightIcon, FilmIcon, PlayIcon } from "lucide-react";
import { SiteImage } from "#app/components/site/site-image.tsx";
import { SiteLink } from "#app/components/site/site-link.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardBody, CardTitle } from "#app/components/ui/card.tsx";
import { CARD_IMAGE_SIZES } from "#app/components/ui/picture.tsx";
import { formatCount, formatShortDate } from "#common/format.ts";
import { postPath } from "#common/paths.ts";
import type { VideoEntry } from "./video-entries.ts";
import { VideoPlayer } from "./video-player.tsx";

/**
 * A video teaser: thumbnail with its duration, title, date, views and description, and a Play
 * button opening the full-screen player. The whole card plays the video when clicked. The player
 * follows the card, closed; the site script opens it (app/site-script/video-dialog.client.ts).
 */
export function VideoCard({ video, eager = false }: { video: VideoEntry; eager?: boolean }) {
  const playerId = `video-player-${video.key}`;
  return (
    <>
      <Card className="group relative transition-transform hover:-translate-y-1 hover:ring-grass-500/50">
        <div className="relative aspect-video overflow-hidden bg-night-800">
          <VideoThumbnail src={video.thumbnailUrl} eager={eager} />
          <span
            aria-hidden="true"
            className="absolute inset-0 grid place-items-center bg-night-950/40 opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100"
          >
            <span className="pixel-corners grid size-16 place-items-center bg-grass-500/90 text-night-950 shadow-lg transition-transform group-hover:scale-110">
              <PlayIcon className="size-7 translate-x-0.5 fill-current" />
            </span>
          </span>
          {video.duration ? (
            <span
              data-slot="video-duration"
              className="absolute right-2 bottom-2 rounded bg-black/85 px-1.5 py-0.5 font-mono text-xs font-semibold text-white"
            >
              <span className="sr-only">Duration </span>
              {video.duration}
            </span>
          ) : null}
        </div>
        <CardBody>
          <VideoMeta video={video} />
          <CardTitle className="group-hover:text-grass-300">{video.title}</CardTitle>
          {video.description ? (
            <p className="line-clamp-3 text-sm text-zinc-400">{video.description}</p>
          ) : null}
          <div className="mt-auto flex flex-wrap items-center gap-3 pt-2">
            {/* The stretched ::after makes the whole card a target for this one button. */}
            <Button
              type="button"
              size="md"
              data-video-play={playerId}
              aria-haspopup="dialog"
              className="after:absolute after:inset-0 after:content-['']"
            >
              <PlayIcon aria-hidden="true" className="fill-current" /> Play
              <span className="sr-only"> {video.title}</span>
            </Button>
            {video.postSlug ? (
              <SiteLink
                to={postPath(video.postSlug)}
                className="relative z-10 inline-flex items-center gap-1 text-sm font-semibold text-diamond-300 underline-offset-4 hover:underline"
              >
                Read the post<span className="sr-only">: {video.title}</span>
                <ArrowRightIcon aria-hidden="true" className="size-4" />
              </SiteLink>
            ) : null}
          </div>
        </CardBody>
      </Card>
      <VideoPlayer id={playerId} videoId={video.videoId} title={video.title} />
    </>
  );
}

function VideoMeta({ video }: { video: VideoEntry }) {
  const date = video.publishedAt ? formatShortDate(video.publishedAt) : "";
  const views =
    video.viewCount === null
      ? ""
      : `${formatCount(video.viewCount)} ${video.viewCount === 1 ? "view" : "views"}`;
  if (!date && !views) return null;
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-xs text-zinc-400">
      {date ? <time dateTime={video.publishedAt ?? undefined}>{date}</time> : null}
      {date && views ? <span aria-hidden="true">·</span> : null}
      {views ? <span>{views}</span> : null}
    </p>
  );
}

/** The thumbnail, or a placeholder when it cannot be loaded. */
function VideoThumbnail({ src, eager }: { src: string; eager: boolean }) {
  return (
    <SiteImage
      src={src}
      alt=""
      width={1280}
      height={720}
      sizes={CARD_IMAGE_SIZES}
      eager={eager}
      className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
      fallback={
        <div className="pixel-grid flex size-full items-center justify-center text-night-600">
          <FilmIcon aria-hidden="true" className="size-10" />
        </div>
      }
    />
  );
}
