import { effectiveState } from "#common/content-rules.ts";
import type { StaffPostRow } from "#common/types/post-list.ts";
import { parseStringList } from "#server/db/json-list.ts";
import type { PostRow } from "#server/db/tables.ts";

/** What a row of the staff list is made from: the list's columns of a post. */
type StaffListRow = Pick<
  PostRow,
  | "id"
  | "title"
  | "slug"
  | "status"
  | "category"
  | "packType"
  | "featuredImageAlt"
  | "tags"
  | "authorId"
  | "scheduledAt"
  | "timezone"
  | "publishedAt"
  | "createdAt"
  | "updatedAt"
  | "marketplaceUrl"
  | "version"
  | "newsletterOnPublish"
> & {
  /** Null for an inline (data:) image, which the list does not send. */
  featuredImage: string | null;
  /** Whether the post has a working copy (SQLite answers 0 or 1, PostgreSQL a boolean). */
  hasWorkingCopy: boolean | number;
};

/**
 * A post as a row of the staff post list; status and publishedAt as the Post answer has them.
 * `names` are display names by user id (services/people.server.ts); an author without one is null.
 */
export function presentStaffPostRow(
  row: StaffListRow,
  names: ReadonlyMap<string, string>,
  now = new Date(),
): StaffPostRow {
  const authorName = row.authorId === null ? undefined : names.get(row.authorId);
  const { status, publishedAt } = effectiveState(row, now);
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    status,
    category: row.category,
    packType: row.packType,
    featuredImage: row.featuredImage,
    featuredImageAlt: row.featuredImageAlt,
    tags: parseStringList(row.tags),
    author:
      row.authorId !== null && authorName !== undefined
        ? { id: row.authorId, name: authorName }
        : null,
    scheduledAt: row.scheduledAt,
    timezone: row.timezone,
    publishedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    marketplaceUrl: row.marketplaceUrl,
    version: row.version,
    changesNotLive: Boolean(row.hasWorkingCopy),
    newsletterOnPublish: Boolean(row.newsletterOnPublish),
  };
}
