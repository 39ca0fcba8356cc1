import { PackageOpenIcon, SearchXIcon, XIcon } from "lucide-react";
import { EmptyState } from "#app/components/site/empty-state.tsx";
import { SearchField } from "#app/components/site/icon-field.tsx";
import { IconSprite } from "#app/components/site/icon-sprite.tsx";
import { Pager } from "#app/components/site/pager.tsx";
import { SiteLink } from "#app/components/site/site-link.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FilterLink, FilterLinks } from "#app/components/ui/filter-links.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { withPage } from "#common/paging.ts";
import type { PackCardItem } from "#common/types/post-list.ts";
import { STUDIO_CARD_ICONS, StudioCard } from "./studio-card.tsx";
import {
  STUDIO_CATEGORIES,
  type StudioCategory,
  studioCategoryFromParam,
  studioEmptyTitle,
  studioUrlSearch,
} from "./studio-filters.ts";
import { StudioSkeleton } from "./studio-skeleton.tsx";

/** The id of the pack grid, which the site script replaces with the next view's. */
const RESULTS_ID = "studio-results";

/** One page of packs as the loader sends it. */
export type StudioList = {
  items: PackCardItem[];
  /** Each tab's count over the search, keyed by the tab's slug. */
  counts: Record<string, number>;
  /** How many packs the current tab holds without the search. */
  inCategory: number;
  /** The search and the tab (its slug) the server applied. */
  query: string;
  category: string;
  page: number;
  totalPages: number;
  now: string;
};

/**
 * The searchable, filterable, paged grid of the studio page, for the view the address names:
 * the search (`?q=`), the category (`?category=`) and the page (`?page=`), which the server
 * searches, filters, counts and pages (docs/product/public-site.md#paged-lists). Without script the
 * search box is a GET form and the tabs and page links are links; with it, the site script loads
 * each view in place as the person types, picks a tab or pages
 * (app/site-script/live-list.client.ts, its `data-live-*` marks).
 */
export function StudioBrowser({ list }: { list: StudioList }) {
  const category = studioCategoryFromParam(list.category);
  const { counts, query } = list;
  const total = counts[category.slug] ?? 0;
  return (
    <div data-live-list={RESULTS_ID}>
      <IconSprite icons={STUDIO_CARD_ICONS} />
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <search className="w-full lg:max-w-sm">
          <form method="get" action="/studio">
            <SearchField
              id="studio-search"
              label="Search content"
              placeholder="Search content..."
              defaultValue={query}
              className="peer h-11 pr-10 [&::-webkit-search-cancel-button]:hidden"
            >
              {/* Shown while the box holds text (a style rule, so it follows typing at once). */}
              <button
                type="button"
                aria-label="Clear search"
                data-live-clear=""
                className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-zinc-400 peer-placeholder-shown:hidden hover:bg-white/10 hover:text-white"
              >
                <XIcon className="size-4" />
              </button>
            </SearchField>
            {/* Small screens choose the category here; without script it is sent with the search. */}
            <div className="mt-4 sm:hidden">
              <Label htmlFor="studio-category">Category</Label>
              <select
                id="studio-category"
                name="category"
                defaultValue={category.slug}
                data-live-part=""
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
        <FilterLinks
          id="studio-tabs"
          data-live-part=""
          aria-label="Categories"
          className="hidden sm:block"
        >
          {STUDIO_CATEGORIES.map((option) => (
            <FilterLink
              key={option.slug}
              to={{ search: studioUrlSearch({ query, category: option }) }}
              active={option.slug === category.slug}
              count={counts[option.slug] ?? 0}
            >
              {option.label}
            </FilterLink>
          ))}
        </FilterLinks>
      </div>

      <p
        id="studio-count"
        data-live-part=""
        aria-live="polite"
        className="mt-6 min-h-5 text-sm text-zinc-400"
      >
        {query === "" ? null : `${total} ${total === 1 ? "result" : "results"} for "${query}"`}
      </p>

      <template data-live-loading="">
        <StudioSkeleton />
      </template>
      <div
        id={RESULTS_ID}
        data-live-url={`/studio${withPage(studioUrlSearch({ query, category }), list.page)}`}
        tabIndex={-1}
        className="outline-none"
      >
        <h2 className="sr-only">{category.filterKey === null ? "All projects" : category.label}</h2>
        <Packs list={list} category={category} />
        <Pager
          page={list.page}
          totalPages={list.totalPages}
          search={studioUrlSearch({ query, category })}
          label="Project pages"
        />
      </div>
    </div>
  );
}

/** The page's cards, or why there are none and the way back to some. */
function Packs({ list, category }: { list: StudioList; category: StudioCategory }) {
  const now = new Date(list.now);
  if (list.items.length > 0) {
    return (
      <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {list.items.map((item, index) => (
          <li key={item.id}>
            <StudioCard item={item} now={now} eager={index < 3} priority={index === 0} />
          </li>
        ))}
      </ul>
    );
  }
  if (list.query !== "" && list.inCategory > 0) {
    return (
      <EmptyState
        icon={<SearchXIcon />}
        title="No matching projects"
        text={`Nothing in ${category.filterKey === null ? "the portfolio" : category.label} matches "${list.query}".`}
        className="mt-4"
      >
        <Button asChild variant="outline">
          <SiteLink to={{ search: studioUrlSearch({ query: "", category }) }}>
            Clear search
          </SiteLink>
        </Button>
      </EmptyState>
    );
  }
  return (
    <EmptyState
      icon={<PackageOpenIcon />}
      title={studioEmptyTitle(category)}
      text="Check back soon for new content in this category."
      className="mt-4"
    />
  );
}
