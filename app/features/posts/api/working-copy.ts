import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet, apiRequest } from "#app/lib/api-client.ts";
import type { PostRequestBody } from "./create-post.ts";
import { postQueryKey } from "./get-post.ts";

/**
 * The unpublished changes of a published or scheduled post, kept by the server until Update
 * (docs/decisions/008-editor-saves.md).
 */
export type WorkingCopy = {
  values: PostRequestBody;
  /** The post's version the changes were made from. */
  baseVersion: number;
  savedAt: string;
  savedBy: string | null;
};

export function workingCopyQueryKey(id: string) {
  return [...postQueryKey(id), "working-copy"] as const;
}

export async function getWorkingCopy(
  id: string,
  signal?: AbortSignal,
): Promise<WorkingCopy | null> {
  const answer = await apiGet<{ workingCopy: WorkingCopy | null }>(
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
