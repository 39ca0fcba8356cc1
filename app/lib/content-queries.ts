import type { QueryClient } from "@tanstack/react-query";

/**
 * The cached calls that show content, by the path they read. After content is saved or deleted
 * all four are refreshed (docs/product/dashboard.md#dashboard-queries), whichever feature did it.
 */
export const CONTENT_QUERY_KEYS = {
  posts: ["/api/posts"],
  publicPosts: ["/api/posts/public"],
  dashboardStats: ["/api/dashboard/stats"],
  portfolio: ["/api/portfolio"],
} as const;

/**
 * One post as the editor reads it, under the posts list's key, so refreshing content after a
 * save refreshes it too, with what hangs off it (its working copy, its History).
 */
export function postQueryKey(id: string) {
  return [...CONTENT_QUERY_KEYS.posts, id] as const;
}

/** Marks the four content queries stale and refetches those on screen. */
export function refreshContentQueries(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    Object.values(CONTENT_QUERY_KEYS).map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  ).then(() => undefined);
}
