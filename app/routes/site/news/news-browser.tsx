import { ArrowDownUpIcon, HashIcon, NewspaperIcon, SearchXIcon, XIcon } from "lucide-react";
import * as React from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { EmptyState } from "#app/components/site/empty-state.tsx";
import { SearchField } from "#app/components/site/icon-field.tsx";
import { Pager } from "#app/components/site/pager.tsx";
import { PostCard } from "#app/components/site/post-card.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { PostCardItem } from "#common/types/post-list.ts";
import {
  DEFAULT_NEWS_SORT,
  NEWS_SORTS,
  type NewsSort,
  newsSearchString,
  normalizeNewsTag,
  parseNewsSort,
  resultSummaryText,
} from "./news-filters.ts";

/** How long typing may pause before the search is written to the address. */
const SEARCH_URL_DELAY_MS = 300;

/** One page of articles as the loader sends it. */
export type NewsList = {
  articles: PostCardItem[];
  total: number;
  /** Whether anything is published at all (a search that finds nothing says which). */
  anyPublished: boolean;
  page: number;
  totalPages: number;
  /** The search, sort and tag the server applied. */
  term: string;
  sort: NewsSort;
  tag: string | null;
};

/**
 * The news page's search box, sort menu, the tag it shows (`?tag=`, from a post's tag links),
 * result count, article grid and page links. The tag, the search (`?q=`), the sort (`?sort=`)
 * and the page (`?page=`) live in the address, so a view can be shared, and the server searches, sorts and pages (docs/product.md#paged-lists); typing updates
 * the address after a pause, which loads the matching page. Without JavaScript the controls are
 * a GET form and the page links plain links.
 */
