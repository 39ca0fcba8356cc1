import { BellRingIcon, ExternalLinkIcon, MonitorPlayIcon } from "lucide-react";
import { PageHero } from "#app/components/site/page-hero.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { cardVariants } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/cn.ts";
import { loadAsDocument, staticPage } from "#app/lib/page-hydration.ts";
import { siteMeta } from "#app/lib/site-meta.ts";
import { useRootData } from "#app/root.tsx";
import { serverContext } from "#server/context.server.ts";
import { presentPost } from "#server/presenters/post.server.ts";
import { listPublishedPosts } from "#server/services/public-post-lists.server.ts";
import type { Route } from "./+types/videos.ts";
import { VideoCard } from "./video-card.tsx";
import {
  channelSubscribeUrl,
  chooseVideos,
  type VideoEntry,
  type VideoSource,
} from "./video-entries.ts";

/** Server-rendered HTML with the site script, not hydrated (docs/decisions/031-static-public-pages.md). */
export const handle = staticPage;
export const clientMiddleware = [loadAsDocument];

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(serverContext);
  const now = new Date();
  const rows = await listPublishedPosts(db, { category: "youtube", now });
  return chooseVideos(rows.map((row) => presentPost(row, now)));
}

export default function Videos({ loaderData }: Route.ComponentProps) {
  const channelUrl = useRootData()?.site.videoChannelUrl ?? "";
  return (
    <>
      <PageHero
        label="ON THE CHANNEL"
        labelClassName="text-redstone-400"
        title="Videos"
        lead="Trailers, build breakdowns and behind-the-scenes looks at how our worlds, skins and add-ons come together."
        glowClassName="bg-[radial-gradient(ellipse_at_top,rgba(239,68,68,0.16),transparent_60%)]"
        actions={
          <>
            <Button asChild size="lg">
              <a href={channelUrl} target="_blank" rel="noopener noreferrer">
                <MonitorPlayIcon aria-hidden="true" /> Visit YouTube Channel
              </a>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href={channelSubscribeUrl(channelUrl)} target="_blank" rel="noopener noreferrer">
                <BellRingIcon aria-hidden="true" /> Subscribe
              </a>
            </Button>
          </>
        }
      />
      <section aria-labelledby="video-list-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <VideoList source={loaderData.source} videos={loaderData.videos} />
        <div className="mt-14 flex justify-center">
          <Button asChild size="lg" variant="secondary">
            <a href={channelUrl} target="_blank" rel="noopener noreferrer">
              View More <ExternalLinkIcon aria-hidden="true" />
            </a>
          </Button>
        </div>
      </section>
    </>
  );
}

function VideoList({ source, videos }: { source: VideoSource; videos: VideoEntry[] }) {
  return (
    <>
      <h2 id="video-list-title" className="text-3xl font-bold text-white">
        {source === "featured" ? "Featured videos" : "Latest videos"}
      </h2>
      {videos.length === 0 ? (
        <p className={cn(cardVariants({ layout: "plain" }), "mt-8 p-10 text-center text-zinc-400")}>
          No videos available
        </p>
      ) : (
        <div className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {videos.map((video, index) => (
            <VideoCard key={video.key} video={video} eager={index < 3} />
          ))}
        </div>
      )}
    </>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return siteMeta(matches, {
    title: "Videos",
    description: (company) =>
      `Trailers, build breakdowns and behind-the-scenes videos from ${company}. Watch them here or subscribe on YouTube.`,
  });
}
