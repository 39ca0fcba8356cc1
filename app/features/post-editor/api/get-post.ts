import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "#app/lib/api-client.ts";
import { postQueryKey } from "#app/lib/content-queries.ts";
import type { Post } from "#common/types/post.ts";

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
