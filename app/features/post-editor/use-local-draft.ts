import * as React from "react";
import { type HeldPost, sameEditorValues } from "./held-post.ts";
import {
  browserStorage,
  type LocalDraft,
  readLocalDraft,
  removeLocalDraft,
  writeLocalDraft,
} from "./local-draft.ts";
import type { PostEditorValues } from "./post-form.ts";

/** How long typing must pause before the copy is written. */
export const LOCAL_DRAFT_DELAY_MS = 400;

/**
 * The editor's local copy (docs/product/editor.md#editor): after each change, once typing pauses,
 * the form is written to localStorage; at once when the page is hidden or unloaded, or when the
 * editor asks (before the sign-in redirect). A form that equals what the server holds has no copy.
 * On opening, a copy that differs from what the server holds is offered back.
 *
 * `held` is read when writing, so a save (or an autosave) that changes what the server holds
 * only has to update it.
 */
export function useLocalDraft({
  storageKey,
  held,
  getValues,
}: {
  storageKey: string;
  held: React.RefObject<HeldPost>;
  getValues: () => PostEditorValues;
}) {
  const storage = React.useMemo(() => browserStorage(), []);
  const [offer, setOffer] = React.useState<LocalDraft | null>(() => {
    const stored = storage ? readLocalDraft(storage, storageKey) : null;
    if (stored === null || !sameEditorValues(stored.values, held.current.values)) return stored;
    // Only what the server already holds: nothing to offer, and nothing to keep.
    if (storage) removeLocalDraft(storage, storageKey);
    return null;
  });
  // Whether the last write was refused (a full storage): the panel says so.
  const [failed, setFailed] = React.useState(false);
  const timer = React.useRef<ReturnType<typeof setTimeout> | null>(null);
  // Whether anything changed since the editor opened: until then an offered copy is left alone.
  const changed = React.useRef(false);

  const cancel = React.useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const flush = React.useCallback(() => {
    cancel();
    if (!storage || !changed.current) return;
    const values = getValues();
    if (sameEditorValues(values, held.current.values)) {
      removeLocalDraft(storage, storageKey);
      setFailed(false);
      return;
    }
    const draft = {
      savedAt: new Date().toISOString(),
      basedOn: held.current.updatedAt,
      values,
    };
    setFailed(!writeLocalDraft(storage, storageKey, draft));
  }, [cancel, storage, storageKey, getValues, held]);

  /** Call after each change of the form: the copy is written once typing pauses. */
  const noteChange = React.useCallback(() => {
    changed.current = true;
    cancel();
    timer.current = setTimeout(flush, LOCAL_DRAFT_DELAY_MS);
  }, [cancel, flush]);

  /** The server now holds the form: the copy is no longer needed. */
  const clear = React.useCallback(() => {
    cancel();
    changed.current = false;
    if (storage) removeLocalDraft(storage, storageKey);
    setFailed(false);
  }, [cancel, storage, storageKey]);

  /** Discard: the offered copy is dropped, with what it held. */
  const discardOffer = React.useCallback(() => {
    setOffer(null);
    if (!changed.current && storage) removeLocalDraft(storage, storageKey);
  }, [storage, storageKey]);

  /** Restore: the offer goes away; the form, now holding the copy, is written again. */
  const acceptOffer = React.useCallback(() => {
    setOffer(null);
    noteChange();
  }, [noteChange]);

  // Leaving the page (reload, closing the tab, going to another site) writes at once: a timer
  // still waiting would never run.
  React.useEffect(() => {
    window.addEventListener("pagehide", flush);
    window.addEventListener("beforeunload", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      window.removeEventListener("beforeunload", flush);
      // Leaving the editor inside the dashboard writes what is still waiting, too.
      flush();
    };
  }, [flush]);

  return { offer, failed, noteChange, flush, clear, discardOffer, acceptOffer };
}
