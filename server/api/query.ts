import { MAX_LIST_LIMIT, POST_CATEGORIES } from "#common/constants.ts";
import { MAX_PAGE_NUMBER, PUBLIC_PAGE_SIZE } from "#common/paging.ts";
import { z } from "#common/zod.ts";

/** `?limit=` on list calls: a positive whole number; larger than the cap is clamped later. */
export const ListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "limit must be a whole number of 1 or more." })
    .int("limit must be a whole number of 1 or more.")
    .positive("limit must be a whole number of 1 or more.")
    .optional(),
});

const PAGE_MESSAGE = `page must be a whole number from 1 to ${MAX_PAGE_NUMBER}.`;

/**
 * The paged form of the public list calls (docs/product.md#paged-lists): `?page=` asks for it,
 * `limit` is then the page size (PUBLIC_PAGE_SIZE when left out), and `q`, `category` and `sort`
 * search, filter and order the list. Without `page` a list call answers as it always has.
 */
export const PagedListQuerySchema = z.object({
  page: z
    .string({ error: PAGE_MESSAGE })
    .regex(/^[0-9]{1,6}$/, PAGE_MESSAGE)
    .transform(Number)
    .refine((page) => page >= 1 && page <= MAX_PAGE_NUMBER, PAGE_MESSAGE),
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
  category: z
    .enum(POST_CATEGORIES, { error: `category must be one of: ${POST_CATEGORIES.join(", ")}.` })
    .optional(),
  sort: z
    .enum(["newest", "oldest", "title"], { error: "sort must be newest, oldest or title." })
    .default("newest"),
});
