import { PackageOpenIcon, SearchXIcon, XIcon } from "lucide-react";
import * as React from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { EmptyState } from "#app/components/site/empty-state.tsx";
import { SearchField } from "#app/components/site/icon-field.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FilterLink, FilterLinks } from "#app/components/ui/filter-links.tsx";
import { Label } from "#app/components/ui/label.tsx";
import type { PortfolioItem } from "#common/types/portfolio-item.ts";
import { StudioCard } from "./studio-card.tsx";
import {
  countStudioCategories,
  filterStudioItems,
  matchesStudioSearch,
  STUDIO_CATEGORIES,
  type StudioCategory,
  studioCategoryFromParam,
  studioEmptyTitle,
  studioUrlSearch,
} from "./studio-filters.ts";

/** How long typing may pause before the search is written to the URL. */
const SEARCH_URL_DELAY_MS = 300;

/**
 * The searchable, filterable grid of the studio page. The search (`?q=`) and the category
 * (`?category=`) live in the URL, so a view can be shared; the list itself is filtered in the
 * browser, so typing never waits for the network. Without JavaScript the search box is a GET
 * form and the tabs are links, and the server renders the same view.
 */
export function StudioBrowser({ items, now }: { items: PortfolioItem[]; now: Date }) {
  const [searchParams] = useSearchParams();
  const category = studioCategoryFromParam(searchParams.get("category"));
  const [query, setQuery, writeQuery] = useQueryParam("q");
  const navigate = useNavigate();

  const searched = React.useMemo(
    () => items.filter((item) => matchesStudioSearch(item, query)),
    [items, query],
  );
  // Counts follow the search, so each tab says how many results it holds.
  const counts = React.useMemo(() => countStudioCategories(searched), [searched]);
  const shown = filterStudioItems(searched, { query: "", category });
  const inCategory = filterStudioItems(items, { query: "", category }).length;
  const searching = query.trim() !== "";

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
          ? `${shown.length} ${shown.length === 1 ? "result" : "results"} for "${query.trim()}"`
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
          text={`Nothing in ${category.filterKey === null ? "the portfolio" : category.label} matches "${query.trim()}".`}
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
          if (next.trim()) params.set(name, next);
          else params.delete(name);
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
