import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet, isApiError } from "#app/lib/api-client.ts";
import { CONTENT_QUERY_KEYS } from "#app/lib/content-queries.ts";
import type { PortfolioItem } from "#common/types/portfolio-item.ts";
import type { Post } from "#common/types/post.ts";
import { getPost } from "./get-post.ts";

export type PortfolioItemForEditing = {
  item: PortfolioItem;
  /** The same post in full (formatted content, video URL, schedule), when it could be read. */
  post: Post | null;
};

export function portfolioItemQueryKey(id: string) {
  return [...CONTENT_QUERY_KEYS.portfolio, id] as const;
}

/** One portfolio item, any status (staff only). */
export function getPortfolioItem(id: string, signal?: AbortSignal): Promise<PortfolioItem> {
  return apiGet<PortfolioItem>(`/api/portfolio/${encodeURIComponent(id)}`, signal);
}

/**
 * A portfolio item to edit, and the post it is a view of: the view holds the content only as
 * plain text, and editing from it alone would drop the post's formatting when saved. A 401
 * while reading the post fails the whole load; any other failure leaves the item on its own.
 */
export async function getPortfolioItemForEditing(
  id: string,
  signal?: AbortSignal,
): Promise<PortfolioItemForEditing> {
  const item = await getPortfolioItem(id, signal);
  if (!item.isPost) return { item, post: null };
  try {
    return { item, post: await getPost(item.id, signal) };
  } catch (error) {
    if (isApiError(error, 401) || signal?.aborted) throw error;
    return { item, post: null };
  }
}

export function portfolioItemQueryOptions(id: string) {
  return queryOptions({
    queryKey: portfolioItemQueryKey(id),
    queryFn: ({ signal }) => getPortfolioItemForEditing(id, signal),
  });
}

export function usePortfolioItem(id: string | null) {
  return useQuery({ ...portfolioItemQueryOptions(id ?? ""), enabled: id !== null });
}
