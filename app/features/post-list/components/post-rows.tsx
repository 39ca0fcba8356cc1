import { MailIcon } from "lucide-react";
import { Link } from "react-router";
import { RowThumbnail } from "#app/components/dashboard/row-thumbnail.tsx";
import { editPostPath } from "#app/components/dashboard/sections.ts";
import { CATEGORY_LABELS } from "#app/components/site/post-card.tsx";
import { Badge, statusBadgeVariant } from "#app/components/ui/badge.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { NO_AUTHOR_LABEL, PACK_TYPE_LABELS } from "#common/constants.ts";
import type { StaffPostRow } from "#common/types/post-list.ts";
import { PostDateLine } from "./post-date-line.tsx";
import { PostRowMenu } from "./post-row-menu.tsx";

/**
 * The status as a coloured badge (green published, yellow draft, blue scheduled), and beside it
 * `Changes not live` when the post has saved changes the public does not see until Update, and
 * `E-mail when live` when its newsletter goes out as it goes live.
 */
export function PostStatusBadge({
  post,
}: {
  post: Pick<StaffPostRow, "status" | "changesNotLive" | "newsletterOnPublish">;
}) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Badge variant={statusBadgeVariant(post.status)}>{post.status}</Badge>
      {post.changesNotLive ? (
        <Badge variant="neutral" title="Saved changes wait for Update before the public sees them">
          Changes not live
        </Badge>
      ) : null}
      {post.newsletterOnPublish ? (
        <Badge
          variant="neutral"
          title="The newsletter goes to every active subscriber as the post goes live"
        >
          <MailIcon aria-hidden="true" className="size-3" />
          {NEWSLETTER_ON_PUBLISH_BADGE}
        </Badge>
      ) : null}
    </span>
  );
}

/** The mark of a post whose newsletter goes out when it goes live. */
export const NEWSLETTER_ON_PUBLISH_BADGE = "E-mail when live";

/** The title, linking to the editor. */
export function PostTitleLink({ post }: { post: StaffPostRow }) {
  return (
    <Link
      to={editPostPath(post.id)}
      className="font-semibold break-words text-white hover:text-grass-300 hover:underline focus-visible:underline"
    >
      {post.title}
    </Link>
  );
}

/** "News", "Marketplace · Skin Pack", "YouTube". */
export function postKindText(post: Pick<StaffPostRow, "category" | "packType">): string {
  const category = CATEGORY_LABELS[post.category] ?? post.category;
  if (!post.packType) return category;
  return `${category} · ${PACK_TYPE_LABELS[post.packType] ?? post.packType}`;
}

/** Who wrote the post, by their display name, or the one wording for a post without an author. */
export function postAuthorText(post: Pick<StaffPostRow, "author">): string {
  return post.author?.name ?? NO_AUTHOR_LABEL;
}

/**
 * A post as a compact row shows it: thumbnail, title, status, kind, author, and the date that
 * matters.
 */
export function PostCompactRow({
  post,
  shown = null,
}: {
  post: StaffPostRow;
  /** The date the list is sorted by, when it is not the state's date (PostDateLine). */
  shown?: "updatedAt" | null;
}) {
  return (
    <div className="flex items-start gap-3">
      <RowThumbnail featuredImage={post.featuredImage} className="mt-1 w-16" />
      <div className="min-w-0 flex-1 space-y-1">
        <PostTitleLink post={post} />
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <PostStatusBadge post={post} />
          <span className="text-xs text-zinc-400">{postKindText(post)}</span>
          <span className="text-xs text-zinc-400">· {postAuthorText(post)}</span>
        </div>
        <PostDateLine post={post} shown={shown} />
      </div>
    </div>
  );
}

/** A row's place while the posts load. */
export const POST_ROW_PLACEHOLDER = (
  <div className="flex items-center gap-3 py-3">
    <Skeleton className="h-9 w-16" />
    <div className="flex-1 space-y-2">
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-3 w-1/4" />
    </div>
  </div>
);

/**
 * Posts as compact rows, for the overview's Recent Posts: each row an article named after its
 * post, with its menu.
 */
export function PostCompactList({ posts, label }: { posts: StaffPostRow[]; label: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-night-700">
      {posts.map((post) => (
        <li key={post.id}>
          <article aria-label={post.title} className="flex items-start gap-3 py-3">
            <div className="min-w-0 flex-1">
              <PostCompactRow post={post} />
            </div>
            <PostRowMenu post={post} />
          </article>
        </li>
      ))}
    </ul>
  );
}