export function NewsBrowser({ list }: { list: NewsList }) {
  const { term, setTerm, sort, setSort, commit } = useNewsFilters();
  const searchRef = React.useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();
  const shown = list.articles;
  const searching = list.term !== "";
  const tag = list.tag;

  function clearSearch() {
    setTerm("");
    commit("", sort);
    searchRef.current?.focus();
  }

  return (
    <div>
      <search>
        <form
          method="get"
          action="/news"
          onSubmit={(event) => {
            event.preventDefault();
            commit(term, sort);
          }}
          className="flex flex-col gap-4 sm:flex-row sm:items-end"
        >
          {tag === null ? null : <input type="hidden" name="tag" value={tag} />}
          <div className="w-full sm:max-w-md">
            <SearchField
              ref={searchRef}
              id="news-search"
              label="Search articles"
              placeholder="Search articles..."
              value={term}
              onChange={(event) => setTerm(event.target.value)}
              className="h-11"
            />
          </div>
          <div className="flex items-center gap-3 sm:ml-auto">
            <label
              htmlFor="news-sort"
              className="flex items-center gap-2 text-sm font-semibold whitespace-nowrap text-zinc-300"
            >
              <ArrowDownUpIcon aria-hidden="true" className="size-4 text-zinc-500" />
              Sort by
            </label>
            <select
              id="news-sort"
              name="sort"
              value={sort}
              onChange={(event) => {
                const next = parseNewsSort(event.target.value);
                setSort(next);
                commit(term, next);
              }}
              className="h-11 w-full rounded-md bg-night-900 px-3 text-sm text-zinc-100 ring-1 ring-night-600 focus-visible:ring-2 focus-visible:ring-diamond-400 focus-visible:outline-none sm:w-48"
            >
              {NEWS_SORTS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
            {/* Without JavaScript the form is sent with this button (or Enter in the search box). */}
            {hydrated ? null : (
              <Button type="submit" variant="secondary" className="h-11">
                Apply
              </Button>
            )}
          </div>
        </form>
      </search>

      {tag === null ? null : <TagFilter tag={tag} term={list.term} sort={list.sort} />}

      {/* The cards' titles are h3: the list needs a heading between them and the page's h1. */}
      <h2 className="sr-only">Articles</h2>
      <p aria-live="polite" className="mt-6 text-sm font-semibold text-zinc-300">
        {resultSummaryText(list.total, list.term)}
      </p>

      {shown.length > 0 ? (
        <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {shown.map((article, index) => (
            <li key={article.id} className="grid">
              <PostCard post={article} eager={index < 3} priority={index === 0} />
            </li>
          ))}
        </ul>
      ) : tag !== null && !searching && list.anyPublished ? (
        <EmptyState
          icon={<HashIcon />}
          message={`No published articles are tagged #${tag}.`}
          className="mt-6"
        >
          <Button asChild variant="outline">
            <Link to={`/news${newsSearchString("", sort)}`}>Show all articles</Link>
          </Button>
        </EmptyState>
      ) : searching && list.anyPublished ? (
        <EmptyState
          icon={<SearchXIcon />}
          message="No articles found matching your search."
          className="mt-6"
        >
          <form
            method="get"
            action="/news"
            onSubmit={(event) => {
              event.preventDefault();
              clearSearch();
            }}
          >
            {tag === null ? null : <input type="hidden" name="tag" value={tag} />}
            {sort === DEFAULT_NEWS_SORT ? null : <input type="hidden" name="sort" value={sort} />}
            <Button type="submit" variant="outline">
              Clear Search
            </Button>
          </form>
        </EmptyState>
      ) : (
        <EmptyState
          icon={<NewspaperIcon />}
          message="No articles published yet."
          className="mt-6"
        />
      )}

      <Pager
        page={list.page}
        totalPages={list.totalPages}
        search={newsSearchString(list.term, list.sort, list.tag)}
        label="Article pages"
      />
    </div>
  );
}

/**
 * The search term and sort, kept in the address. Both change on screen at once; the address
 * follows (replacing the history entry) after a pause in typing, or at once through `commit`.
 * When the address changes from elsewhere (back button, a link), the controls follow it.
 */
function useNewsFilters() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const urlTerm = searchParams.get("q") ?? "";
  const urlSort = parseNewsSort(searchParams.get("sort"));
  // The tag is changed only by links (a post's tags, "Show all articles"), never by the controls.
  const tag = normalizeNewsTag(searchParams.get("tag"));
  const current = newsSearchString(urlTerm, urlSort, tag);

  const [term, setTerm] = React.useState(urlTerm);
  const [sort, setSort] = React.useState<NewsSort>(urlSort);
  const written = React.useRef(current);

  // Follow the address when someone else changed it.
  React.useEffect(() => {
    if (current === written.current) return;
    written.current = current;
    setTerm(urlTerm);
    setSort(urlSort);
  }, [current, urlTerm, urlSort]);

  const commit = React.useCallback(
    (nextTerm: string, nextSort: NewsSort) => {
      const search = newsSearchString(nextTerm, nextSort, tag);
      written.current = search;
      navigate({ search }, { replace: true, preventScrollReset: true });
    },
    [navigate, tag],
  );

  const wanted = newsSearchString(term, sort, tag);
  React.useEffect(() => {
    if (wanted === written.current) return;
    const timer = setTimeout(() => commit(term, sort), SEARCH_URL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [wanted, term, sort, commit]);

  return { term, setTerm, sort, setSort, commit };
}

/**
 * The tag the list shows, above it, with a link that shows every article again (keeping the
 * search and the sort).
 */
function TagFilter({ tag, term, sort }: { tag: string; term: string; sort: NewsSort }) {
  return (
    <div className="mt-6 flex flex-wrap items-center gap-3">
      <p className="text-sm text-zinc-300">
        Articles tagged{" "}
        <span className="rounded bg-night-800 px-2 py-0.5 font-semibold break-all text-diamond-300 ring-1 ring-night-600">
          #{tag}
        </span>
      </p>
      <Button asChild variant="outline" size="sm">
        <Link to={`/news${newsSearchString(term, sort)}`} preventScrollReset>
          <XIcon aria-hidden="true" />
          Clear tag
        </Link>
      </Button>
    </div>
  );
}
