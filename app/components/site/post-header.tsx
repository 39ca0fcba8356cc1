import { ArrowLeftIcon, CalendarIcon, RocketIcon, UserIcon } from "lucide-react";
import { SiteLink } from "#app/components/site/site-link.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";
import { formatShortDate, isFuture } from "#common/format.ts";
import { packTypeLabel } from "#common/pack-types.ts";
import { newsTagPath } from "#common/paths.ts";
import { CATEGORY_LABELS } from "./post-card.tsx";

export type PostHeaderData = {
  title: string;
  excerpt: string | null;
  category: string;
  packType: string | null;
  releaseDate: string | null;
  publishedAt: string | null;
  createdAt: string;
  tags: string[];
  /** The author's display name, for the byline; none for a post without an author. */
  author?: string | null;
};

/**
 * The top of a post: category (and for marketplace content the pack type and a way back to
 * the studio), title, excerpt, the byline, the release or publication date, and the tags.
 * `now` is the time the page was rendered, so server and browser agree on "future".
 */
export function PostHeader({ post, now }: { post: PostHeaderData; now: string }) {
  const isMarketplace = post.category === "marketplace-content";
  return (
    <header className="pixel-grid relative overflow-hidden border-b border-night-700">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(ellipse_at_top,rgba(34,211,238,0.14),transparent_65%)]"
      />
      <div className="relative mx-auto max-w-4xl px-4 pt-10 pb-10 sm:px-6 sm:pt-14 sm:pb-12">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="blue">{CATEGORY_LABELS[post.category] ?? post.category}</Badge>
            {isMarketplace && post.packType ? (
              <Badge variant="pixel">{packTypeLabel(post.packType)}</Badge>
            ) : null}
          </div>
          {isMarketplace ? (
            <Button asChild variant="outline" size="sm">
              <SiteLink to="/studio">
                <ArrowLeftIcon aria-hidden="true" /> Back to Studio
              </SiteLink>
            </Button>
          ) : null}
        </div>
        <h1 className="mt-6 text-4xl leading-tight font-bold tracking-tight text-balance break-words text-white sm:text-5xl">
          {post.title}
        </h1>
        {post.excerpt ? (
          <p className="mt-5 text-lg text-pretty text-zinc-300 sm:text-xl">{post.excerpt}</p>
        ) : null}
        <div className="mt-7 flex flex-wrap items-center gap-x-4 gap-y-3 text-sm text-zinc-400">
          {post.author ? (
            <p className="inline-flex items-center gap-1.5">
              <UserIcon aria-hidden="true" className="size-4" />
              By {post.author}
            </p>
          ) : null}
          <PostDate post={post} now={now} />
          <PostTags tags={post.tags} />
        </div>
      </div>
    </header>
  );
}

/**
 * Marketplace content with a release date shows it, yellow while it is still coming and green
 * once released; everything else shows when it was published.
 */
function PostDate({ post, now }: { post: PostHeaderData; now: string }) {
  if (post.category === "marketplace-content" && post.releaseDate) {
    const upcoming = isFuture(post.releaseDate, new Date(now));
    return (
      <Badge variant={upcoming ? "yellow" : "green"} className="px-2.5 py-1 text-sm">
        {upcoming ? (
          <CalendarIcon aria-hidden="true" className="size-4" />
        ) : (
          <RocketIcon aria-hidden="true" className="size-4" />
        )}
        {upcoming ? "Releases" : "Released"}{" "}
        <time dateTime={post.releaseDate}>{formatShortDate(post.releaseDate)}</time>
      </Badge>
    );
  }
  const published = post.publishedAt ?? post.createdAt;
  return (
    <span className="inline-flex items-center gap-1.5">
      <CalendarIcon aria-hidden="true" className="size-4" />
      <time dateTime={published}>{formatShortDate(published)}</time>
    </span>
  );
}

/** A post's tags, each shown with "#" and leading to the articles that carry it. */
export function PostTags({ tags, className }: { tags: string[]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Tags" className={cn("flex flex-wrap gap-2", className)}>
      {tags.map((tag) => (
        <li key={tag} className="min-w-0">
          <SiteLink
            to={newsTagPath(tag)}
            className="block rounded bg-night-800 px-2 py-0.5 text-xs font-medium break-words text-diamond-300 ring-1 ring-night-600 hover:bg-night-700 hover:text-diamond-200 focus-visible:ring-2 focus-visible:ring-diamond-400 focus-visible:outline-none"
          >
            #{tag}
          </SiteLink>
        </li>
      ))}
    </ul>
  );
}
