import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "#app/lib/api-client.ts";
import type { TagCount } from "#common/types/tag.ts";

/** The tags in use whose name contains `q` (those starting with it first), at most 20. */
export function getTagSuggestions(q: string, signal?: AbortSignal): Promise<TagCount[]> {
  return apiGet<TagCount[]>(`/api/tags?${new URLSearchParams({ q })}`, signal);
}

export function tagSuggestionsQueryOptions(q: string) {
  return queryOptions({
    queryKey: ["/api/tags", { q }],
    queryFn: ({ signal }) => getTagSuggestions(q, signal),
  });
}

/** Suggestions for `q`; nothing is asked while it is empty. The last answer stays while typing. */
export function useTagSuggestions(q: string) {
  return useQuery({
    ...tagSuggestionsQueryOptions(q),
    enabled: q !== "",
    placeholderData: keepPreviousData,
  });
}
