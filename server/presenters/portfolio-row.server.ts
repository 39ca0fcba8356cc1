import { portfolioStage } from "#common/portfolio-list.ts";
import type { PortfolioRow } from "#common/types/portfolio-item.ts";
import { presentStaffPostRow } from "./staff-post-row.server.ts";

type Row = Parameters<typeof presentStaffPostRow>[0] & {
  releaseDate: string | null;
  excerpt: string | null;
};

/**
 * A marketplace-content post as a row of the Marketplace table: the staff list's row, its short
 * description (the excerpt), its launch date, and its status there at `now` (Live, Coming Soon,
 * draft, scheduled).
 */
export function presentPortfolioRow(
  row: Row,
  names: ReadonlyMap<string, string>,
  now: Date,
): PortfolioRow {
  return {
    ...presentStaffPostRow(row, names, now),
    shortDescription: row.excerpt,
    launchDate: row.releaseDate,
    stage: portfolioStage(row, now),
  };
}
