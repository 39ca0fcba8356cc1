import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#app/lib/api-client.ts";
import { subscribersQueryKey } from "./get-subscribers.ts";

/** Takes one address off the mailing list. */
export function deleteSubscriber(id: string): Promise<void> {
  return apiRequest<void>(`/api/subscribers/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useDeleteSubscriber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubscriber,
    onSettled: () => queryClient.invalidateQueries({ queryKey: subscribersQueryKey }),
  });
}
