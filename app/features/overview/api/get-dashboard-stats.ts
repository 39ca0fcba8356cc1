import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "#app/lib/api-client.ts";
import { CONTENT_QUERY_KEYS } from "#app/lib/content-queries.ts";
import { retryOnce } from "#app/lib/query-client.ts";
import type { DashboardStats } from "#common/types/stats.ts";

/**
 * How long the overview's counters are kept before they are fetched again
 * (docs/product/dashboard.md#dashboard-queries).
 */
export const DASHBOARD_STATS_STALE_TIME_MS = 5 * 60 * 1000;

export function getDashboardStats(signal?: AbortSignal): Promise<DashboardStats> {
  return apiGet<DashboardStats>("/api/dashboard/stats", signal);
}

export function dashboardStatsQueryOptions() {
  return queryOptions({
    queryKey: CONTENT_QUERY_KEYS.dashboardStats,
    queryFn: ({ signal }) => getDashboardStats(signal),
    staleTime: DASHBOARD_STATS_STALE_TIME_MS,
    retry: retryOnce,
  });
}

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
