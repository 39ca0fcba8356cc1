import type { PostSeoFields } from "#common/schemas/post-seo.ts";

/**
 * A post as the API sends it (docs/product/content-model.md#posts). Timestamps are ISO-8601
 * strings.
 */
export type Post = {
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  status: string;
  category: string;
  packType: string | null;
  marketplaceUrl: string | null;
  youtubeUrl: string | null;
  featuredImage: string | null;
  featuredImageAlt: string | null;
  scheduledAt: string | null;
  timezone: string | null;
  releaseDate: string | null;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  tags: string[];
  /**
   * 1 when created; every write through the API adds one. A save names the version it started
   * from, and is refused (409) when the post has moved on (docs/decisions/008-editor-saves.md).
   */
  version: number;
  /**
   * In staff answers only: the post's newsletter goes out when the post goes live
   * (docs/product/content-model.md#newsletter-with-the-post).
   */
  newsletterOnPublish?: boolean;
} & PostSeoFields;

/**
 * The short form `GET /api/posts/public` answers with; `publishedAt` is the time the post went
 * public, as in Post (null for a draft or a post scheduled for later).
 */
export type PostSummary = Pick<
  Post,
  "id" | "title" | "status" | "category" | "createdAt" | "publishedAt" | "slug" | "excerpt"
>;
