import { ArrowRightIcon, FilmIcon, PlayIcon } from "lucide-react";
import { Link } from "react-router";
import { SiteImage } from "#app/components/site/site-image.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardBody, CardTitle, cardVariants } from "#app/components/ui/card.tsx";
import { Dialog, DialogTrigger } from "#app/components/ui/dialog.tsx";
import { CARD_IMAGE_SIZES } from "#app/components/ui/picture.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { formatCount, formatShortDate } from "#common/format.ts";
import type { VideoEntry } from "./video-entries.ts";
import { VideoPlayerContent } from "./video-player.tsx";

/**
 * A video teaser: thumbnail with its duration, title, date, views and description, and a Play
 * button opening the full-screen player. The whole card plays the video when clicked.
 */
export function VideoCard({ video, eager = false }: { video: VideoEntry; eager?: boolean }) {
  return (
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
          <Dialog>
            <DialogTrigger asChild>
              {/* The stretched ::after makes the whole card a target for this one button. */}
              <Button size="md" className="after:absolute after:inset-0 after:content-['']">
                <PlayIcon aria-hidden="true" className="fill-current" /> Play
                <span className="sr-only"> {video.title}</span>
              </Button>
            </DialogTrigger>
            <VideoPlayerContent videoId={video.videoId} title={video.title} />
          </Dialog>
          {video.postSlug ? (
            <Link
              to={`/blog/${video.postSlug}`}
              className="relative z-10 inline-flex items-center gap-1 text-sm font-semibold text-diamond-300 underline-offset-4 hover:underline"
            >
              Read the post<span className="sr-only">: {video.title}</span>
              <ArrowRightIcon aria-hidden="true" className="size-4" />
            </Link>
          ) : null}
        </div>
      </CardBody>
    </Card>
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

/** Placeholders for the video grid while it loads. */
export function VideoGridSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div role="status" data-testid="videos-skeleton">
      <span className="sr-only">Loading videos…</span>
      <Skeleton className="h-8 w-56" />
      <div className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {placeholderKeys(count).map((key) => (
          <div key={key} className={cardVariants()}>
            <Skeleton className="aspect-video rounded-none" />
            <div className="space-y-3 p-5">
              <Skeleton className="h-3 w-1/3" />
              <Skeleton className="h-5 w-3/4" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-10 w-24" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

function placeholderKeys(count: number): string[] {
  return Array.from({ length: count }, (_, n) => `placeholder-${n}`);
}
