import { queryOptions, useQuery } from "@tanstack/react-query";
import { monthStart } from "#app/features/subscribers/subscriber-stats.ts";
import { apiGet } from "#app/lib/api-client.ts";
import type { SubscriberCounts } from "#common/types/subscriber.ts";
import { subscribersQueryKey } from "./get-subscribers.ts";

/**
 * The Mailing List's counters, counted by the server; "This Month" from the start of the month
 * where the browser is.
 */
export function getSubscriberStats(now: Date, signal?: AbortSignal): Promise<SubscriberCounts> {
  const since = encodeURIComponent(monthStart(now).toISOString());
  return apiGet<SubscriberCounts>(`/api/subscribers/stats?monthStart=${since}`, signal);
}

export function subscriberStatsQueryOptions() {
  return queryOptions({
    queryKey: [...subscribersQueryKey, "stats"],
    queryFn: ({ signal }) => getSubscriberStats(new Date(), signal),
  });
}

export function useSubscriberStats() {
  return useQuery(subscriberStatsQueryOptions());
}
