import type { Request } from "express";
import { MAX_PAGE_NUMBER, pageCount } from "#common/paging.ts";
import { MAX_STAFF_PAGE_SIZE, STAFF_PAGE_SIZE } from "#common/staff-lists.ts";
import type { Paged } from "#common/types/post-list.ts";
import { z } from "#common/zod.ts";

const PAGE_MESSAGE = `page must be a whole number from 1 to ${MAX_PAGE_NUMBER}.`;
const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${MAX_STAFF_PAGE_SIZE}.`;

/** `?page=`: a whole number from 1 to MAX_PAGE_NUMBER, written with digits only. */
export const pageNumber = z
  .string({ error: PAGE_MESSAGE })
  .regex(/^[0-9]{1,6}$/, PAGE_MESSAGE)
  .transform(Number)
  .refine((page) => page >= 1 && page <= MAX_PAGE_NUMBER, PAGE_MESSAGE);

/** `?limit=` of a staff list: 1 to MAX_STAFF_PAGE_SIZE, STAFF_PAGE_SIZE when left out. */
export const staffPageSize = z
  .string({ error: LIMIT_MESSAGE })
  .regex(/^[0-9]{1,3}$/, LIMIT_MESSAGE)
  .transform(Number)
  .refine((limit) => limit >= 1 && limit <= MAX_STAFF_PAGE_SIZE, LIMIT_MESSAGE)
  .default(STAFF_PAGE_SIZE);

/** `?field=` naming one of `values`, with a message that lists them. */
export function oneOf<const T extends readonly [string, ...string[]]>(name: string, values: T) {
  return z.enum(values, { error: `${name} must be one of: ${values.join(", ")}.` });
}

/**
 * The paged form of a staff list call (docs/product/dashboard.md#staff-lists): `page` (1 when left
 * out), `limit` (1 to 100, 25 when left out), `sort` (one of `sorts`, the first when left out), `q`
 * (a search, at most 200 characters, surrounding spaces ignored) and the list's own filters.
 */
export function staffListQuerySchema<
  const S extends readonly [string, ...string[]],
  F extends z.ZodRawShape,
>(sorts: S, filters: F) {
  return z.object({
    page: pageNumber.default(1),
    limit: staffPageSize,
    sort: oneOf("sort", sorts).default(sorts[0]),
    q: z
      .string({ error: "q must be text." })
      .max(200, "q must be at most 200 characters.")
      .transform((q) => q.trim())
      .default(""),
    ...filters,
  });
}

/**
 * Whether a list call asks for its paged form: any of the paged form's parameters is given.
 * Without them it answers as it always has (the whole list), for what relies on that.
 */
export function asksForPage(req: Request, schema: { shape: Record<string, unknown> }): boolean {
  return Object.keys(schema.shape).some((key) => req.query[key] !== undefined);
}

/** One page of a list as the API sends it. */
export function pagedAnswer<T>(
  items: T[],
  total: number,
  query: { page: number; limit: number },
): Paged<T> {
  return {
    items,
    page: query.page,
    pageSize: query.limit,
    total,
    totalPages: pageCount(total, query.limit),
  };
}
