import { useQuery } from "@tanstack/react-query";
import { apiGet, apiRequest } from "#app/lib/api-client.ts";
import type { Post } from "#common/types/post.ts";
import { postQueryKey } from "./get-post.ts";
import type { WorkingCopy } from "./working-copy.ts";

/** What kind of save recorded a revision (docs/decisions/008-editor-saves.md). */
export type RevisionKind =
  | "create"
  | "save"
  | "update"
  | "publish"
  | "schedule"
  | "unpublish"
  | "autosave"
  | "restore";

/** A revision in the History list (no content). */
export type RevisionSummary = {
  id: string;
  kind: RevisionKind;
  status: string;
  title: string;
  savedAt: string;
  savedBy: string | null;
};

/** One revision, with every recorded field. */
export type Revision = RevisionSummary & {
  slug: string;
  excerpt: string | null;
  content: string;
  featuredImage: string | null;
  featuredImageAlt: string | null;
  tags: string[];
  authorId: string | null;
};

export function revisionsQueryKey(postId: string) {
  return [...postQueryKey(postId), "revisions"] as const;
}

function revisionsPath(postId: string) {
  return `/api/posts/${encodeURIComponent(postId)}/revisions`;
}

export function usePostRevisions(postId: string, enabled: boolean) {
  return useQuery({
    queryKey: revisionsQueryKey(postId),
    queryFn: ({ signal }) => apiGet<RevisionSummary[]>(revisionsPath(postId), signal),
    enabled,
  });
}

export function useRevision(postId: string, revisionId: string | null) {
  return useQuery({
    queryKey: [...revisionsQueryKey(postId), revisionId ?? ""],
    queryFn: ({ signal }) =>
      apiGet<Revision>(`${revisionsPath(postId)}/${encodeURIComponent(revisionId ?? "")}`, signal),
    enabled: revisionId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** What a restore answers: the post, and its working copy when the post is public. */
export type RestoreResult = { post: Post; workingCopy: WorkingCopy | null };

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
