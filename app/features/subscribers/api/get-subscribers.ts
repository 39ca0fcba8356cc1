import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "#app/lib/api-client.ts";
import type { Subscriber } from "#common/types/subscriber.ts";

export const subscribersQueryKey = ["/api/subscribers"] as const;

/** The mailing list, newest first. */
export function getSubscribers(signal?: AbortSignal): Promise<Subscriber[]> {
  return apiGet<Subscriber[]>("/api/subscribers", signal);
}

export function subscribersQueryOptions() {
  return queryOptions({
    queryKey: subscribersQueryKey,
    queryFn: ({ signal }) => getSubscribers(signal),
  });
}

export function useSubscribers() {
  return useQuery(subscribersQueryOptions());
}
