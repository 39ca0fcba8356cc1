import { randomUUID } from "node:crypto";
import type { PostAutosaveInput } from "#common/schemas/post-autosave.ts";
import type { AutosaveAnswer } from "#common/types/post-revision.ts";
import type { Db } from "#server/db/db.server.ts";
import type { PostRow } from "#server/db/tables.ts";
import { HttpError } from "#server/errors.ts";
import type { UploadStore } from "#server/storage/upload-store.server.ts";
import { recordRevision, revisionContentOf } from "./post-revisions.server.ts";
import { getPostById, POST_NOT_FOUND_MESSAGE } from "./post-rows.server.ts";
import { slugToStore } from "./post-slugs.server.ts";
import { holdVersion, versionConflict } from "./post-versions.server.ts";
import { deleteWorkingCopy, savesInPlace, saveWorkingCopy } from "./post-working-copies.server.ts";
import {
  fieldColumns,
  storedEditorFields,
  updatePost,
  writePostTransaction,
} from "./post-writes.server.ts";
import { insertNewPost } from "./posts.server.ts";
import { sanitizePostHtml } from "./sanitize-html.server.ts";

// Autosave (docs/decisions/008-editor-saves.md): the editor saves what a person is typing every
// few seconds, and that must never change what the public sees now. A draft, or a post scheduled
// for later, is saved into the post itself (what goes live at its time is what was saved last); a
// public post into its working copy, until Update saves it by hand. Status, scheduled time and
// publication time are never touched.

export type AutosaveOptions = {
  input: PostAutosaveInput;
  /** Who is typing. */
  userId: string;
  /** Where upload files live (featured images sent as data: URLs are stored there). */
  uploads: UploadStore;
  /** The site's public origin: absolute links to it stay links inside the site. */
  siteUrl: string;
  now?: Date;
};

/**
 * A new post's first autosave: creates it as a draft (version 1, its author the user) and
 * records its `create` revision. A slug that follows the title gets a counter when taken; a slug
 * typed by hand that is taken throws 409.
 */
export async function autosaveNewPost(db: Db, options: AutosaveOptions): Promise<PostRow> {
  const { userId, now = new Date() } = options;
  const nowIso = now.toISOString();
  const { fields, undo } = await prepare(db, options, null);
  const postId = randomUUID();
  const fromTitle = options.input.slugFromTitle;
  return writePostTransaction(
    db,
    postId,
    async (trx) => {
      const saved = await insertNewPost(trx, {
        ...fieldColumns(fields),
        slug: await slugToStore(trx, { ...fields, fromTitle, postId }),
        id: postId,
        status: "draft",
        scheduledAt: null,
        publishedAt: null,
        authorId: userId,
        nowIso,
      });
      await recordRevision(trx, {
        postId,
        kind: "create",
        content: revisionContentOf(saved),
        authorId: userId,
        savedBy: userId,
        nowIso,
      });
      return saved;
    },
    undo,
    { slugFromTitle: fromTitle },
  );
}

/**
 * Autosaves the post `id`, made from its `version`: the fields of a draft or a post scheduled for
 * later are written into it (its version goes up by one, and a working copy left from before is
 * dropped), a public post's into its working copy (the post and its version stay as they are). Either way an `autosave` revision is recorded, coalesced with
 * the newest one (recordRevision). Throws 404 (unknown post), 409 (not at `version`, or a taken
 * slug for a draft) and 400 (a featured image that is not an uploaded file).
 */
export async function autosavePost(
  db: Db,
  options: AutosaveOptions & { id: string; version: number },
): Promise<AutosaveAnswer> {
  const { id, version, userId, now = new Date() } = options;
  const existing = await getPostById(db, id);
  if (!existing) throw HttpError.notFound(POST_NOT_FOUND_MESSAGE);
  // Answered before an image is stored; the writes below check again, race-free.
  if (existing.version !== version) throw await versionConflict(db, id);
  const nowIso = now.toISOString();
  const { fields, undo } = await prepare(db, options, existing);
  // Only a post saved in place takes the slug now; a working copy's waits for Update.
  const inPlace = savesInPlace(existing, now);
  const fromTitle = inPlace && options.input.slugFromTitle && existing.publishedAt === null;
  return writePostTransaction(
    db,
    id,
    async (trx): Promise<AutosaveAnswer> => {
      if (inPlace) {
        await deleteWorkingCopy(trx, id);
        const slug = await slugToStore(trx, { ...fields, fromTitle, postId: id });
        const saved = await updatePost(trx, {
          existing,
          columns: { ...fieldColumns(fields), slug },
          expectedVersion: version,
          userId,
          nowIso,
          // An unpublished post keeps its old addresses working, as on a manual save.
          publishedBefore: existing.publishedAt !== null,
        });
        await recordRevision(trx, {
          postId: id,
          kind: "autosave",
          content: revisionContentOf(saved),
          authorId: saved.authorId,
          savedBy: userId,
          nowIso,
        });
        return {
          target: "post",
          version: saved.version,
          savedAt: nowIso,
          slug: saved.slug,
          featuredImage: saved.featuredImage,
        };
      }
      await holdVersion(trx, id, version);
      await saveWorkingCopy(trx, {
        postId: id,
        values: fields,
        baseVersion: version,
        savedBy: userId,
        nowIso,
      });
      await recordRevision(trx, {
        postId: id,
        kind: "autosave",
        content: { ...fields, status: existing.status },
        authorId: existing.authorId,
        savedBy: userId,
        nowIso,
      });
      return {
        target: "working-copy",
        version,
        savedAt: nowIso,
        slug: fields.slug,
        featuredImage: fields.featuredImage,
      };
    },
    undo,
    { slugFromTitle: fromTitle },
  );
}

/** The editor's fields as stored, the HTML sanitized exactly as a manual save does. */
function prepare(
  db: Db,
  { input, uploads, siteUrl, userId }: AutosaveOptions,
  existing: PostRow | null,
) {
  return storedEditorFields(input, sanitizePostHtml(input.content, { siteUrl }), {
    db,
    uploads,
    existing,
    userId,
  });
}
