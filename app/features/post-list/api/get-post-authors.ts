import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "#app/lib/api-client.ts";
import { CONTENT_QUERY_KEYS } from "#app/lib/content-queries.ts";
import type { PostAuthor } from "#common/types/post-list.ts";

/** Everyone who wrote at least one post, by name, with how many (staff only). */
export function getPostAuthors(signal?: AbortSignal): Promise<PostAuthor[]> {
  return apiGet<PostAuthor[]>("/api/posts/authors", signal);
}

export function postAuthorsQueryOptions() {
  return queryOptions({
    // Under the posts key: a deleted post may take its author's last post with it.
    queryKey: [...CONTENT_QUERY_KEYS.posts, "authors"],
    queryFn: ({ signal }) => getPostAuthors(signal),
  });
}

export function usePostAuthors() {
  return useQuery(postAuthorsQueryOptions());
}
