import {
  PACK_TYPES,
  POST_CATEGORIES,
  POST_STATUSES,
  STAFF_POST_SORTS,
  type StaffPostSort,
} from "#common/constants.ts";
import { parsePageNumber, STAFF_PAGE_SIZE } from "#common/paging.ts";
import { fitsTagLength } from "#common/tags.ts";

/**
 * What a staff post table shows, read from and written to the address
 * (docs/product/dashboard.md#content-lists):
 * `/dashboard/posts?status=draft&sort=-publishedAt&page=3`. Pure, so the rules are tested on their
 * own.
 */

/** What an empty content list says, whether nothing is there or nothing matches (the spec's words). */
export const NO_CONTENT = "No content found for the selected filter.";

/** The filters a person can set; each is a query parameter of the same name. */
export const LIST_FILTERS = ["status", "category", "packType", "author", "tag"] as const;

export type ListFilter = (typeof LIST_FILTERS)[number];

export type PostListView = {
  page: number;
  sort: StaffPostSort;
  /** The search text, trimmed; "" for none. */
  q: string;
} & Record<ListFilter, string>;

/** What a section fixes and how it starts: All Posts fixes nothing, Drafts the status. */
export type ListPreset = {
  /** Filters the section always applies; they are not in the address and have no control. */
  fixed: Partial<Record<ListFilter, string>>;
  /** The order when the address names none. */
  defaultSort: StaffPostSort;
};

/** The longest search text the server reads. */
export const MAX_SEARCH_LENGTH = 200;

const ALLOWED: Record<Exclude<ListFilter, "author" | "tag">, readonly string[]> = {
  status: POST_STATUSES,
  category: POST_CATEGORIES,
  packType: PACK_TYPES,
};

function isSort(value: string | null): value is StaffPostSort {
  return value !== null && (STAFF_POST_SORTS as readonly string[]).includes(value);
}

/** A filter's value from the address, or "" when it is missing or not one the server accepts. */
function readFilter(params: URLSearchParams, name: ListFilter): string {
  const value = (params.get(name) ?? "").trim();
  if (value === "") return "";
  if (name === "author") return value.length <= 100 ? value : "";
  if (name === "tag") return fitsTagLength(value) ? value : "";
  return ALLOWED[name].includes(value) ? value : "";
}

/**
 * The view an address asks for. Values the server would refuse are read as their default, so a
 * mistyped link still shows a list; the section's fixed filters win over the address.
 */
export function readListView(search: string | URLSearchParams, preset: ListPreset): PostListView {
  const params = new URLSearchParams(search);
  const sort = params.get("sort");
  const filters = Object.fromEntries(
    LIST_FILTERS.map((name) => [name, preset.fixed[name] ?? readFilter(params, name)]),
  ) as Record<ListFilter, string>;
  return {
    page: parsePageNumber(params.get("page")) ?? 1,
    sort: isSort(sort) ? sort : preset.defaultSort,
    q: (params.get("q") ?? "").trim().slice(0, MAX_SEARCH_LENGTH),
    ...filters,
  };
}

/**
 * The address's query string for a view: only what differs from the section's defaults
 * (page 1, the default sort, fixed filters and empty values are left out), in a stable order.
 */
export function listViewSearch(view: PostListView, preset: ListPreset): string {
  const params = new URLSearchParams();
  if (view.q !== "") params.set("q", view.q);
  for (const name of LIST_FILTERS) {
    if (view[name] !== "" && preset.fixed[name] === undefined) params.set(name, view[name]);
  }
  if (view.sort !== preset.defaultSort) params.set("sort", view.sort);
  if (view.page > 1) params.set("page", String(view.page));
  const query = params.toString();
  return query === "" ? "" : `?${query}`;
}

/** The API call's query string for a view: the page, its size, the sort and every filter. */
export function listViewApiSearch(view: PostListView, limit = STAFF_PAGE_SIZE): string {
  const params = new URLSearchParams({ page: String(view.page) });
  if (limit !== STAFF_PAGE_SIZE) params.set("limit", String(limit));
  params.set("sort", view.sort);
  for (const name of LIST_FILTERS) if (view[name] !== "") params.set(name, view[name]);
  if (view.q !== "") params.set("q", view.q);
  return params.toString();
}

/** True when the person has narrowed the list (a search or a filter of their own). */
export function hasOwnFilters(view: PostListView, preset: ListPreset): boolean {
  return view.q !== "" || LIST_FILTERS.some((n) => view[n] !== "" && !(n in preset.fixed));
}

/** The view with the person's search and filters cleared, keeping the sort, at page 1. */
export function clearedView(view: PostListView, preset: ListPreset): PostListView {
  const cleared = { ...view, page: 1, q: "" };
  for (const name of LIST_FILTERS) cleared[name] = preset.fixed[name] ?? "";
  return cleared;
}

/** The sortable dates, and the words for them. */
export const SORT_DATES = {
  updatedAt: "Last edited",
  createdAt: "Created",
  publishedAt: "Published",
  scheduledAt: "Scheduled",
} as const;

export type SortDate = keyof typeof SORT_DATES;

/** A sort's field and direction: "-publishedAt" is publishedAt, descending. */
export function sortParts(sort: StaffPostSort): {
  field: "title" | SortDate;
  descending: boolean;
} {
  const descending = sort.startsWith("-");
  return { field: (descending ? sort.slice(1) : sort) as "title" | SortDate, descending };
}

/** How a sortable column (`field`) is sorted while the view is sorted by `sort`. */
export function sortDirection(
  sort: StaffPostSort,
  field: string,
): "ascending" | "descending" | "none" {
  const current = sortParts(sort);
  if (current.field !== field) return "none";
  return current.descending ? "descending" : "ascending";
}

/** The sort select's words for each sort. */
export const SORT_LABELS: Record<StaffPostSort, string> = {
  "-updatedAt": "Last edited, newest first",
  updatedAt: "Last edited, oldest first",
  "-createdAt": "Created, newest first",
  createdAt: "Created, oldest first",
  "-publishedAt": "Published, newest first",
  publishedAt: "Published, oldest first",
  scheduledAt: "Scheduled, soonest first",
  "-scheduledAt": "Scheduled, latest first",
  title: "Title, A to Z",
  "-title": "Title, Z to A",
};

/**
 * What pressing a sortable column header does: the sorted column turns around; another column
 * starts in its natural direction (titles A to Z; dates newest first, scheduled times soonest
 * first).
 */
export function nextHeaderSort(current: StaffPostSort, field: "title" | SortDate): StaffPostSort {
  const now = sortParts(current);
  if (now.field === field) return (now.descending ? field : `-${field}`) as StaffPostSort;
  return (field === "title" || field === "scheduledAt" ? field : `-${field}`) as StaffPostSort;
}
