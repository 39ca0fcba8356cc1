import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#app/lib/api-client.ts";
import { refreshContentQueries } from "#app/lib/content-queries.ts";

export function deletePost(id: string): Promise<void> {
  return apiRequest<void>(`/api/posts/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    // Also after a failure: a 404 means someone else deleted it, and the lists should say so.
    onSettled: () => refreshContentQueries(queryClient),
  });
}
