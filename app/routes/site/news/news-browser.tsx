import { ArrowDownUpIcon, HashIcon, NewspaperIcon, SearchXIcon, XIcon } from "lucide-react";
import { EmptyState } from "#app/components/site/empty-state.tsx";
import { SearchField } from "#app/components/site/icon-field.tsx";
import { Pager } from "#app/components/site/pager.tsx";
import { PostCard } from "#app/components/site/post-card.tsx";
import { SiteLink } from "#app/components/site/site-link.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { withPage } from "#common/paging.ts";
import type { PostCardItem } from "#common/types/post-list.ts";
import {
  DEFAULT_NEWS_SORT,
  NEWS_SORTS,
  type NewsSort,
  newsSearchString,
  resultSummaryText,
} from "./news-filters.ts";
import { NewsSkeleton } from "./news-skeleton.tsx";

/** The id of the article list, which the site script replaces with the next view's. */
const RESULTS_ID = "news-results";

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
 * result count, article grid and page links, for the view the address names: the tag, the
 * search (`?q=`), the sort (`?sort=`) and the page (`?page=`), which the server searches, sorts
 * and pages (docs/product/public-site.md#paged-lists). Without script the controls are a GET form
 * with Apply and the page links plain links; with it, the site script loads each view in place as
 * the person types, sorts or pages (app/site-script/live-list.client.ts, its `data-live-*` marks).
 */
export function NewsBrowser({ list }: { list: NewsList }) {
  const { term, sort, tag } = list;
  const view = newsSearchString(term, sort, tag);
  return (
    <div data-live-list={RESULTS_ID}>
      <search>
        <form method="get" action="/news" className="flex flex-col gap-4 sm:flex-row sm:items-end">
          {/* The tag is changed only by links (a post's tags, Clear tag), never by the controls. */}
          <div id="news-tag-field" data-live-part="" hidden>
            {tag === null ? null : <input type="hidden" name="tag" value={tag} />}
          </div>
          <div className="w-full sm:max-w-md">
            <SearchField
              id="news-search"
              label="Search articles"
              placeholder="Search articles..."
              defaultValue={term}
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
              defaultValue={sort}
              data-live-part=""
              className="h-11 w-full rounded-md bg-night-900 px-3 text-sm text-zinc-100 ring-1 ring-night-600 focus-visible:ring-2 focus-visible:ring-diamond-400 focus-visible:outline-none sm:w-48"
            >
              {NEWS_SORTS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
            {/* Without script the form is sent with this button (or Enter in the search box). */}
            <Button type="submit" variant="secondary" className="h-11" data-live-submit="">
              Apply
            </Button>
          </div>
        </form>
      </search>

      <div id="news-tag" data-live-part="">
        {tag === null ? null : <TagFilter tag={tag} term={term} sort={sort} />}
      </div>

      {/* The cards' titles are h3: the list needs a heading between them and the page's h1. */}
      <h2 className="sr-only">Articles</h2>
      <p
        id="news-count"
        data-live-part=""
        aria-live="polite"
        className="mt-6 text-sm font-semibold text-zinc-300"
      >
        {resultSummaryText(list.total, term)}
      </p>

      <template data-live-loading="">
        <NewsSkeleton />
      </template>
      <div
        id={RESULTS_ID}
        data-live-url={`/news${withPage(view, list.page)}`}
        tabIndex={-1}
        className="outline-none"
      >
        <Articles list={list} />
        <Pager page={list.page} totalPages={list.totalPages} search={view} label="Article pages" />
      </div>
    </div>
  );
}

/** The page's cards, or why there are none and the way back to some. */
function Articles({ list }: { list: NewsList }) {
  const { term, sort, tag } = list;
  if (list.articles.length > 0) {
    return (
      <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {list.articles.map((article, index) => (
          <li key={article.id} className="grid">
            <PostCard post={article} eager={index < 3} priority={index === 0} />
          </li>
        ))}
      </ul>
    );
  }
  if (tag !== null && term === "" && list.anyPublished) {
    return (
      <EmptyState
        icon={<HashIcon />}
        message={`No published articles are tagged #${tag}.`}
        className="mt-6"
      >
        <Button asChild variant="outline">
          <SiteLink to={`/news${newsSearchString("", sort)}`}>Show all articles</SiteLink>
        </Button>
      </EmptyState>
    );
  }
  if (term !== "" && list.anyPublished) {
    return (
      <EmptyState
        icon={<SearchXIcon />}
        message="No articles found matching your search."
        className="mt-6"
      >
        {/* Without script, a form of its own; with it, the search box is emptied and focused. */}
        <form method="get" action="/news">
          {tag === null ? null : <input type="hidden" name="tag" value={tag} />}
          {sort === DEFAULT_NEWS_SORT ? null : <input type="hidden" name="sort" value={sort} />}
          <Button type="submit" variant="outline" data-live-clear="">
            Clear Search
          </Button>
        </form>
      </EmptyState>
    );
  }
  return (
    <EmptyState icon={<NewspaperIcon />} message="No articles published yet." className="mt-6" />
  );
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
        <SiteLink to={`/news${newsSearchString(term, sort)}`}>
          <XIcon aria-hidden="true" />
          Clear tag
        </SiteLink>
      </Button>
    </div>
  );
}
