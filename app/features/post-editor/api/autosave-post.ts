import { ApiError, apiRequest, isApiError } from "#app/lib/api-client.ts";
import type { Post } from "#common/types/post.ts";
import type { AutosaveAnswer } from "#common/types/post-revision.ts";
import type { PostRequestBody } from "./create-post.ts";

/** Where an autosave went (docs/decisions/008-editor-saves.md). */
export type AutosaveResult = AutosaveAnswer;

/** Someone else's save that a save made from an older version ran into (409). */
export type VersionConflict = {
  version: number;
  updatedAt: string;
  /** Their display name, when the server knows it. */
  updatedBy: string | null;
  /** What the server said, ready to show. */
  message: string;
};

/** A new post's first autosave: creates it as a draft. */
export function autosaveNewPost(body: PostRequestBody): Promise<Post> {
  return apiRequest<Post>("/api/posts/autosave", { method: "POST", body });
}

/** Autosaves a post edited from `version`. */
export function autosavePost(
  id: string,
  version: number,
  body: PostRequestBody,
): Promise<AutosaveResult> {
  return apiRequest<AutosaveResult>(`/api/posts/${encodeURIComponent(id)}/autosave`, {
    method: "PUT",
    body: { ...body, version },
  });
}

/** The version conflict an error reports, or null when it is another failure. */
export function versionConflictOf(error: unknown): VersionConflict | null {
  if (!isApiError(error, 409) || !(error instanceof ApiError)) return null;
  const conflict = error.body?.conflict;
  if (!conflict || typeof conflict !== "object") return null;
  const { version, updatedAt, updatedBy } = conflict as Record<string, unknown>;
  if (typeof version !== "number" || typeof updatedAt !== "string") return null;
  return {
    version,
    updatedAt,
    updatedBy: typeof updatedBy === "string" ? updatedBy : null,
    message: error.serverMessage ?? "Someone else saved this post meanwhile.",
  };
}
