import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "#app/lib/api-client.ts";
import { CONTENT_QUERY_KEYS } from "#app/lib/content-queries.ts";
import type { Post } from "#common/types/post.ts";

/** Every post, any status, newest first (staff only). */
export function getPosts(signal?: AbortSignal): Promise<Post[]> {
  return apiGet<Post[]>("/api/posts", signal);
}

export function postsQueryOptions() {
  return queryOptions({
    queryKey: CONTENT_QUERY_KEYS.posts,
    queryFn: ({ signal }) => getPosts(signal),
  });
}

export function usePosts() {
  return useQuery(postsQueryOptions());
}
