import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#app/lib/api-client.ts";
import { refreshContentQueries } from "#app/lib/content-queries.ts";
import type { BulkPostAction as BulkAction } from "#common/constants.ts";
import type { BulkPostAnswer } from "#common/types/post-list.ts";

export type BulkInput = { action: BulkAction; ids: string[] };

/** Publishes, unpublishes or deletes several posts at once (1 to 100). */
export function bulkPosts(input: BulkInput): Promise<BulkPostAnswer> {
  return apiRequest<BulkPostAnswer>("/api/posts/bulk", { method: "POST", body: input });
}

export function useBulkPosts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkPosts,
    // Also after a failure: some posts may have changed before it, and the lists should say so.
    onSettled: () => refreshContentQueries(queryClient),
  });
}
