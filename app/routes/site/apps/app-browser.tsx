import { AppWindowIcon } from "lucide-react";
import * as React from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { EmptyState } from "#app/components/site/empty-state.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FilterLink, FilterLinks } from "#app/components/ui/filter-links.tsx";
import {
  APP_FILTERS,
  appFilterFromParam,
  countAppFilters,
  filterApps,
} from "#app/lib/app-filters.ts";
import type { App } from "#common/types/app.ts";
import { AppCard } from "./app-card.tsx";

/**
 * The apps page's filters and cards. The filter lives in the URL (`?filter=`), so a filtered
 * view can be shared and works without JavaScript; banned apps come last.
 */
export function AppBrowser({
  apps,
  now,
  petitionUrl,
}: {
  apps: App[];
  now: Date;
  petitionUrl: string;
}) {
  const [searchParams] = useSearchParams();
  const { hash } = useLocation();
  const filter = appFilterFromParam(searchParams.get("filter"));
  const counts = React.useMemo(() => countAppFilters(apps), [apps]);
  const shown = filterApps(apps, filter);
  const target = useHashTarget(hash);

  return (
    <>
      <h2 id="apps-list-title" className="sr-only">
        {filter.label}
      </h2>
      <FilterLinks aria-label="Filter apps">
        {APP_FILTERS.map((option) => (
          <FilterLink
            key={option.slug}
            to={{ search: option.slug === "all" ? "" : `?filter=${option.slug}` }}
            active={option.slug === filter.slug}
            count={counts[option.slug] ?? 0}
          >
            {option.label}
          </FilterLink>
        ))}
      </FilterLinks>

      {shown.length > 0 ? (
        <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {shown.map((app, index) => (
            <li key={app.id}>
              <AppCard
                app={app}
                now={now}
                petitionUrl={petitionUrl}
                highlighted={app.slug === target}
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
              <Link to={{ search: "" }} preventScrollReset>
                Show all apps
              </Link>
            </Button>
          )}
        </EmptyState>
      )}
    </>
  );
}

function decodeHash(hash: string): string {
  try {
    return decodeURIComponent(hash.replace(/^#/, ""));
  } catch {
    return "";
  }
}

/**
 * The id named in the address (/apps#{slug}), known only in the browser: the server never sees
 * the hash, so it is read after hydration. Whenever it changes, including after client-side
 * navigation, the card is brought into view below the fixed navigation (through the page's
 * scroll-padding) if scroll restoration has not already done so.
 */
function useHashTarget(hash: string): string {
  const [target, setTarget] = React.useState("");
  React.useEffect(() => {
    const id = decodeHash(hash);
    setTarget(id);
    const element = id ? document.getElementById(id) : null;
    if (!element) return;
    const frame = requestAnimationFrame(() => {
      const top = element.getBoundingClientRect().top;
      const padding = Number.parseFloat(
        getComputedStyle(document.documentElement).scrollPaddingTop,
      );
      const offset = Number.isFinite(padding) ? padding : 0;
      // Already where scroll restoration put it: leave the page alone.
      if (Math.abs(top - offset) > 2) element.scrollIntoView({ block: "start" });
    });
    return () => cancelAnimationFrame(frame);
  }, [hash]);
  return target;
}
