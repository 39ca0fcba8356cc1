import { PackageOpenIcon, SearchXIcon, XIcon } from "lucide-react";
import * as React from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { EmptyState } from "#app/components/site/empty-state.tsx";
import { SearchField } from "#app/components/site/icon-field.tsx";
import { Pager } from "#app/components/site/pager.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FilterLink, FilterLinks } from "#app/components/ui/filter-links.tsx";
import { Label } from "#app/components/ui/label.tsx";
import type { PackCardItem } from "#common/types/post-list.ts";
import { StudioCard } from "./studio-card.tsx";
import {
  STUDIO_CATEGORIES,
  type StudioCategory,
  studioCategoryFromParam,
  studioEmptyTitle,
  studioUrlSearch,
} from "./studio-filters.ts";

/** How long typing may pause before the search is written to the URL. */
const SEARCH_URL_DELAY_MS = 300;

/** One page of packs as the loader sends it. */
export type StudioList = {
  items: PackCardItem[];
  /** Each tab's count over the search, keyed by the tab's slug. */
  counts: Record<string, number>;
  /** How many packs the current tab holds without the search. */
  inCategory: number;
  /** The search the server applied. */
  query: string;
  page: number;
  totalPages: number;
  now: string;
};

/**
 * The searchable, filterable, paged grid of the studio page. The search (`?q=`), the category
 * (`?category=`) and the page (`?page=`) live in the URL, so a view can be shared, and the
 * server searches, filters, counts and pages (docs/product.md#paged-lists); typing updates the
 * URL after a pause, which loads the matching page. Without JavaScript the search box is a GET
 * form and the tabs and page links are links.
 */
export function StudioBrowser({ list }: { list: StudioList }) {
  const [searchParams] = useSearchParams();
  const category = studioCategoryFromParam(searchParams.get("category"));
  const [query, setQuery, writeQuery] = useQueryParam("q");
  const navigate = useNavigate();
  const now = new Date(list.now);

  // Counts follow the search, so each tab says how many results it holds.
  const { counts, inCategory } = list;
  const shown = list.items;
  const searching = list.query !== "";

  const hrefFor = (next: StudioCategory) => ({
    search: studioUrlSearch({ query, category: next }),
  });

  return (
    <div>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <search className="w-full lg:max-w-sm">
          <form
            method="get"
            action="/studio"
            onSubmit={(event) => {
              event.preventDefault();
              writeQuery(query);
            }}
          >
            <SearchField
              id="studio-search"
              label="Search content"
              placeholder="Search content..."
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              className="h-11 pr-10 [&::-webkit-search-cancel-button]:hidden"
            >
              {query ? (
                <button
                  type="button"
                  aria-label="Clear search"
                  onClick={() => {
                    setQuery("");
                    writeQuery("");
                  }}
                  className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-zinc-400 hover:bg-white/10 hover:text-white"
                >
                  <XIcon className="size-4" />
                </button>
              ) : null}
            </SearchField>
            {/* Small screens choose the category here; without JavaScript it is sent with the search. */}
            <div className="mt-4 sm:hidden">
              <Label htmlFor="studio-category">Category</Label>
              <select
                id="studio-category"
                name="category"
                value={category.slug}
                onChange={(event) =>
                  navigate(hrefFor(studioCategoryFromParam(event.target.value)), {
                    preventScrollReset: true,
                  })
                }
                className="h-11 w-full rounded-md bg-night-900 px-3 text-sm text-zinc-100 ring-1 ring-night-600 focus-visible:ring-2 focus-visible:ring-diamond-400 focus-visible:outline-none"
              >
                {STUDIO_CATEGORIES.map((option) => (
                  <option key={option.slug} value={option.slug}>
                    {`${option.label} (${counts[option.slug] ?? 0})`}
                  </option>
                ))}
              </select>
            </div>
          </form>
        </search>
        <FilterLinks aria-label="Categories" className="hidden sm:block">
          {STUDIO_CATEGORIES.map((option) => (
            <FilterLink
              key={option.slug}
              to={hrefFor(option)}
              active={option.slug === category.slug}
              count={counts[option.slug] ?? 0}
            >
              {option.label}
            </FilterLink>
          ))}
        </FilterLinks>
      </div>

      <h2 className="sr-only">{category.filterKey === null ? "All projects" : category.label}</h2>
      <p aria-live="polite" className="mt-6 min-h-5 text-sm text-zinc-400">
        {searching
          ? `${counts[category.slug] ?? 0} ${(counts[category.slug] ?? 0) === 1 ? "result" : "results"} for "${list.query}"`
          : null}
      </p>

      {shown.length > 0 ? (
        <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((item, index) => (
            <li key={item.id}>
              <StudioCard item={item} now={now} eager={index < 3} priority={index === 0} />
            </li>
          ))}
        </ul>
      ) : searching && inCategory > 0 ? (
        <EmptyState
          icon={<SearchXIcon />}
          title="No matching projects"
          text={`Nothing in ${category.filterKey === null ? "the portfolio" : category.label} matches "${list.query}".`}
          className="mt-4"
        >
          <Button asChild variant="outline">
            <Link
              to={{ search: studioUrlSearch({ query: "", category }) }}
              preventScrollReset
              onClick={() => setQuery("")}
            >
              Clear search
            </Link>
          </Button>
        </EmptyState>
      ) : (
        <EmptyState
          icon={<PackageOpenIcon />}
          title={studioEmptyTitle(category)}
          text="Check back soon for new content in this category."
          className="mt-4"
        />
      )}

      <Pager
        page={list.page}
        totalPages={list.totalPages}
        search={studioUrlSearch({ query: list.query, category })}
        label="Project pages"
      />
    </div>
  );
}

/**
 * A text value kept in one query-string parameter: the returned value changes at once while
 * the URL follows after a short pause (replacing the history entry, not adding one). When the
 * URL changes from elsewhere (back button, a link), the value follows it.
 */
function useQueryParam(name: string) {
  const [searchParams, setSearchParams] = useSearchParams();
  const fromUrl = searchParams.get(name) ?? "";
  const [value, setValue] = React.useState(fromUrl);
  const written = React.useRef(fromUrl);

  React.useEffect(() => {
    if (fromUrl !== written.current) {
      written.current = fromUrl;
      setValue(fromUrl);
    }
  }, [fromUrl]);

  const write = React.useCallback(
    (next: string) => {
      written.current = next;
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          if (next.trim()) params.set(name, next.trim());
          else params.delete(name);
          // A new search starts at its first page.
          params.delete("page");
          return params;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [name, setSearchParams],
  );

  React.useEffect(() => {
    if (value === written.current) return;
    const timer = setTimeout(() => write(value), SEARCH_URL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value, write]);

  return [value, setValue, write] as const;
}
