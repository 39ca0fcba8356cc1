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
import type { EditingTarget } from "./post-form.ts";
import {
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

/** How a save ends: `after` replaces the way back to All Posts; `stay` keeps the editor open. */
export type SaveEnding = { chosen?: ChosenSchedule | null; after?: AfterSave; stay?: boolean };

/**
 * Saving the editor's post with one of its actions (post-actions.ts): a new post is created, an
 * edited one updated, a portfolio item saved through the portfolio flow; then `onSaved` hears
 * what the server now holds. Save draft (and Ctrl/Cmd+S) keeps the writer in the editor; the
 * other actions go back to All Posts; either way a toast says what happened to the public page.
 * A failure changes nothing the server holds: it puts the server's field errors on the fields (and
 * calls `onInvalid` so they can be seen) and says what went wrong. Which post is saved is read
 * when the save goes out (`editing.current`), so an autosave that created the post meanwhile is
 * updated, never created twice.
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
  editing: React.RefObject<EditingTarget | null>;
  /** What the server holds now: an update keeps its status and schedule. */
  held: React.RefObject<HeldPost>;
  /** The zone a saved post without one is shown in. */
  browserZone: string;
  onInvalid: () => void;
  /** Called with the saved post and its form values, and whether the editor stays. */
  onSaved: (post: Post, values: PostEditorValues, stays: boolean) => void;
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
    { chosen = null, after, stay = false }: SaveEnding = {},
  ): Promise<boolean> {
    // The version the editor holds: a save made from an older one is refused (409), not lost.
    const version = held.current.version;
    const body = {
      ...toRequestBody(requestFor(action, input, held.current, chosen)),
      ...(version === null ? {} : { version }),
    };
    const target = editing.current;
    try {
      let saved: Post;
      let created: boolean;
      if (target?.type === "portfolio") {
        ({ post: saved, created } = await savePortfolio.mutateAsync({ id: target.id, body }));
      } else if (target) {
        saved = await updatePost.mutateAsync({ id: target.id, body });
        created = target.madeByAutosave === true;
      } else {
        saved = await createPost.mutateAsync(body);
        created = true;
      }
      // What the server stored: an image sent as a data: URL is now an uploaded file's name.
      const values = postToFormValues(saved, browserZone);
      const stays = stay && !after;
      onSaved(saved, values, stays);
      form.reset(values);
      if (after) {
        const next = await after(saved);
        // Shown once the next section is on the screen, so it is seen for its whole time there.
        await navigate(next.path);
        toast(next.toast);
        return true;
      }
      if (stays) {
        toast(savedToast(action, saved, { created, stayed: true, viewerZone: browserZone }));
        return true;
      }
      // Once All Posts is on the screen: this is the toast the person sees (one at a time), for
      // its whole time, however long the section takes to load.
      await navigate(sectionPath("posts"));
      toast(savedToast(action, saved, { created, stayed: false, viewerZone: browserZone }));
      return true;
    } catch (error) {
      // Signed out: the 'Unauthorized' toast and the redirect are already on their way.
      if (isApiError(error, 401)) return false;
      const conflict = versionConflictOf(error);
      if (conflict) {
        onConflict(conflict, action, chosen);
        return false;
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
      return false;
    }
  }

  return save;
}
