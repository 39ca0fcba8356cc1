import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "#app/lib/api-client.ts";
import type { SiteSettingsState } from "#common/types/site-settings.ts";

export const settingsQueryKey = ["/api/settings"] as const;

export function getSettings(signal?: AbortSignal): Promise<SiteSettingsState> {
  return apiGet<SiteSettingsState>("/api/settings", signal);
}

export function settingsQueryOptions() {
  return queryOptions({
    queryKey: settingsQueryKey,
    queryFn: ({ signal }) => getSettings(signal),
  });
}

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
