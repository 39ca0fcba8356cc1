import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "#app/lib/api-client.ts";
import type { App, AppListItem } from "#common/types/app.ts";
import type { Paged } from "#common/types/post-list.ts";

/** Every apps query starts with it, so a change refreshes them all. */
export const appsQueryKey = ["/api/apps"] as const;

/** One page of the dashboard's apps list: `query` is the list call's query string. */
export function getAppPage(query: string, signal?: AbortSignal): Promise<Paged<AppListItem>> {
  return apiGet<Paged<AppListItem>>(`/api/apps?${query}`, signal);
}

export function appPageQueryOptions(query: string) {
  return queryOptions({
    queryKey: [...appsQueryKey, "page", query],
    queryFn: ({ signal }) => getAppPage(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAppPage(query: string) {
  return useQuery(appPageQueryOptions(query));
}

/** One app with every field, for the edit form. */
export function appQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...appsQueryKey, "one", id],
    queryFn: ({ signal }) => apiGet<App>(`/api/apps/${encodeURIComponent(id)}`, signal),
    staleTime: 0,
  });
}
