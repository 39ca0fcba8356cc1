import { apiRequest } from "#app/lib/api-client.ts";
import type { RestoreAnswer } from "#common/types/post-revision.ts";

/** What a restore answers: the post, and its working copy when the post is public. */
export type RestoreResult = RestoreAnswer;

/**
 * Brings a revision from the History back into the post, from the editor's `version`
 * (docs/decisions/008-editor-saves.md): a draft takes it, a public post gets it as its working
 * copy.
 */
export function restoreRevision(
  postId: string,
  revisionId: string,
  version: number,
): Promise<RestoreResult> {
  return apiRequest<RestoreResult>(
    `/api/posts/${encodeURIComponent(postId)}/revisions/${encodeURIComponent(revisionId)}/restore`,
    { method: "POST", body: { version } },
  );
}
