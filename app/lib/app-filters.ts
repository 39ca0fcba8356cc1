import type { App } from "#common/types/app.ts";

/**
 * The apps page's rules (docs/product/public-site.md#apps): filters with counts, banned apps last,
 * and the labels the cards show. Pure, so the page and its tests share them.
 */

type FilterableApp = Pick<App, "relationship" | "status">;

/** A filter: its key in the URL (`?filter=`), its label, and which apps it keeps. */
export type AppFilter = {
  slug: string;
  label: string;
  matches: (app: FilterableApp) => boolean;
};

export const APP_FILTERS: readonly AppFilter[] = [
  { slug: "all", label: "All Apps", matches: () => true },
  { slug: "developed", label: "Developed", matches: (app) => app.relationship === "developed" },
  {
    slug: "partnerships",
    label: "Partnerships",
    matches: (app) => app.relationship === "partner" || app.relationship === "official-partner",
  },
  {
    slug: "in-development",
    label: "In Development",
    matches: (app) => app.status === "in-development" || app.status === "beta",
  },
];

const ALL = APP_FILTERS[0] as AppFilter;

/** The filter named by a `?filter=` value; anything unknown (or nothing) is All Apps. */
export function appFilterFromParam(value: string | null | undefined): AppFilter {
  return APP_FILTERS.find((filter) => filter.slug === value) ?? ALL;
}

/** How many apps each filter keeps, keyed by the filter's slug. */
export function countAppFilters(apps: readonly FilterableApp[]): Record<string, number> {
  return Object.fromEntries(
    APP_FILTERS.map((filter) => [filter.slug, apps.filter(filter.matches).length]),
  );
}

export function isBanned(app: Pick<App, "status">): boolean {
  return app.status === "banned";
}

/** Banned apps move to the end; everything else keeps its order. */
export function sortBannedLast<T extends Pick<App, "status">>(apps: readonly T[]): T[] {
  return [...apps.filter((app) => !isBanned(app)), ...apps.filter(isBanned)];
}

/** The apps a filter shows, banned ones last. */
export function filterApps<T extends FilterableApp>(apps: readonly T[], filter: AppFilter): T[] {
  return sortBannedLast(apps.filter(filter.matches));
}

export const APP_RELATIONSHIP_LABELS: Record<string, string> = {
  developed: "Developed by us",
  partner: "Partner",
  "official-partner": "Official Partner",
};

export const APP_STATUS_LABELS: Record<string, string> = {
  beta: "Beta",
  "in-development": "In Development",
};

const PLATFORM_LABELS: Record<string, string> = {
  web: "Web",
  ios: "iOS",
  android: "Android",
  windows: "Windows",
  macos: "macOS",
  linux: "Linux",
};

export function platformLabel(platform: string): string {
  return PLATFORM_LABELS[platform] ?? platform;
}

/** The year of a release date ("2021"), or null when there is none or it cannot be read. */
export function releaseYear(releaseDate: string | null): string | null {
  if (!releaseDate) return null;
  const date = new Date(releaseDate);
  return Number.isNaN(date.getTime()) ? null : String(date.getUTCFullYear());
}

/** "Rated 4.5 out of 5", for screen readers; null when the app has no rating. */
export function ratingLabel(rating: number | null): string | null {
  if (rating === null || !Number.isFinite(rating)) return null;
  return `Rated ${Math.round(rating * 10) / 10} out of 5`;
}
