import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#app/lib/api-client.ts";
import type { WebhookTestOutcome } from "#common/types/webhook.ts";
import { integrationsQueryKey } from "./get-endpoints.ts";

/** "Send a test": a sample card sent now; answers what the receiver said. */
export function sendTest(id: string): Promise<WebhookTestOutcome> {
  return apiRequest<WebhookTestOutcome>(`/api/integrations/${encodeURIComponent(id)}/test`, {
    method: "POST",
  });
}

export function useSendTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationsQueryKey }),
  });
}
