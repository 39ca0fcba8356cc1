import { useMutation } from "@tanstack/react-query";
import * as React from "react";
import { ApiError } from "#app/lib/api-client.ts";
import type { Post } from "#common/types/post.ts";
import {
  type AutosaveResult,
  autosaveNewPost,
  autosavePost,
  type VersionConflict,
  versionConflictOf,
} from "./api/autosave-post.ts";
import type { PostRequestBody } from "./api/create-post.ts";
import {
  type AutosaveFailure,
  AutosaveScheduler,
  type AutosaveState,
} from "./autosave-scheduler.ts";
import { type PostEditorForm, type PostEditorValues, toPostPayload } from "./post-form.ts";

/**
 * What an autosave sends (docs/decisions/008-editor-saves.md): the fields as the form would
 * send them, with the settings' time zone, and never a status, a schedule or a publication: an
 * autosave cannot change those.
 */
export function autosaveBody(values: PostEditorValues): PostRequestBody {
  const {
    status: _status,
    scheduledAt: _scheduledAt,
    ...fields
  } = toPostPayload(values) as PostRequestBody & { scheduledAt?: unknown };
  return { ...fields, timezone: values.timezone } as PostRequestBody;
}

/** The post an autosave goes to: none yet for a new post. */
export type AutosaveTarget = { id: string | null; version: number | null };

/** How the editor reads an autosave's failure. */
export function classifyAutosaveFailure(error: unknown): AutosaveFailure {
  if (versionConflictOf(error)) {
    return { kind: "conflict", reason: "someone else saved this post" };
  }
  if (error instanceof ApiError) {
    if (error.status === 401) return { kind: "stop", reason: "signed out" };
    if (error.status === 403) return { kind: "stop", reason: "no access" };
    if (error.status === 404) return { kind: "stop", reason: "the post was deleted" };
    if (error.status === 400 || error.status === 409 || error.status === 413) {
      const field = Object.values(error.errors)[0];
      return { kind: "invalid", reason: lowerFirst(field ?? error.serverMessage ?? "refused") };
    }
    if (error.status === 415 || error.status === 422) {
      return { kind: "invalid", reason: lowerFirst(error.serverMessage ?? "refused") };
    }
    return { kind: "retry", reason: error.serverMessage ?? error.message };
  }
  if (error instanceof MissingTitle) return { kind: "invalid", reason: error.message };
  // No answer at all: offline, the connection dropped.
  return { kind: "retry", reason: error instanceof Error ? error.message : String(error) };
}

function lowerFirst(text: string): string {
  const trimmed = text.replace(/\.$/, "");
  return trimmed.charAt(0).toLowerCase() + trimmed.slice(1);
}

/** A new post waits for a title before its first autosave makes it a draft. */
class MissingTitle extends Error {
  override name = "MissingTitle";
  constructor() {
    super("give the post a title to save it");
  }
}

/**
 * Autosave for the editor: watches the form and saves through the scheduler. `target` says where
 * to (the post and the version the editor holds, read at each save); a new post's first autosave
 * creates the draft (`onCreated`); each other success goes to `onSaved`, both with the values
 * that were sent. A version conflict goes to `onConflict`, and autosave then waits until
 * `scheduler.resume()`. While `enabled` is false nothing is saved.
 */
export function useAutosave({
  form,
  target,
  enabled,
  onCreated,
  onSaved,
  onConflict,
}: {
  form: PostEditorForm;
  target: () => AutosaveTarget;
  enabled: boolean;
  onCreated: (post: Post, values: PostEditorValues) => void;
  onSaved: (result: AutosaveResult, values: PostEditorValues) => void;
  onConflict: (conflict: VersionConflict) => void;
}) {
  const [state, setState] = React.useState<AutosaveState>({ kind: "idle" });
  // Mutations, so a 401 reaches the dashboard's one sign-in redirect like any other call's.
  const createDraft = useMutation({ mutationFn: autosaveNewPost });
  const saveChanges = useMutation({
    mutationFn: ({ id, version, body }: { id: string; version: number; body: PostRequestBody }) =>
      autosavePost(id, version, body),
  });
  const latest = React.useRef({
    target,
    onCreated,
    onSaved,
    onConflict,
    create: createDraft.mutateAsync,
    save: saveChanges.mutateAsync,
  });
  latest.current = {
    target,
    onCreated,
    onSaved,
    onConflict,
    create: createDraft.mutateAsync,
    save: saveChanges.mutateAsync,
  };

  const [scheduler] = React.useState(
    () =>
      new AutosaveScheduler({
        save: async () => {
          const values = form.getValues();
          const body = autosaveBody(values);
          const { id, version } = latest.current.target();
          if (id === null) {
            if (!body.title?.trim() || !body.slug?.trim()) throw new MissingTitle();
            const post = await latest.current.create(body);
            latest.current.onCreated(post, values);
            return;
          }
          try {
            const result = await latest.current.save({ id, version: version ?? 1, body });
            latest.current.onSaved(result, values);
          } catch (error) {
            const conflict = versionConflictOf(error);
            if (conflict) latest.current.onConflict(conflict);
            throw error;
          }
        },
        classify: classifyAutosaveFailure,
        onState: setState,
      }),
  );

  // Set while the form takes a value the server answered (adopt): that is no change to save.
  const adopting = React.useRef(false);
  React.useEffect(() => {
    if (!enabled) return;
    // Every change the person makes counts; a reset (loading the post, a restore) does not.
    let last = JSON.stringify(form.getValues());
    const subscription = form.watch((values, { name, type }) => {
      if ((name === undefined && type === undefined) || adopting.current) {
        last = JSON.stringify(values);
        return;
      }
      const now = JSON.stringify(values);
      if (now === last) return;
      last = now;
      scheduler.change();
    });
    return () => subscription.unsubscribe();
  }, [enabled, form, scheduler]);

  React.useEffect(() => {
    scheduler.open();
    return () => scheduler.dispose();
  }, [scheduler]);

  /**
   * Runs `apply`, which sets form values to what the server now holds (the slug it stored):
   * nothing new to save, so no autosave follows.
   */
  const adopt = React.useCallback((apply: () => void) => {
    adopting.current = true;
    try {
      apply();
    } finally {
      adopting.current = false;
    }
  }, []);

  return { state, scheduler, adopt };
}
