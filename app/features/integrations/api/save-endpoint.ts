import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#app/lib/api-client.ts";
import type { WebhookEndpointCreate, WebhookEndpointUpdate } from "#common/schemas/webhooks.ts";
import type { WebhookEndpoint, WebhookEndpointCreated } from "#common/types/webhook.ts";
import { integrationsQueryKey } from "./get-endpoints.ts";

export function createEndpoint(input: WebhookEndpointCreate): Promise<WebhookEndpointCreated> {
  return apiRequest<WebhookEndpointCreated>("/api/integrations", { method: "POST", body: input });
}

export function updateEndpoint({
  id,
  input,
}: {
  id: string;
  input: WebhookEndpointUpdate;
}): Promise<WebhookEndpoint> {
  return apiRequest<WebhookEndpoint>(`/api/integrations/${encodeURIComponent(id)}`, {
    method: "PUT",
    body: input,
  });
}

export function useCreateEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationsQueryKey }),
  });
}

export function useUpdateEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationsQueryKey }),
  });
}
