import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "#app/lib/api-client.ts";
import { CONTENT_QUERY_KEYS } from "#app/lib/content-queries.ts";
import type { Post } from "#common/types/post.ts";

/** Under the posts list's key, so refreshing content after a save refreshes it too. */
export function postQueryKey(id: string) {
  return [...CONTENT_QUERY_KEYS.posts, id] as const;
}

/** One post, any status (staff only). */
export function getPost(id: string, signal?: AbortSignal): Promise<Post> {
  return apiGet<Post>(`/api/posts/${encodeURIComponent(id)}`, signal);
}

export function postQueryOptions(id: string) {
  return queryOptions({
    queryKey: postQueryKey(id),
    queryFn: ({ signal }) => getPost(id, signal),
  });
}

export function usePost(id: string | null) {
  return useQuery({ ...postQueryOptions(id ?? ""), enabled: id !== null });
}
