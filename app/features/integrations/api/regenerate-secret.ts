import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "#app/lib/api-client.ts";

/** A new signing secret for a generic webhook, shown this once. */
export function regenerateSecret(id: string): Promise<{ secret: string }> {
  return apiRequest<{ secret: string }>(`/api/integrations/${encodeURIComponent(id)}/secret`, {
    method: "POST",
  });
}

export function useRegenerateSecret() {
  return useMutation({ mutationFn: regenerateSecret });
}
