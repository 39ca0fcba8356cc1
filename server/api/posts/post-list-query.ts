import {
  DEFAULT_STAFF_POST_SORT,
  MAX_LIST_LIMIT,
  PACK_TYPES,
  POST_CATEGORIES,
  POST_STATUSES,
  STAFF_POST_SORTS,
} from "#common/constants.ts";
import { PUBLIC_PAGE_SIZE } from "#common/paging.ts";
import { fitsTagLength, MAX_TAG_LENGTH } from "#common/tags.ts";
import { z } from "#common/zod.ts";
import { oneOf, pageNumber, staffPageSize } from "#server/api/shared/list-query.ts";

const TAG_FILTER_MESSAGE = `tag must be one tag of 1 to ${MAX_TAG_LENGTH} characters.`;

/** `?limit=` on list calls: a positive whole number; larger than the cap is clamped later. */
export const ListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "limit must be a whole number of 1 or more." })
    .int("limit must be a whole number of 1 or more.")
    .positive("limit must be a whole number of 1 or more.")
    .optional(),
});

/**
 * The paged form of the public list calls (docs/product/public-site.md#paged-lists): `?page=` asks
 * for it, `limit` is then the page size (PUBLIC_PAGE_SIZE when left out), and `q`, `category` and
 * `sort` search, filter and order the list. Without `page` a list call answers as it always has.
 */
export const PagedListQuerySchema = z.object({
  page: pageNumber,
  limit: z.coerce
    .number({ error: "limit must be a whole number of 1 or more." })
    .int("limit must be a whole number of 1 or more.")
    .positive("limit must be a whole number of 1 or more.")
    .transform((limit) => Math.min(limit, MAX_LIST_LIMIT))
    .default(PUBLIC_PAGE_SIZE),
  q: z
    .string({ error: "q must be text." })
    .max(200, "q must be at most 200 characters.")
    .transform((q) => q.trim())
    .default(""),
  category: oneOf("category", POST_CATEGORIES).optional(),
  sort: z
    .enum(["newest", "oldest", "title"], { error: "sort must be newest, oldest or title." })
    .default("newest"),
  /** Only the posts carrying this tag (exactly, as stored). */
  tag: z
    .string({ error: "tag must be text." })
    .refine(fitsTagLength, `tag must be at most ${MAX_TAG_LENGTH} characters.`)
    .optional(),
});

/**
 * The staff post list (`GET /api/posts?page=`, docs/product/api.md#staff-calls): the page, its
 * size, the order and the filters. Every value is checked, and a wrong one is a 400 naming what is
 * accepted; none is clamped, so a link always shows what it says.
 */
export const StaffPostListQuerySchema = z.object({
  page: pageNumber.default(1),
  limit: staffPageSize,
  sort: oneOf("sort", STAFF_POST_SORTS).default(DEFAULT_STAFF_POST_SORT),
  status: oneOf("status", POST_STATUSES).optional(),
  category: oneOf("category", POST_CATEGORIES).optional(),
  packType: oneOf("packType", PACK_TYPES).optional(),
  author: z
    .string({ error: "author must be the id of a user." })
    .min(1, "author must be the id of a user.")
    .max(100, "author must be the id of a user.")
    .refine((id) => !id.includes("\0"), "author must be the id of a user.")
    .optional(),
  tag: z
    .string({ error: TAG_FILTER_MESSAGE })
    .min(1, TAG_FILTER_MESSAGE)
    .refine((tag) => fitsTagLength(tag) && !tag.includes("\0"), TAG_FILTER_MESSAGE)
    .optional(),
  q: z
    .string({ error: "q must be text of at most 200 characters." })
    .max(200, "q must be text of at most 200 characters.")
    .refine((q) => !q.includes("\0"), "q must be text of at most 200 characters.")
    .transform((q) => q.trim())
    .default(""),
});
