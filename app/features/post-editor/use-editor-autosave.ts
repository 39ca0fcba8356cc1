import * as React from "react";
import { type HeldPost, heldFromPost, withStoredImage } from "./held-post.ts";
import type { PostEditorValues } from "./post-form.ts";
import { useAutosave } from "./use-autosave.ts";
import type { EditorCore } from "./use-editor-core.ts";

/**
 * Autosave as the editor runs it (docs/decisions/008-editor-saves.md): a new post's first
 * autosave makes it a draft (the copy and the address move to the post's, with no remount);
 * each later one updates what the server holds, the post or its working copy.
 */
export function useEditorAutosave(core: EditorCore, { enabled }: { enabled: boolean }) {
  const { form, held, localDraft, serverHolds, setConflict } = core;

  /**
   * A featured image sent inline (a data: URL, from the video lookup) is stored by the server as
   * a file: the form takes the file's name, so later autosaves send the name, not the image
   * again (which would store it again each time). Unless the person has changed it meanwhile.
   */
  const adoptStoredImage = React.useCallback(
    (sent: PostEditorValues, stored: PostEditorValues) => {
      if (sent.featuredImage === stored.featuredImage) return;
      if (form.getValues("featuredImage") !== sent.featuredImage) return;
      form.setValue("featuredImage", stored.featuredImage);
    },
    [form],
  );

  /**
   * A slug that follows the title is stored with a counter when another post has it
   * (docs/product/content-model.md#slugs): the form shows the stored one, as what the server
   * holds (not an unsaved change), unless the person has changed the slug meanwhile.
   */
  const adoptStoredSlug = (sent: PostEditorValues, storedSlug: string): PostEditorValues => {
    if (sent.slug === storedSlug) return sent;
    const { slug, slugFromTitle } = form.getValues();
    if (slug === sent.slug && slugFromTitle) {
      autosave.adopt(() => form.setValue("slug", storedSlug));
    }
    return { ...sent, slug: storedSlug };
  };

  const autosave = useAutosave({
    form,
    enabled,
    target: () => ({ id: held.current.id, version: held.current.version }),
    onCreated: (post, sent) => {
      localDraft.clear();
      const values = withStoredImage(adoptStoredSlug(sent, post.slug), post.featuredImage);
      serverHolds(heldFromPost(post, values));
      adoptStoredImage(sent, values);
      core.adoptNewPost(post.id, true);
    },
    onSaved: (result, sent) => {
      const now: HeldPost = held.current;
      const values = withStoredImage(adoptStoredSlug(sent, result.slug), result.featuredImage);
      serverHolds(
        result.target === "post"
          ? { ...now, version: result.version, updatedAt: result.savedAt, values }
          : { ...now, values, workingCopy: { savedAt: result.savedAt, savedBy: null } },
      );
      adoptStoredImage(sent, values);
    },
    onConflict: (found) => setConflict({ conflict: found, action: null, chosen: null }),
  });
  return autosave;
}

export type EditorAutosave = ReturnType<typeof useEditorAutosave>;
