/**
 * Which posts a dashboard content list shows (docs/product.md#content-lists): pure, so the rules
 * are tested on their own.
 */

export const CONTENT_FILTERS = [
  "all",
  "published",
  "scheduled",
  "draft",
  "news",
  "marketplace",
  "youtube",
] as const;

export type ContentFilter = (typeof CONTENT_FILTERS)[number];

/** What the filters need to know about a post. */
export type FilterablePost = {
  id: string;
  title: string;
  excerpt: string | null;
  /** The portfolio's name for the text ("description"), when the item has one. */
  description?: string | null;
  status: string;
  category: string;
  createdAt: string;
};

/**
 * Whether the search box applies to this list (docs/product.md#content-lists): the published,
 * scheduled, news and marketplace lists ignore the search text; the draft list (and the full
 * list) keep it.
 */
export function filterUsesSearch(filter: ContentFilter): boolean {
  return filter === "all" || filter === "draft";
}

function matchesFilter(post: FilterablePost, filter: ContentFilter): boolean {
  switch (filter) {
    case "all":
      return true;
    case "published":
    case "scheduled":
      return post.status === filter;
    case "draft":
      return post.status === "draft";
    case "news":
      return post.category === "news";
    case "marketplace":
      return post.category === "marketplace-content";
    case "youtube":
      return post.category === "youtube";
  }
}

/** True when the title, excerpt or description contains the term, ignoring case. */
export function matchesContentSearch(post: FilterablePost, term: string): boolean {
  const needle = term.trim().toLocaleLowerCase("en");
  if (needle === "") return true;
  return [post.title, post.excerpt ?? "", post.description ?? ""].some((text) =>
    text.toLocaleLowerCase("en").includes(needle),
  );
}

/** Newest first by creation time, the id breaking ties. */
function newestFirst(a: FilterablePost, b: FilterablePost): number {
  return Date.parse(b.createdAt) - Date.parse(a.createdAt) || (b.id < a.id ? -1 : 1);
}

/** The posts a list shows: its filter, the search where it applies, newest first, limited. */
export function filterContent<T extends FilterablePost>(
  posts: readonly T[],
  { filter, term = "", limit }: { filter: ContentFilter; term?: string; limit?: number },
): T[] {
  const search = filterUsesSearch(filter) ? term : "";
  const shown = posts
    .filter((post) => matchesFilter(post, filter) && matchesContentSearch(post, search))
    .sort(newestFirst);
  return limit === undefined ? shown : shown.slice(0, limit);
}
