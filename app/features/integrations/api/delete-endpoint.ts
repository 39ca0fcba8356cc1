import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#app/lib/api-client.ts";
import { integrationsQueryKey } from "./get-endpoints.ts";

export function deleteEndpoint(id: string): Promise<void> {
  return apiRequest<void>(`/api/integrations/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useDeleteEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationsQueryKey }),
  });
}
