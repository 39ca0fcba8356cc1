import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet, apiRequest } from "#app/lib/api-client.ts";
import { postQueryKey } from "#app/lib/content-queries.ts";
import type { WorkingCopy, WorkingCopyAnswer } from "#common/types/post-revision.ts";

export type { WorkingCopy };

export function workingCopyQueryKey(id: string) {
  return [...postQueryKey(id), "working-copy"] as const;
}

export async function getWorkingCopy(
  id: string,
  signal?: AbortSignal,
): Promise<WorkingCopy | null> {
  const answer = await apiGet<WorkingCopyAnswer>(
    `/api/posts/${encodeURIComponent(id)}/working-copy`,
    signal,
  );
  return answer.workingCopy;
}

export function discardWorkingCopy(id: string): Promise<void> {
  return apiRequest<void>(`/api/posts/${encodeURIComponent(id)}/working-copy`, {
    method: "DELETE",
  });
}

export function useWorkingCopy(id: string | null) {
  return useQuery({
    ...queryOptions({
      queryKey: workingCopyQueryKey(id ?? ""),
      queryFn: ({ signal }) => getWorkingCopy(id ?? "", signal),
    }),
    enabled: id !== null,
    // Read once when the editor opens; the editor's own saves keep it current after that.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
