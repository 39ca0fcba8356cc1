import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#app/lib/api-client.ts";
import { refreshContentQueries } from "#app/lib/content-queries.ts";

/** Deletes the marketplace-content post behind a portfolio item. */
export function deletePortfolioItem(id: string): Promise<void> {
  return apiRequest<void>(`/api/portfolio/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useDeletePortfolioItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePortfolioItem,
    // Also after a failure: a 404 means someone else deleted it, and the lists should say so.
    onSettled: () => refreshContentQueries(queryClient),
  });
}
