import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "#app/lib/api-client.ts";
import type { TagCount } from "#common/types/tag.ts";

export const tagsQueryKey = ["/api/tags"] as const;

/** Every tag in use with its number of posts, by name. */
export function getTags(signal?: AbortSignal): Promise<TagCount[]> {
  return apiGet<TagCount[]>("/api/tags", signal);
}

export function tagsQueryOptions() {
  return queryOptions({ queryKey: tagsQueryKey, queryFn: ({ signal }) => getTags(signal) });
}

export function useTags() {
  return useQuery(tagsQueryOptions());
}
