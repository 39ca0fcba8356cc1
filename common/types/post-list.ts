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

/** One page of a list (docs/product/public-site.md#paged-lists). */
export type Paged<T> = {
  items: T[];
  page: number;
  pageSize: number;
  /** How many items the whole list holds. */
  total: number;
  /** How many pages it fills (1 for an empty list). */
  totalPages: number;
};

/**
 * A post as the staff post list shows it (`GET /api/posts?page=`): what a table row needs, never
 * the post's HTML. Dates, status and featuredImage as in Post; featuredImage is null rather than
 * an inline image.
 */
export type StaffPostRow = {
  id: string;
  title: string;
  slug: string;
  status: string;
  category: string;
  packType: string | null;
  featuredImage: string | null;
  featuredImageAlt: string | null;
  tags: string[];
  /** Who wrote it; null when its author's login no longer exists. */
  author: { id: string; name: string } | null;
  scheduledAt: string | null;
  timezone: string | null;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  marketplaceUrl: string | null;
  version: number;
  /**
   * Whether it has saved changes the public does not see yet (a public post's working copy,
   * waiting for Update).
   */
  changesNotLive: boolean;
  /** Whether its newsletter goes out when it goes live (content-model.md#newsletter-with-the-post). */
  newsletterOnPublish: boolean;
};

/** `GET /api/posts/authors`: a user who wrote posts, for the staff list's author filter. */
export type PostAuthor = { id: string; name: string; posts: number };

/** The answer of `POST /api/posts/bulk`. */
export type BulkPostAnswer = {
  action: string;
  /** The posts the action changed. */
  changed: string[];
  /** The posts it left as they were, and why, in plain words. */
  unchanged: { id: string; title: string; reason: string }[];
};
