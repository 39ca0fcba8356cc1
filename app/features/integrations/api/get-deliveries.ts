import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "#app/lib/api-client.ts";
import type { Paged } from "#common/types/post-list.ts";
import type { WebhookDelivery } from "#common/types/webhook.ts";
import { integrationsQueryKey } from "./get-endpoints.ts";

export const DELIVERY_PAGE_SIZE = 20;

export function deliveriesQueryOptions(endpointId: string, page: number) {
  return queryOptions({
    queryKey: [...integrationsQueryKey, "deliveries", endpointId, page],
    queryFn: ({ signal }) =>
      apiGet<Paged<WebhookDelivery>>(
        `/api/integrations/${encodeURIComponent(endpointId)}/deliveries?page=${page}&limit=${DELIVERY_PAGE_SIZE}`,
        signal,
      ),
    placeholderData: keepPreviousData,
    // A pending delivery changes on its own: the log looks again while one is shown.
    refetchInterval: (query) =>
      query.state.data?.items.some((delivery) => delivery.status === "pending") ? 2_000 : false,
  });
}

export function useDeliveries(endpointId: string, page: number) {
  return useQuery(deliveriesQueryOptions(endpointId, page));
}
