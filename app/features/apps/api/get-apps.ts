import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "#app/lib/api-client.ts";
import type { App } from "#common/types/app.ts";

export const appsQueryKey = ["/api/apps"] as const;

/** Every app, in the public list's order. */
export function getApps(signal?: AbortSignal): Promise<App[]> {
  return apiGet<App[]>("/api/apps", signal);
}

export function appsQueryOptions() {
  return queryOptions({ queryKey: appsQueryKey, queryFn: ({ signal }) => getApps(signal) });
}

export function useApps() {
  return useQuery(appsQueryOptions());
}
