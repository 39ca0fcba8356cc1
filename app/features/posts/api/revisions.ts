import { useQuery } from "@tanstack/react-query";
import { apiGet, apiRequest } from "#app/lib/api-client.ts";
import type {
  PostRevision,
  PostRevisionSummary,
  RestoreAnswer,
} from "#common/types/post-revision.ts";
import { postQueryKey } from "./get-post.ts";

export type { PostRevision as Revision, PostRevisionSummary as RevisionSummary };

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

/** What a restore answers: the post, and its working copy when the post is public. */
export type RestoreResult = RestoreAnswer;

export function restoreRevision(
  postId: string,
  revisionId: string,
  version: number,
): Promise<RestoreResult> {
  return apiRequest<RestoreResult>(
    `${revisionsPath(postId)}/${encodeURIComponent(revisionId)}/restore`,
    { method: "POST", body: { version } },
  );
}
