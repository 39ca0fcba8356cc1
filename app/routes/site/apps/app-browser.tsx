import { AppWindowIcon } from "lucide-react";
import { EmptyState } from "#app/components/site/empty-state.tsx";
import { IconSprite } from "#app/components/site/icon-sprite.tsx";
import { SiteLink } from "#app/components/site/site-link.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FilterLink, FilterLinks } from "#app/components/ui/filter-links.tsx";
import {
  APP_FILTERS,
  appFilterFromParam,
  countAppFilters,
  filterApps,
} from "#app/lib/app-filters.ts";
import type { App } from "#common/types/app.ts";
import { APP_CARD_ICONS, AppCard } from "./app-card.tsx";

/** The id of the app grid, which the site script replaces with the next filter's. */
const RESULTS_ID = "apps-results";

/** The query string of a filter: nothing for All Apps. */
function filterSearch(slug: string): string {
  return slug === "all" ? "" : `?filter=${slug}`;
}

/**
 * The apps page's filters and cards, for the filter the address names (`?filter=`, which the
 * loader read), so a filtered view can be shared and works without script; banned apps come
 * last. With the site script, a filter shows in place (app/site-script/live-list.client.ts).
 */
export function AppBrowser({
  apps,
  filter: filterSlug,
  now,
  petitionUrl,
}: {
  apps: App[];
  /** The filter's slug. */
  filter: string;
  now: Date;
  petitionUrl: string;
}) {
  const filter = appFilterFromParam(filterSlug);
  const counts = countAppFilters(apps);
  const shown = filterApps(apps, filter);

  return (
    <div data-live-list={RESULTS_ID}>
      <IconSprite icons={APP_CARD_ICONS} />
      <h2 id="apps-list-title" data-live-part="" className="sr-only">
        {filter.label}
      </h2>
      <FilterLinks id="apps-filters" data-live-part="" aria-label="Filter apps">
        {APP_FILTERS.map((option) => (
          <FilterLink
            key={option.slug}
            to={{ search: filterSearch(option.slug) }}
            active={option.slug === filter.slug}
            count={counts[option.slug] ?? 0}
          >
            {option.label}
          </FilterLink>
        ))}
      </FilterLinks>

      <div
        id={RESULTS_ID}
        data-live-url={`/apps${filterSearch(filter.slug)}`}
        tabIndex={-1}
        className="outline-none"
      >
        {shown.length > 0 ? (
          <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {shown.map((app, index) => (
              <li key={app.id}>
                <AppCard
                  app={app}
                  now={now}
                  petitionUrl={petitionUrl}
                  eager={index < 3}
                  priority={index === 0}
                />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState
            icon={<AppWindowIcon />}
            title="No Apps Found"
            text={
              filter.slug === "all"
                ? "Our first apps and tools are on the workbench. Check back soon."
                : `Nothing under ${filter.label} yet.`
            }
            className="mt-8"
          >
            {filter.slug === "all" ? null : (
              <Button asChild variant="outline">
                <SiteLink to={{ search: "" }}>Show all apps</SiteLink>
              </Button>
            )}
          </EmptyState>
        )}
      </div>
    </div>
  );
}
