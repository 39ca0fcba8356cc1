import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "#app/lib/api-client.ts";
import type { WebhookEndpoint } from "#common/types/webhook.ts";

/** Every integrations query starts with it, so a change refreshes them all. */
export const integrationsQueryKey = ["/api/integrations"] as const;

export function endpointsQueryOptions() {
  return queryOptions({
    queryKey: [...integrationsQueryKey, "list"],
    queryFn: ({ signal }) => apiGet<WebhookEndpoint[]>("/api/integrations", signal),
  });
}

export function useEndpoints() {
  return useQuery(endpointsQueryOptions());
}
