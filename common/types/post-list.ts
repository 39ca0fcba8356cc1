import type { PortfolioItem } from "./portfolio-item.ts";

/**
 * A post as a list card shows it: the paged list calls' items and the news page's cards. No
 * content: a list never carries the post's HTML.
 */
export type PostCardItem = {
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  status: string;
  category: string;
  featuredImage: string | null;
  featuredImageAlt: string | null;
  /** When it went public (a due scheduled post: its scheduled time); null while it is not. */
  publishedAt: string | null;
  createdAt: string;
};

/** A marketplace pack as a studio card shows it: the portfolio item without its full text. */
export type PackCardItem = Omit<PortfolioItem, "fullDescription">;

/** One page of a list (docs/product.md#paged-lists). */
export type Paged<T> = {
  items: T[];
  page: number;
  pageSize: number;
  /** How many items the whole list holds. */
  total: number;
  /** How many pages it fills (1 for an empty list). */
  totalPages: number;
};
