import type { QueryClient } from "@tanstack/react-query";

/**
 * The cached calls that show content, by the path they read. After content is saved or deleted
 * all four are refreshed (docs/product.md#dashboard-queries), whichever feature did it.
 */
export const CONTENT_QUERY_KEYS = {
  posts: ["/api/posts"],
  publicPosts: ["/api/posts/public"],
  dashboardStats: ["/api/dashboard/stats"],
  portfolio: ["/api/portfolio"],
} as const;

/** Marks the four content queries stale and refetches those on screen. */
export function refreshContentQueries(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    Object.values(CONTENT_QUERY_KEYS).map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  ).then(() => undefined);
}
