import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BulkAction, BulkResult } from "#app/features/posts/staff-post-list.ts";
import { apiRequest } from "#app/lib/api-client.ts";
import { refreshContentQueries } from "#app/lib/content-queries.ts";

export type BulkInput = { action: BulkAction; ids: string[] };

/** Publishes, unpublishes or deletes several posts at once (1 to 100). */
export function bulkPosts(input: BulkInput): Promise<BulkResult> {
  return apiRequest<BulkResult>("/api/posts/bulk", { method: "POST", body: input });
}

export function useBulkPosts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkPosts,
    // Also after a failure: some posts may have changed before it, and the lists should say so.
    onSettled: () => refreshContentQueries(queryClient),
  });
}
