import { useQuery } from "@tanstack/react-query";
import { apiGet } from "#app/lib/api-client.ts";
import { postQueryKey } from "#app/lib/content-queries.ts";
import type { PostRevision, PostRevisionSummary } from "#common/types/post-revision.ts";

export type { PostRevision as Revision, PostRevisionSummary as RevisionSummary };

/** Under the post's key, so whatever refreshes the post after a save refreshes its History. */
export function revisionsQueryKey(postId: string) {
  return [...postQueryKey(postId), "revisions"] as const;
}

function revisionsPath(postId: string) {
  return `/api/posts/${encodeURIComponent(postId)}/revisions`;
}

export function usePostRevisions(postId: string, enabled: boolean) {
  return useQuery({
    queryKey: revisionsQueryKey(postId),
    queryFn: ({ signal }) => apiGet<PostRevisionSummary[]>(revisionsPath(postId), signal),
    enabled,
    // Read afresh each time the History opens: every save adds to it.
    staleTime: 0,
  });
}

export function useRevision(postId: string, revisionId: string | null) {
  return useQuery({
    queryKey: [...revisionsQueryKey(postId), revisionId ?? ""],
    queryFn: ({ signal }) =>
      apiGet<PostRevision>(
        `${revisionsPath(postId)}/${encodeURIComponent(revisionId ?? "")}`,
        signal,
      ),
    enabled: revisionId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
