import {
  ExternalLinkIcon,
  ImageOffIcon,
  PencilIcon,
  SearchIcon,
  ShoppingBagIcon,
  Trash2Icon,
} from "lucide-react";
import * as React from "react";
import { Link } from "react-router";
import { EmptyState } from "#app/components/dashboard/empty-state.tsx";
import { type ListPlaceholders, QueryList } from "#app/components/dashboard/query-list.tsx";
import { CATEGORY_LABELS } from "#app/components/site/post-card.tsx";
import { Badge, statusBadgeVariant } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardBody } from "#app/components/ui/card.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { SkeletonCard } from "#app/components/ui/skeleton.tsx";
import { usePosts } from "#app/features/posts/api/get-posts.ts";
import {
  type ContentFilter,
  filterContent,
  filterUsesSearch,
} from "#app/features/posts/content-filters.ts";
import { useConfirmDeletePost } from "#app/features/posts/use-confirm-delete-post.ts";
import { imageSrc } from "#common/images.ts";
import type { Post } from "#common/types/post.ts";
import { PostDateLine } from "./post-date-line.tsx";

/** The grid of post cards: 1, 2 or 3 columns. */
export const CARD_GRID = "grid grid-cols-1 gap-5 md:grid-cols-2 xl:grid-cols-3";

/**
 * The placeholder cards that show while a list of post cards loads
 * (docs/product.md#loading-states).
 */
export const CARD_PLACEHOLDERS: ListPlaceholders = { count: 6, placeholder: <SkeletonCard /> };

/**
 * The dashboard's shared content list (docs/product.md#content-lists): posts in a grid of
 * 1, 2 or 3 columns, in the order of its filter (content-filters.ts), with an optional search
 * box, the date that matters for each post's state, edit, marketplace link and delete on each
 * card.
 */
export function ContentList({
  filter,
  label,
  limit,
  searchable = filterUsesSearch(filter),
  onEdit,
}: {
  filter: ContentFilter;
  /** The list's accessible name ("All Content", "Drafts", ...). */
  label: string;
  limit?: number;
  /** Shows the search box; only lists whose filter keeps the search text use it. */
  searchable?: boolean;
  /** Shows an edit button on each card. */
  onEdit?: (post: Post) => void;
}) {
  const posts = usePosts();
  const [term, setTerm] = React.useState("");
  const searchId = React.useId();
  const shown = posts.data ? filterContent(posts.data, { filter, term, limit }) : [];

  return (
    <div data-slot="content-list">
      {searchable ? (
        <div className="relative mb-6 max-w-md">
          <label htmlFor={searchId} className="sr-only">
            Search content
          </label>
          <SearchIcon
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400"
          />
          <Input
            id={searchId}
            type="search"
            placeholder="Search content..."
            value={term}
            onChange={(event) => setTerm(event.target.value)}
            className="pl-9"
          />
        </div>
      ) : null}
      <QueryList
        query={posts}
        items={shown}
        label={label}
        className={CARD_GRID}
        loading={CARD_PLACEHOLDERS}
        errorFallback="Failed to load the posts."
        empty={<EmptyState title="No content found for the selected filter." />}
        itemKey={(post) => post.id}
        renderItem={(post) => <ContentCard post={post} onEdit={onEdit} />}
      />
    </div>
  );
}

function ContentCard({ post, onEdit }: { post: Post; onEdit?: (post: Post) => void }) {
  const { confirmAndDelete, isDeleting } = useConfirmDeletePost();
  const src = imageSrc(post.featuredImage);

  return (
    <Card as="article" aria-label={post.title} className="h-full">
      <div className="aspect-[1200/630] overflow-hidden bg-night-800">
        {src ? (
          <img
            src={src}
            alt={post.featuredImageAlt ?? ""}
            width={1200}
            height={630}
            loading="lazy"
            decoding="async"
            className="size-full object-cover"
          />
        ) : (
          <div className="pixel-grid flex size-full items-center justify-center text-night-600">
            <ImageOffIcon aria-hidden="true" className="size-8" />
          </div>
        )}
      </div>
      <CardBody>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="neutral">{CATEGORY_LABELS[post.category] ?? post.category}</Badge>
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
        <p className="line-clamp-3 text-sm text-zinc-400">
          {post.excerpt?.trim() ? post.excerpt : "No description available."}
        </p>
        <PostDateLine post={post} />
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          {onEdit ? (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => onEdit(post)}
              aria-label={`Edit ${post.title}`}
            >
              <PencilIcon aria-hidden="true" />
              Edit
            </Button>
          ) : null}
          {post.marketplaceUrl ? (
            <Button asChild size="sm" variant="secondary">
              <a
                href={post.marketplaceUrl}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Open ${post.title} on the marketplace (new tab)`}
              >
                <ShoppingBagIcon aria-hidden="true" />
                Marketplace
                <ExternalLinkIcon aria-hidden="true" />
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
