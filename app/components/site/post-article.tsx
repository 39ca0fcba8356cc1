import { formatLongDate } from "#common/format.ts";
import type { Post } from "#common/types/post.ts";
import { PostHeader, PostTags } from "./post-header.tsx";
import { PostMarketplacePanel } from "./post-marketplace-panel.tsx";
import { PostFeaturedImage, PostTrailer } from "./post-media.tsx";
import { ShareButtons } from "./share-buttons.tsx";

/**
 * What a post page shows of a post, besides its (sanitized) content; `author` is the byline's
 * display name (none in the editor's preview).
 */
export type PostArticleData = { author?: string | null } & Pick<
  Post,
  | "title"
  | "excerpt"
  | "category"
  | "packType"
  | "marketplaceUrl"
  | "youtubeUrl"
  | "featuredImage"
  | "featuredImageAlt"
  | "releaseDate"
  | "publishedAt"
  | "createdAt"
  | "tags"
>;

/**
 * A post as its public page shows it: header, featured image, trailer, marketplace panel,
 * content, share buttons and footer. The editor's preview renders the same component.
 * `contentHtml` must already be sanitized (or be the editor's own output); `now` is the time
 * of rendering, so server and browser agree on whether a release date has passed.
 */
export function PostArticle({
  post,
  contentHtml,
  now,
  shareUrl,
}: {
  post: PostArticleData;
  contentHtml: string;
  now: string;
  shareUrl: string;
}) {
  const published = post.publishedAt ?? post.createdAt;
  return (
    <>
      <PostHeader post={post} now={now} />
      <div className="mx-auto max-w-4xl space-y-12 px-4 py-10 sm:px-6 sm:py-12">
        {post.featuredImage ? (
          <PostFeaturedImage
            key={post.featuredImage}
            image={post.featuredImage}
            alt={post.featuredImageAlt || post.title}
          />
        ) : null}
        {post.youtubeUrl ? <PostTrailer youtubeUrl={post.youtubeUrl} title={post.title} /> : null}
        {post.marketplaceUrl ? <PostMarketplacePanel marketplaceUrl={post.marketplaceUrl} /> : null}
        <div
          className="prose-post break-words"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the caller
          dangerouslySetInnerHTML={{ __html: contentHtml }}
        />
        <footer className="space-y-8 border-t border-night-700 pt-8">
          <section aria-labelledby="share-title">
            <h2 id="share-title" className="text-lg font-bold text-white">
              Share this post
            </h2>
            <ShareButtons url={shareUrl} title={post.title} className="mt-4" />
          </section>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-zinc-400">
              Published on <time dateTime={published}>{formatLongDate(published)}</time>
            </p>
            <PostTags tags={post.tags} />
          </div>
        </footer>
      </div>
    </>
  );
}
