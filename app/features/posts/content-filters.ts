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
  updatedAt: string;
  publishedAt: string | null;
  scheduledAt: string | null;
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

type Order = (a: FilterablePost, b: FilterablePost) => number;

const time = (value: string | null) => Date.parse(value ?? "");

/** Later `value` first, the greater id breaking ties, so the order is the same on every render. */
function latestFirst(value: (post: FilterablePost) => string | null): Order {
  return (a, b) => time(value(b)) - time(value(a)) || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0);
}

/** Earlier `value` first (posts without one last), the smaller id breaking ties. */
function soonestFirst(value: (post: FilterablePost) => string | null): Order {
  return (a, b) => {
    const [x, y] = [time(value(a)), time(value(b))];
    if (Number.isNaN(x) !== Number.isNaN(y)) return Number.isNaN(x) ? 1 : -1;
    return x - y || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  };
}

/**
 * Each list's order (docs/product.md#content-lists): what is due next for the scheduled list,
 * what was worked on last for drafts, the latest publication for published posts; lists that
 * mix statuses (all posts, a category) by creation, the one date every post has and keeps.
 */
const ORDERS: Record<ContentFilter, Order> = {
  all: latestFirst((post) => post.createdAt),
  published: latestFirst((post) => post.publishedAt ?? post.createdAt),
  scheduled: soonestFirst((post) => post.scheduledAt),
  draft: latestFirst((post) => post.updatedAt),
  news: latestFirst((post) => post.createdAt),
  marketplace: latestFirst((post) => post.createdAt),
  youtube: latestFirst((post) => post.createdAt),
};

/** The posts a list shows: its filter, the search where it applies, in its order, limited. */
export function filterContent<T extends FilterablePost>(
  posts: readonly T[],
  { filter, term = "", limit }: { filter: ContentFilter; term?: string; limit?: number },
): T[] {
  const search = filterUsesSearch(filter) ? term : "";
  const shown = posts
    .filter((post) => matchesFilter(post, filter) && matchesContentSearch(post, search))
    .sort(ORDERS[filter]);
  return limit === undefined ? shown : shown.slice(0, limit);
}
