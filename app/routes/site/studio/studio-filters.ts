import { PACK_TYPE_PLURAL_LABELS, STUDIO_FILTER_KEYS } from "#common/constants.ts";
import { packTypeLabel } from "#common/pack-types.ts";
import { withPage } from "#common/paging.ts";
import type { PortfolioItem } from "#common/types/portfolio-item.ts";

/**
 * The studio page's rules (docs/product/public-site.md#studio,
 * docs/product/content-model.md#release-dates): category tabs with counts, addresses, and whether a
 * pack is Live or Coming Soon. Pure, so the page and its tests share them; the search, the tab's
 * filter and the counts run in the database (pageStudioPacks).
 */

export type StudioItem = Pick<PortfolioItem, "status" | "releaseDate">;

/** A category tab: its key in the URL (`?category=`), the filter key it matches, its label. */
export type StudioCategory = { slug: string; filterKey: string | null; label: string };

/** The tabs in order. "All" has no filter key; the others match the item's filter key. */
export const STUDIO_CATEGORIES: readonly StudioCategory[] = [
  { slug: "all", filterKey: null, label: "All" },
  { slug: "world", filterKey: "world", label: PACK_TYPE_PLURAL_LABELS.world ?? "" },
  { slug: "skin-pack", filterKey: "Skin Pack", label: PACK_TYPE_PLURAL_LABELS["skin-pack"] ?? "" },
  { slug: "addon", filterKey: "Addon", label: PACK_TYPE_PLURAL_LABELS.addon ?? "" },
];

const ALL = STUDIO_CATEGORIES[0] as StudioCategory;

/** The tab named by a `?category=` value; anything unknown (or nothing) is All. */
export function studioCategoryFromParam(value: string | null | undefined): StudioCategory {
  return STUDIO_CATEGORIES.find((category) => category.slug === value) ?? ALL;
}

/**
 * The pack type a tab shows (the stored value whose filter key the tab matches), or null for All
 * (docs/product/content-model.md#pack-types).
 */
export function studioPackTypeOf(category: StudioCategory): string | null {
  if (category.filterKey === null) return null;
  return (
    Object.entries(STUDIO_FILTER_KEYS).find(([, key]) => key === category.filterKey)?.[0] ?? null
  );
}

/**
 * Each tab's count, keyed by the tab's slug, from the database's count per stored pack type:
 * All counts every pack, whatever its type.
 */
export function studioTabCounts(byPackType: ReadonlyMap<string | null, number>) {
  let all = 0;
  for (const count of byPackType.values()) all += count;
  return Object.fromEntries(
    STUDIO_CATEGORIES.map((category) => {
      const packType = studioPackTypeOf(category);
      return [category.slug, packType === null ? all : (byPackType.get(packType) ?? 0)];
    }),
  ) as Record<string, number>;
}

/** The empty-state heading of a tab: 'No Projects Yet' for All, else 'No {label} Yet'. */
export function studioEmptyTitle(category: StudioCategory): string {
  return category.filterKey === null ? "No Projects Yet" : `No ${category.label} Yet`;
}

/** The badge text for an item's pack type (its filter key): the one name every screen uses. */
export function studioPackLabel(packType: string | null): string | null {
  return packTypeLabel(packType);
}

export type StudioStatus = "live" | "coming-soon" | "draft";

function isAfter(value: string | null, now: Date): boolean {
  if (!value) return false;
  const time = Date.parse(value);
  return !Number.isNaN(time) && time > now.getTime();
}

/**
 * Live or Coming Soon (docs/product/content-model.md#release-dates): a release date in the future
 * is Coming Soon; a published item with its release date now, past or absent is Live; a draft is a
 * draft; any other status is Coming Soon.
 */
export function studioStatus(
  item: Pick<StudioItem, "status" | "releaseDate">,
  now: Date,
): StudioStatus {
  if (item.status === "draft") return "draft";
  if (isAfter(item.releaseDate, now)) return "coming-soon";
  return item.status === "published" ? "live" : "coming-soon";
}

export const STUDIO_STATUS_LABELS: Record<StudioStatus, string> = {
  live: "Live",
  "coming-soon": "Coming Soon",
  draft: "Draft",
};

/** Get Pack works only with a marketplace link and once the release date has come. */
export function canGetPack(
  item: Pick<PortfolioItem, "marketplaceLink" | "releaseDate">,
  now: Date,
): boolean {
  return Boolean(item.marketplaceLink) && !isAfter(item.releaseDate, now);
}

/**
 * The query string of a studio view: `?category=` unless All, then `?q=` when searching (the
 * order in which a person usually narrows the list: a tab, then a search within it).
 */
export function studioUrlSearch({
  query,
  category,
}: {
  query: string;
  category: StudioCategory;
}): string {
  const params = new URLSearchParams();
  if (category.filterKey !== null) params.set("category", category.slug);
  if (query.trim()) params.set("q", query.trim());
  const search = params.toString();
  return search ? `?${search}` : "";
}

/**
 * The head links of a studio view (docs/product/public-site.md#paged-lists): prev and next keep the
 * search and the tab; the canonical address is the page itself (with its tab) without a search, and
 * page 1 of the tab while searching.
 */
export function studioListLinks({
  query,
  category,
  page,
  totalPages,
}: {
  query: string;
  category: StudioCategory;
  page: number;
  totalPages: number;
}) {
  const view = studioUrlSearch({ query, category });
  const tab = studioUrlSearch({ query: "", category });
  return {
    canonical: `/studio${query.trim() === "" ? withPage(tab, page) : tab}`,
    prev: page > 1 ? `/studio${withPage(view, page - 1)}` : null,
    next: page < totalPages ? `/studio${withPage(view, page + 1)}` : null,
  };
}
