import type { PortfolioStage } from "#common/portfolio-list.ts";
import type { StaffPostRow } from "./post-list.ts";

/**
 * A marketplace-content post seen as a portfolio item
 * (docs/product/content-model.md#portfolio-items).
 */
export type PortfolioItem = {
  id: string;
  title: string;
  slug: string;
  /** The studio filter key: world, "Skin Pack", "Addon", or the raw pack type. */
  packType: string | null;
  status: string;
  shortDescription: string | null;
  fullDescription: string;
  launchDate: string | null;
  createdAt: string;
  marketplaceLink: string | null;
  marketplaceUrl: string | null;
  imageUrl: string | null;
  featuredImage: string | null;
  releaseDate: string | null;
  isPost: true;
};

/**
 * A row of the dashboard's Marketplace table (`GET /api/portfolio?page=`): the staff post list's
 * row (packType as stored), with the short description, the launch date and the item's status
 * in the table.
 */
export type PortfolioRow = StaffPostRow & {
  shortDescription: string | null;
  launchDate: string | null;
  stage: PortfolioStage;
};
