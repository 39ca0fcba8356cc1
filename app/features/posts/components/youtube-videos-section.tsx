import {
  ExternalLinkIcon,
  MonitorPlayIcon,
  PencilIcon,
  PlusIcon,
  Trash2Icon,
  VideoOffIcon,
} from "lucide-react";
import { Link, useNavigate } from "react-router";
import { Badge, statusBadgeVariant } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FallbackImage } from "#app/components/ui/fallback-image.tsx";
import { SkeletonCard } from "#app/components/ui/skeleton.tsx";
import { usePosts } from "#app/features/posts/api/get-posts.ts";
import { filterContent } from "#app/features/posts/content-filters.ts";
import { useConfirmDeletePost } from "#app/features/posts/use-confirm-delete-post.ts";
import { errorMessage } from "#app/lib/api-client.ts";
import { formatShortDate } from "#common/format.ts";
import { videoThumbnail } from "#common/images.ts";
import type { Post } from "#common/types/post.ts";
import { editPostPath } from "./all-posts-section.tsx";

/** Where the editor opens for a new video post. */
export const ADD_VIDEO_PATH = "/dashboard/create?category=youtube";

const PLACEHOLDER_CARDS = 6;
const GRID = "grid grid-cols-1 gap-5 md:grid-cols-2 xl:grid-cols-3";

/**
 * YouTube Videos (DECISIONS.md section 5): the youtube-category posts, newest first, with their
 * thumbnails, to edit or delete, and a way to add one.
 */
export function YouTubeVideosSection() {
  const posts = usePosts();
  const videos = posts.data ? filterContent(posts.data, { filter: "youtube" }) : [];

  return (
    <section aria-labelledby="videos-title">
      <header className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="videos-title" className="text-3xl font-bold text-white">
            YouTube Videos
          </h1>
          <p className="mt-1 text-zinc-400">
            Video posts: the published ones appear on the Videos page.
          </p>
        </div>
        <AddVideoButton />
      </header>
      {posts.isPending ? (
        <ul aria-label="YouTube Videos (loading)" aria-busy="true" className={GRID}>
          {Array.from({ length: PLACEHOLDER_CARDS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <li key={i}>
              <SkeletonCard />
            </li>
          ))}
        </ul>
      ) : posts.isError ? (
        <p role="alert" className="text-redstone-400">
          {errorMessage(posts.error, "Failed to load the videos.")}
        </p>
      ) : videos.length === 0 ? (
        <div className="rounded-xl border border-dashed border-night-600 px-6 py-14 text-center">
          <MonitorPlayIcon aria-hidden="true" className="mx-auto size-10 text-zinc-500" />
          <p className="mt-4 text-lg font-semibold text-white">No YouTube videos yet</p>
          <p className="mt-1 text-sm text-zinc-400">
            Add a video post and it will show here with its thumbnail.
          </p>
          <AddVideoButton className="mt-6" />
        </div>
      ) : (
        <ul aria-label="YouTube Videos" className={GRID}>
          {videos.map((post) => (
            <li key={post.id}>
              <VideoCard post={post} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AddVideoButton({ className }: { className?: string }) {
  return (
    <Button asChild className={className}>
      <Link to={ADD_VIDEO_PATH}>
        <PlusIcon aria-hidden="true" />
        Add YouTube Video
      </Link>
    </Button>
  );
}

function VideoCard({ post }: { post: Post }) {
  const navigate = useNavigate();
  const { confirmAndDelete, isDeleting } = useConfirmDeletePost();
  // A published video shows when it went out; anything else when it was written.
  const published = post.status === "published" && post.publishedAt !== null;
  const shownDate = published && post.publishedAt ? post.publishedAt : post.createdAt;

  return (
    <article
      aria-label={post.title}
      data-slot="video-card"
      className="flex h-full flex-col overflow-hidden rounded-xl bg-night-900 ring-1 ring-night-700"
    >
      <div className="aspect-video overflow-hidden bg-night-800">
        <FallbackImage
          src={videoThumbnail(post)}
          alt=""
          width={480}
          height={270}
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
          fallback={
            <div className="pixel-grid flex size-full items-center justify-center text-night-600">
              <VideoOffIcon aria-hidden="true" className="size-8" />
            </div>
          }
        />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={statusBadgeVariant(post.status)}>{post.status}</Badge>
        </div>
        <h2 className="text-lg leading-snug font-bold text-white">
          <Link
            to={`/blog/${post.slug}`}
            className="hover:text-grass-300 hover:underline focus-visible:underline"
          >
            {post.title}
          </Link>
        </h2>
        <p className="text-xs text-zinc-400">
          {published ? "Published " : "Created "}
          <time dateTime={shownDate}>{formatShortDate(shownDate)}</time>
        </p>
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => navigate(editPostPath(post))}
            aria-label={`Edit ${post.title}`}
          >
            <PencilIcon aria-hidden="true" />
            Edit
          </Button>
          {post.youtubeUrl ? (
            <Button asChild size="sm" variant="secondary">
              <a
                href={post.youtubeUrl}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Watch ${post.title} on YouTube (new tab)`}
              >
                <ExternalLinkIcon aria-hidden="true" />
                Watch
              </a>
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="destructive"
            onClick={() => confirmAndDelete(post)}
            disabled={isDeleting}
            aria-label={`Delete ${post.title}`}
          >
            <Trash2Icon aria-hidden="true" />
            Delete
          </Button>
        </div>
      </div>
    </article>
  );
}
