/**
 * Paged lists (docs/product/public-site.md#paged-lists): the page size the public grids fit, and
 * reading a `?page=` value, shared by the pages, the API and their tests.
 */

/** Cards per page on /news and /studio: four rows of the three-column grid (six of two). */
export const PUBLIC_PAGE_SIZE = 12;

/** Rows per page of the staff lists when the address names no `limit`. */
export const STAFF_PAGE_SIZE = 25;

/** The largest page a staff list call answers (`limit`). */
export const MAX_STAFF_PAGE_SIZE = 100;

/** The highest page number read at all; beyond it no list has pages. */
export const MAX_PAGE_NUMBER = 100_000;

/**
 * A `?page=` value as a page number: missing or empty is page 1; a whole number from 1 to
 * MAX_PAGE_NUMBER, written with digits only, is that page; anything else is null.
 */
export function parsePageNumber(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value === "") return 1;
  if (!/^[0-9]{1,6}$/.test(value)) return null;
  const page = Number(value);
  return page >= 1 && page <= MAX_PAGE_NUMBER ? page : null;
}

/** How many pages `total` rows fill, `size` to a page; an empty list still has its page 1. */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/**
 * The numbers a pager shows: the first, the last, and the pages next to the current one; a gap
 * (named by the page before it) where numbers are left out.
 */
export function pagerNumbers(
  current: number,
  last: number,
): ({ page: number } | { gapAfter: number })[] {
  const wanted = new Set([1, last, current - 1, current, current + 1]);
  const numbers = [...wanted].filter((n) => n >= 1 && n <= last).sort((a, b) => a - b);
  const shown: ({ page: number } | { gapAfter: number })[] = [];
  let previous: number | undefined;
  for (const n of numbers) {
    if (previous !== undefined && n - previous > 1) shown.push({ gapAfter: previous });
    shown.push({ page: n });
    previous = n;
  }
  return shown;
}

/** A query string with `page` set (left out for page 1), keeping every other parameter. */
export function withPage(search: string | URLSearchParams, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  const query = params.toString();
  return query === "" ? "" : `?${query}`;
}

/**
 * "Showing 26–50 of 1,234 posts": which rows page `page` of `pageSize` shows out of `total`;
 * "No posts" for an empty list. `noun` is the singular and the plural.
 */
export function showingRange(
  page: number,
  pageSize: number,
  total: number,
  noun: readonly [string, string],
): string {
  if (total === 0) return `No ${noun[1]}`;
  const count = (n: number) => n.toLocaleString("en-US");
  const first = Math.min(total, (page - 1) * pageSize + 1);
  const last = Math.min(total, page * pageSize);
  return `Showing ${count(first)}–${count(last)} of ${count(total)} ${total === 1 ? noun[0] : noun[1]}`;
}
