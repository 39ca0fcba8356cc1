import { effectiveState } from "#common/content-rules.ts";
import type { Post, PostSummary } from "#common/types/post.ts";
import { parseStringList } from "#server/db/json-list.ts";
import { seoFieldsOfRow } from "#server/db/post-seo.ts";
import type { PostRow } from "#server/db/tables.ts";

/** A post row as the API and the pages send it. */
export function presentPost(row: PostRow, now = new Date()): Post {
  const { status, publishedAt } = effectiveState(row, now);
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    content: row.content,
    status,
    category: row.category,
    packType: row.packType,
    marketplaceUrl: row.marketplaceUrl,
    youtubeUrl: row.youtubeUrl,
    featuredImage: row.featuredImage,
    featuredImageAlt: row.featuredImageAlt,
    ...seoFieldsOfRow(row),
    scheduledAt: row.scheduledAt,
    timezone: row.timezone,
    releaseDate: row.releaseDate,
    publishedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    tags: parseStringList(row.tags),
    version: row.version,
  };
}

type SummaryRow = Pick<
  PostRow,
  | "id"
  | "title"
  | "status"
  | "category"
  | "createdAt"
  | "slug"
  | "excerpt"
  | "scheduledAt"
  | "publishedAt"
>;

/**
 * A post as staff calls answer it: with its newsletter plan, which the public never sees.
 */
export function presentStaffPost(row: PostRow, now = new Date()): Post {
  return { ...presentPost(row, now), newsletterOnPublish: Boolean(row.newsletterOnPublish) };
}

/** The short form of a post (`GET /api/posts/public`). */
export function presentPostSummary(row: SummaryRow, now = new Date()): PostSummary {
  const { status, publishedAt } = effectiveState(row, now);
  return {
    id: row.id,
    title: row.title,
    status,
    category: row.category,
    createdAt: row.createdAt,
    publishedAt,
    slug: row.slug,
    excerpt: row.excerpt,
  };
}
