import type * as React from "react";
import { useNavigate } from "react-router";
import { sectionPath } from "#app/components/dashboard/sections.ts";
import { applyServerErrors } from "#app/components/ui/form.tsx";
import { type ToastInput, useToast } from "#app/components/ui/toast.tsx";
import { ApiError, isApiError } from "#app/lib/api-client.ts";
import type { PostInput } from "#common/schemas/post.ts";
import type { Post } from "#common/types/post.ts";
import { type VersionConflict, versionConflictOf } from "./api/autosave-post.ts";
import { useCreatePost } from "./api/create-post.ts";
import { useSavePortfolioItem } from "./api/save-portfolio-item.ts";
import { useUpdatePost } from "./api/update-post.ts";
import type { HeldPost } from "./held-post.ts";
import { type ChosenSchedule, type EditorAction, requestFor, savedToast } from "./post-actions.ts";
import {
  type EditingTarget,
  type PostEditorForm,
  type PostEditorValues,
  postToFormValues,
  toRequestBody,
} from "./post-form.ts";

/**
 * What to do once a save succeeded, instead of going back to All Posts ("Publish and e-mail
 * subscribers" starts the sending): where to go and what to say.
 */
export type AfterSave = (post: Post) => Promise<{ path: string; toast: ToastInput }>;

/** "Failed to save post: {message}": the server's message when it gave one. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Saving the editor's post with one of its actions (post-actions.ts): a new post is created, an
 * edited one updated, a portfolio item saved through the portfolio flow; then `onSaved` hears
 * what the server now holds, and the editor goes back to All Posts with a toast that says what
 * happened to the public page. A failure changes nothing the server holds: it puts the server's
 * field errors on the fields (and calls `onInvalid` so they can be seen) and says what went
 * wrong.
 */
export function useSavePost({
  form,
  editing,
  held,
  browserZone,
  onInvalid,
  onSaved,
  onConflict,
}: {
  form: PostEditorForm;
  editing: EditingTarget | null;
  /** What the server holds now: an update keeps its status and schedule. */
  held: React.RefObject<HeldPost>;
  /** The zone a saved post without one is shown in. */
  browserZone: string;
  onInvalid: () => void;
  /** Called with the saved post and its form values before the editor moves on. */
  onSaved: (post: Post, values: PostEditorValues) => void;
  /** Someone else saved the post since the editor's version: nothing was written. */
  onConflict: (
    conflict: VersionConflict,
    action: EditorAction,
    chosen: ChosenSchedule | null,
  ) => void;
}) {
  const toast = useToast();
  const navigate = useNavigate();
  const createPost = useCreatePost();
  const updatePost = useUpdatePost();
  const savePortfolio = useSavePortfolioItem();

  async function save(
    input: PostInput,
    action: EditorAction,
    chosen: ChosenSchedule | null = null,
    after?: AfterSave,
  ): Promise<void> {
    // The version the editor holds: a save made from an older one is refused (409), not lost.
    const version = held.current.version;
    const body = {
      ...toRequestBody(requestFor(action, input, held.current, chosen)),
      ...(version === null ? {} : { version }),
    };
    try {
      let saved: Post;
      let created: boolean;
      if (editing?.type === "portfolio") {
        ({ post: saved, created } = await savePortfolio.mutateAsync({ id: editing.id, body }));
      } else if (editing) {
        saved = await updatePost.mutateAsync({ id: editing.id, body });
        created = editing.madeByAutosave === true;
      } else {
        saved = await createPost.mutateAsync(body);
        created = true;
      }
      // What the server stored: an image sent as a data: URL is now an uploaded file's name.
      const values = postToFormValues(saved, browserZone);
      onSaved(saved, values);
      form.reset(values);
      if (after) {
        const next = await after(saved);
        navigate(next.path);
        toast(next.toast);
        return;
      }
      navigate(sectionPath("posts"));
      // After the navigation, so this is the toast the person sees (one at a time).
      toast(savedToast(action, saved, created));
    } catch (error) {
      // Signed out: the 'Unauthorized' toast and the redirect are already on their way.
      if (isApiError(error, 401)) return;
      const conflict = versionConflictOf(error);
      if (conflict) {
        onConflict(conflict, action, chosen);
        return;
      }
      if (isApiError(error, 400) && applyServerErrors(form, error.errors)) onInvalid();
      if (isApiError(error, 409) && error.serverMessage) {
        form.setError("slug", { type: "server", message: error.serverMessage });
      }
      toast({
        title: "Error",
        description: `Failed to save post: ${failureMessage(error)}`,
        variant: "destructive",
      });
    }
  }

  return save;
}
