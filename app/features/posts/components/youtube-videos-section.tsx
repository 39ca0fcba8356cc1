import {
  ExternalLinkIcon,
  MonitorPlayIcon,
  PencilIcon,
  PlusIcon,
  Trash2Icon,
  VideoOffIcon,
} from "lucide-react";
import { Link, useNavigate } from "react-router";
import { EmptyState } from "#app/components/dashboard/empty-state.tsx";
import { QueryList } from "#app/components/dashboard/query-list.tsx";
import { Badge, statusBadgeVariant } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardBody } from "#app/components/ui/card.tsx";
import { FallbackImage } from "#app/components/ui/fallback-image.tsx";
import { usePosts } from "#app/features/posts/api/get-posts.ts";
import { filterContent } from "#app/features/posts/content-filters.ts";
import { useConfirmDeletePost } from "#app/features/posts/use-confirm-delete-post.ts";
import { videoThumbnail } from "#common/images.ts";
import type { Post } from "#common/types/post.ts";
import { editPostPath } from "./all-posts-section.tsx";
import { CARD_GRID, CARD_PLACEHOLDERS } from "./content-list.tsx";
import { PostDateLine } from "./post-date-line.tsx";

/** Where the editor opens for a new video post. */
export const ADD_VIDEO_PATH = "/dashboard/create?category=youtube";

/**
 * YouTube Videos (docs/product.md#videos-section, #real-apps-and-videos-sections): the
 * youtube-category posts, newest first, with their thumbnails, to edit or delete, and a way to
 * add one.
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
      <QueryList
        query={posts}
        items={videos}
        label="YouTube Videos"
        className={CARD_GRID}
        loading={CARD_PLACEHOLDERS}
        errorFallback="Failed to load the videos."
        empty={
          <EmptyState
            icon={MonitorPlayIcon}
            title="No YouTube videos yet"
            description="Add a video post and it will show here with its thumbnail."
            action={<AddVideoButton />}
          />
        }
        itemKey={(post) => post.id}
        renderItem={(post) => <VideoCard post={post} />}
      />
    </section>
  );
}

function AddVideoButton() {
  return (
    <Button asChild>
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

  return (
    <Card as="article" aria-label={post.title} data-slot="video-card" className="h-full">
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
      <CardBody>
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
        <PostDateLine post={post} />
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
      </CardBody>
    </Card>
  );
}
