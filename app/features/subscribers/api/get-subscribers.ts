import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "#app/lib/api-client.ts";
import type { Paged } from "#common/types/post-list.ts";
import type { Subscriber } from "#common/types/subscriber.ts";

/** Every mailing-list query starts with it, so a change refreshes them all. */
export const subscribersQueryKey = ["/api/subscribers"] as const;

/** One page of the mailing list: `query` is the list call's query string (page, sort, q). */
export function getSubscriberPage(query: string, signal?: AbortSignal): Promise<Paged<Subscriber>> {
  return apiGet<Paged<Subscriber>>(`/api/subscribers?${query}`, signal);
}

export function subscriberPageQueryOptions(query: string) {
  return queryOptions({
    queryKey: [...subscribersQueryKey, "page", query],
    queryFn: ({ signal }) => getSubscriberPage(query, signal),
    // The page shown stays while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useSubscriberPage(query: string) {
  return useQuery(subscriberPageQueryOptions(query));
}
