import { withPage } from "#common/paging.ts";
import { fitsTagLength, MAX_TAG_LENGTH, normalizeTag } from "#common/tags.ts";

/**
 * The news page's search, sort, paging and result texts (docs/product/public-site.md#news): pure
 * functions, so the loader, the browser and the tests apply exactly the same rules. The search
 * and the sort themselves run in the database (pageNewsArticles).
 */

/**
 * The sort options, in the order the page offers them (docs/product/public-site.md#news: newest,
 * oldest, title).
 */
export const NEWS_SORTS = [
  { value: "newest", label: "Newest First" },
  { value: "oldest", label: "Oldest First" },
  { value: "title", label: "Alphabetical" },
] as const;

export type NewsSort = (typeof NEWS_SORTS)[number]["value"];

export const DEFAULT_NEWS_SORT: NewsSort = "newest";

/** A `sort` query value as a sort option; anything unknown (or missing) is newest first. */
export function parseNewsSort(value: string | null | undefined): NewsSort {
  return NEWS_SORTS.some((option) => option.value === value)
    ? (value as NewsSort)
    : DEFAULT_NEWS_SORT;
}

/** The search term as the page uses it: surrounding spaces do not count. */
export function normalizeSearchTerm(value: string | null | undefined): string {
  return (value ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
}

/** The longest search term read; the rest of a longer one is ignored. */
export const MAX_SEARCH_LENGTH = 200;

/**
 * The tag `?tag=` names, as posts store it (a leading `#` and surrounding spaces do not count);
 * null for none. A longer value than a tag can be is kept whole: no post has it, so the page
 * shows that nothing is tagged so.
 */
export function normalizeNewsTag(value: string | null | undefined): string | null {
  const tag = normalizeTag(value ?? "");
  if (tag === "") return null;
  // Cut by code points, as tags are counted: one more than a tag can have.
  return fitsTagLength(tag)
    ? tag
    : Array.from(tag)
        .slice(0, MAX_TAG_LENGTH + 1)
        .join("");
}

/**
 * The categories a search term finds (docs/product/public-site.md#news): those whose stored value
 * ("marketplace-content") or card label ("Marketplace") contains it, ignoring case. The title
 * and excerpt are searched by the database.
 */
export function categoriesMatching(
  term: string,
  categoryLabels: Readonly<Record<string, string>>,
): string[] {
  const needle = normalizeSearchTerm(term).toLocaleLowerCase("en");
  if (needle === "") return [];
  return Object.entries(categoryLabels)
    .filter(([value, label]) =>
      [value, label].some((text) => text.toLocaleLowerCase("en").includes(needle)),
    )
    .map(([value]) => value);
}

/** "1 article found", "0 articles found", "12 articles found". */
export function articleCountText(count: number): string {
  return `${count} ${count === 1 ? "article" : "articles"} found`;
}

/** The result line: the count, plus `for "{term}"` while searching. */
export function resultSummaryText(count: number, term: string): string {
  const search = normalizeSearchTerm(term);
  return search === "" ? articleCountText(count) : `${articleCountText(count)} for "${search}"`;
}

/**
 * The query string for a tag, a search and a sort, leaving out defaults so the plain page stays
 * at /news: "" (nothing), "?q=dragons", "?tag=worlds&q=dragons&sort=title".
 */
export function newsSearchString(term: string, sort: NewsSort, tag: string | null = null): string {
  const params = new URLSearchParams();
  if (tag !== null) params.set("tag", tag);
  const search = normalizeSearchTerm(term);
  if (search !== "") params.set("q", search);
  if (sort !== DEFAULT_NEWS_SORT) params.set("sort", sort);
  const query = params.toString();
  return query === "" ? "" : `?${query}`;
}

/**
 * The head links of a news view (docs/product/public-site.md#paged-lists): prev and next keep the
 * tag, the search and the sort; the canonical address is the page itself for the plain list of all
 * articles or of a tag, and page 1 of that plain list (`/news`, `/news?tag=worlds`) for a search or
 * another sort, which show the same articles again.
 */
export function newsListLinks({
  term,
  sort,
  tag = null,
  page,
  totalPages,
}: {
  term: string;
  sort: NewsSort;
  tag?: string | null;
  page: number;
  totalPages: number;
}) {
  const view = newsSearchString(term, sort, tag);
  const list = newsSearchString("", DEFAULT_NEWS_SORT, tag);
  const plain = view === list;
  return {
    canonical: `/news${plain ? withPage(list, page) : list}`,
    prev: page > 1 ? `/news${withPage(view, page - 1)}` : null,
    next: page < totalPages ? `/news${withPage(view, page + 1)}` : null,
  };
}
