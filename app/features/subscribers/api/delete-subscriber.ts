import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "~/lib/api-client";
import { subscribersQueryKey } from "./get-subscribers";

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
