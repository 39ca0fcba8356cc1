import { ImageOffIcon } from "lucide-react";
import { SiteLink } from "#app/components/site/site-link.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Card, CardBody, CardTitle } from "#app/components/ui/card.tsx";
import { CARD_IMAGE_SIZES, Picture } from "#app/components/ui/picture.tsx";
import { formatShortDate } from "#common/format.ts";
import { imageSrc } from "#common/images.ts";
import { postPath } from "#common/paths.ts";

export type PostCardData = {
  title: string;
  slug: string;
  excerpt: string | null;
  category: string;
  featuredImage: string | null;
  featuredImageAlt?: string | null;
  publishedAt: string | null;
  createdAt: string;
};

export const CATEGORY_LABELS: Record<string, string> = {
  news: "News",
  "marketplace-content": "Marketplace",
  youtube: "YouTube",
};

/**
 * A post teaser linking to /blog/{slug}. The first cards of a list are `eager`; the very first
 * has `priority` (the page's largest image).
 */
export function PostCard({
  post,
  eager = false,
  priority = false,
}: {
  post: PostCardData;
  eager?: boolean;
  priority?: boolean;
}) {
  const src = imageSrc(post.featuredImage);
  return (
    <Card className="group transition-transform hover:-translate-y-1 hover:ring-grass-500/50">
      <SiteLink to={postPath(post.slug)} className="flex h-full flex-col">
        <div className="relative aspect-[1200/630] overflow-hidden bg-night-800">
          {src ? (
            <Picture
              src={src}
              sizes={CARD_IMAGE_SIZES}
              alt={post.featuredImageAlt ?? ""}
              width={1200}
              height={630}
              eager={eager}
              priority={priority}
              className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
            />
          ) : (
            <div className="pixel-grid flex size-full items-center justify-center text-night-600">
              <ImageOffIcon aria-hidden="true" className="size-10" />
            </div>
          )}
        </div>
        <CardBody>
          <div className="flex items-center gap-2 text-xs text-zinc-400">
            <Badge variant="blue">{CATEGORY_LABELS[post.category] ?? post.category}</Badge>
            <time dateTime={post.publishedAt ?? post.createdAt}>
              {formatShortDate(post.publishedAt ?? post.createdAt)}
            </time>
          </div>
          <CardTitle className="group-hover:text-grass-300">{post.title}</CardTitle>
          {post.excerpt ? (
            <p className="line-clamp-3 text-sm text-zinc-400">{post.excerpt}</p>
          ) : null}
        </CardBody>
      </SiteLink>
    </Card>
  );
}
