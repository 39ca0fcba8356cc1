import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#app/lib/api-client.ts";
import { appsQueryKey } from "./get-apps.ts";

export function deleteApp(id: string): Promise<void> {
  return apiRequest<void>(`/api/apps/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useDeleteApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApp,
    // Also after a failure: a 404 means someone else deleted it, and the list should say so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: appsQueryKey }),
  });
}
