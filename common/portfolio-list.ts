import { isPubliclyVisible } from "./content-rules.ts";

/**
 * The dashboard's Marketplace table (docs/product/dashboard.md#marketplace-section): its orders,
 * its status filter and the rule that puts an item in one status, shared by the section and
 * `GET /api/portfolio?page=`.
 */

/** The table's orders (`?sort=`), the default first: newest launch date first. */
export const PORTFOLIO_SORTS = [
  "-launchDate",
  "launchDate",
  "title",
  "-title",
  "-updatedAt",
  "updatedAt",
] as const;
export type PortfolioSort = (typeof PORTFOLIO_SORTS)[number];

/** What each order is called in the `Sort by` menu. */
export const PORTFOLIO_SORT_LABELS: Record<PortfolioSort, string> = {
  "-launchDate": "Launch date, newest first",
  launchDate: "Launch date, oldest first",
  title: "Title, A to Z",
  "-title": "Title, Z to A",
  "-updatedAt": "Last edited, newest first",
  updatedAt: "Last edited, oldest first",
};

/**
 * An item's status in the table (`?status=`): Live and Coming Soon are what the Studio page
 * shows of a public item, by its launch (release) date; draft and scheduled are not public yet.
 */
export const PORTFOLIO_STAGES = ["live", "coming-soon", "draft", "scheduled"] as const;
export type PortfolioStage = (typeof PORTFOLIO_STAGES)[number];

/** The badge of each status: the Studio page's words for public items, the stored status else. */
export const PORTFOLIO_STAGE_LABELS: Record<PortfolioStage, string> = {
  live: "Live",
  "coming-soon": "Coming Soon",
  draft: "draft",
  scheduled: "scheduled",
};

type StagedItem = {
  status: string;
  scheduledAt: string | null;
  /** The launch date (a post's releaseDate). */
  releaseDate: string | null;
};

/**
 * The status of an item at `now`: a draft is a draft; a post the public cannot see yet (scheduled
 * for later) is scheduled; a public one is Coming Soon while its launch date is in the future and
 * Live once it has come, or when it has none. The SQL form is server/services/portfolio-list.
 */
export function portfolioStage(item: StagedItem, now: Date): PortfolioStage {
  if (!isPubliclyVisible(item, now)) return item.status === "scheduled" ? "scheduled" : "draft";
  const launch = item.releaseDate === null ? Number.NaN : Date.parse(item.releaseDate);
  return launch > now.getTime() ? "coming-soon" : "live";
}
