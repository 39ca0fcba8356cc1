import { effectiveState, studioFilterKey } from "#common/content-rules.ts";
import type { PackCardItem, PostCardItem } from "#common/types/post-list.ts";
import type { PostRow } from "#server/db/tables.ts";

type CardRow = Pick<
  PostRow,
  | "id"
  | "title"
  | "slug"
  | "excerpt"
  | "status"
  | "category"
  | "featuredImage"
  | "featuredImageAlt"
  | "scheduledAt"
  | "publishedAt"
  | "createdAt"
>;

/** A post as a list card shows it (the news page, the paged list calls). */
export function presentPostCard(row: CardRow, now = new Date()): PostCardItem {
  const { status, publishedAt } = effectiveState(row, now);
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    status,
    category: row.category,
    featuredImage: row.featuredImage,
    featuredImageAlt: row.featuredImageAlt,
    publishedAt,
    createdAt: row.createdAt,
  };
}

type PackRow = CardRow & Pick<PostRow, "packType" | "marketplaceUrl" | "releaseDate">;

/** A marketplace pack as a studio card shows it: the portfolio item without its full text. */
export function presentPackCard(row: PackRow, now = new Date()): PackCardItem {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    packType: studioFilterKey(row.packType),
    status: effectiveState(row, now).status,
    shortDescription: row.excerpt,
    launchDate: row.releaseDate,
    createdAt: row.createdAt,
    marketplaceLink: row.marketplaceUrl,
    marketplaceUrl: row.marketplaceUrl,
    imageUrl: row.featuredImage,
    featuredImage: row.featuredImage,
    releaseDate: row.releaseDate,
    isPost: true,
  };
}
