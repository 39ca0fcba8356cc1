/**
 * The news page's search, sort and result texts (docs/product.md#news): pure functions, so
 * the server render, the browser and the tests apply exactly the same rules.
 */

/**
 * The sort options, in the order the page offers them (docs/product.md#news: newest, oldest,
 * title).
 */
export const NEWS_SORTS = [
  { value: "newest", label: "Newest First" },
  { value: "oldest", label: "Oldest First" },
  { value: "title", label: "Alphabetical" },
] as const;

export type NewsSort = (typeof NEWS_SORTS)[number]["value"];

export const DEFAULT_NEWS_SORT: NewsSort = "newest";

/** What the filters need to know about an article. */
export type NewsArticle = {
  id: string;
  title: string;
  excerpt: string | null;
  category: string;
  /** When it went public, as the API sends it (a due scheduled post: its scheduled time). */
  publishedAt: string | null;
  createdAt: string;
};

/** A `sort` query value as a sort option; anything unknown (or missing) is newest first. */
export function parseNewsSort(value: string | null | undefined): NewsSort {
  return NEWS_SORTS.some((option) => option.value === value)
    ? (value as NewsSort)
    : DEFAULT_NEWS_SORT;
}

/** The search term as the page uses it: surrounding spaces do not count. */
export function normalizeSearchTerm(value: string | null | undefined): string {
  return (value ?? "").trim();
}

/**
 * True when the article's title, excerpt or category contains the term, ignoring case. The
 * category matches by its stored value ("marketplace-content") and by the label readers see on
 * the card ("Marketplace"), when one is given. An empty term matches everything.
 */
export function matchesSearch(
  article: NewsArticle,
  term: string,
  categoryLabels: Readonly<Record<string, string>> = {},
): boolean {
  const needle = normalizeSearchTerm(term).toLocaleLowerCase("en");
  if (needle === "") return true;
  const haystacks = [
    article.title,
    article.excerpt ?? "",
    article.category,
    categoryLabels[article.category] ?? "",
  ];
  return haystacks.some((text) => text.toLocaleLowerCase("en").includes(needle));
}

const byTitle = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/**
 * The date the card shows: when the article went public. Every visible post has one; the
 * creation time only stands in for a post stored without it.
 */
function shownDate(article: NewsArticle): number {
  return Date.parse(article.publishedAt ?? article.createdAt);
}

/**
 * Newest first by the date the card shows, the id breaking ties: the order of
 * `GET /api/posts/published`.
 */
function compareNewest(a: NewsArticle, b: NewsArticle): number {
  const diff = shownDate(b) - shownDate(a);
  if (diff !== 0 && !Number.isNaN(diff)) return diff;
  return b.id < a.id ? -1 : b.id > a.id ? 1 : 0;
}

/** A sorted copy of the articles; the input is left as it is. */
export function sortArticles<T extends NewsArticle>(articles: readonly T[], sort: NewsSort): T[] {
  const copy = [...articles];
  switch (sort) {
    case "oldest":
      return copy.sort((a, b) => compareNewest(b, a));
    case "title":
      return copy.sort((a, b) => byTitle.compare(a.title, b.title) || compareNewest(a, b));
    default:
      return copy.sort(compareNewest);
  }
}

/** The articles matching the search term, in the chosen order. */
export function filterArticles<T extends NewsArticle>(
  articles: readonly T[],
  {
    term,
    sort,
    categoryLabels = {},
  }: { term: string; sort: NewsSort; categoryLabels?: Readonly<Record<string, string>> },
): T[] {
  return sortArticles(
    articles.filter((article) => matchesSearch(article, term, categoryLabels)),
    sort,
  );
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
 * The query string for a search and sort, leaving out defaults so the plain page stays at
 * /news: "" (nothing), "?q=dragons", "?q=dragons&sort=title".
 */
export function newsSearchString(term: string, sort: NewsSort): string {
  const params = new URLSearchParams();
  const search = normalizeSearchTerm(term);
  if (search !== "") params.set("q", search);
  if (sort !== DEFAULT_NEWS_SORT) params.set("sort", sort);
  const query = params.toString();
  return query === "" ? "" : `?${query}`;
}
