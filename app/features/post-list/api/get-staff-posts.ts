import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { listViewApiSearch, type PostListView } from "#app/features/post-list/post-list-view.ts";
import { apiGet } from "#app/lib/api-client.ts";
import { CONTENT_QUERY_KEYS } from "#app/lib/content-queries.ts";
import type { Paged, StaffPostRow } from "#common/types/post-list.ts";

/** One page of the staff post list, with its filters, sort and search (staff only). */
export function getStaffPosts(
  apiSearch: string,
  signal?: AbortSignal,
): Promise<Paged<StaffPostRow>> {
  return apiGet<Paged<StaffPostRow>>(`/api/posts?${apiSearch}`, signal);
}

/**
 * Keyed under the posts key, so whatever refreshes the content lists after a save or a delete
 * refreshes every page of every table too.
 */
export function staffPostsQueryOptions(view: PostListView, limit?: number) {
  const apiSearch = listViewApiSearch(view, limit);
  return queryOptions({
    queryKey: [...CONTENT_QUERY_KEYS.posts, "page", apiSearch],
    queryFn: ({ signal }) => getStaffPosts(apiSearch, signal),
    // Another page, sort or filter keeps the rows on screen until the next ones are here.
    placeholderData: keepPreviousData,
  });
}

export function useStaffPosts(view: PostListView, limit?: number) {
  return useQuery(staffPostsQueryOptions(view, limit));
}
