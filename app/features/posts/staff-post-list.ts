/**
 * The staff post list's contract as the dashboard uses it (docs/product.md#content-lists):
 * `GET /api/posts?page=` answers one page of these rows, `GET /api/posts/authors` the authors
 * for the filter, `POST /api/posts/bulk` changes several posts at once.
 *
 * Declared here until the server's shared declarations (common/types/post-list.ts,
 * common/constants.ts, common/paging.ts) carry them; then these become re-exports.
 */

/** Rows per page of a staff list unless the address asks for another size. */
export const STAFF_PAGE_SIZE = 25;

/** The sorts the staff list accepts; a leading `-` means descending. */
export const STAFF_POST_SORTS = [
  "title",
  "-title",
  "createdAt",
  "-createdAt",
  "updatedAt",
  "-updatedAt",
  "publishedAt",
  "-publishedAt",
  "scheduledAt",
  "-scheduledAt",
] as const;

export type StaffPostSort = (typeof STAFF_POST_SORTS)[number];

/** One row of the staff post list: list fields only, never the post's HTML. */
export type StaffPostRow = {
  id: string;
  title: string;
  slug: string;
  status: string;
  category: string;
  packType: string | null;
  /** As Post.featuredImage (imageSrc() reads it), but never an inline data: URL (null instead). */
  featuredImage: string | null;
  featuredImageAlt: string | null;
  tags: string[];
  author: { id: string; name: string } | null;
  scheduledAt: string | null;
  timezone: string | null;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  marketplaceUrl: string | null;
  version: number;
};

/** A person who wrote at least one post, with how many, for the author filter. */
export type PostAuthor = { id: string; name: string; posts: number };

export const BULK_ACTIONS = ["publish", "unpublish", "delete"] as const;

export type BulkAction = (typeof BULK_ACTIONS)[number];

/** What `POST /api/posts/bulk` answers: the posts it changed, and those it left, with why. */
export type BulkResult = {
  action: BulkAction;
  changed: string[];
  unchanged: { id: string; title: string; reason: string }[];
};
