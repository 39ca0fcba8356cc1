import type { PostAutosaveInput } from "#common/schemas/post-autosave.ts";
import type { WorkingCopyValues } from "#common/types/post-revision.ts";
import type { Db } from "#server/db/db.server.ts";
import { isUniqueViolation } from "#server/db/dialect.server.ts";
import { parseStringList } from "#server/db/json-list.ts";
import { seoFieldsOfRow } from "#server/db/post-seo.ts";
import type { PostRow, PostUpdate } from "#server/db/tables.ts";
import { HttpError } from "#server/errors.ts";
import type { UploadStore } from "#server/storage/upload-store.server.ts";
import { removeStoredImage } from "#server/storage/uploads.server.ts";
import { resolveFeaturedImage } from "./featured-image.server.ts";
import { recordStoredImage } from "./media-files.server.ts";
import { syncPostMediaUses } from "./media-uses.server.ts";
import { POST_COLUMNS, POST_NOT_FOUND_MESSAGE, SLUG_TAKEN_MESSAGE } from "./post-rows.server.ts";
import { writePostTags } from "./post-tags.server.ts";
import { StaleVersion, versionConflict } from "./post-versions.server.ts";

// The writes a manual save, an autosave and a restore share: the editor's fields as stored, the
// update of a post row that raises its version (refused when the post has moved on), and the
// transaction around them with its answers for a stale version and a taken slug.

/**
 * The editor's fields as every write stores them: `content` already sanitized and the featured
 * image already resolved (featured-image.server.ts); packType, marketplaceUrl and releaseDate
 * only for marketplace content.
 */
export function editorFields(
  input: PostAutosaveInput,
  {
    content,
    featuredImage,
    socialImage,
  }: { content: string; featuredImage: string | null; socialImage: string | null },
): WorkingCopyValues {
  const marketplace = input.category === "marketplace-content";
  return {
    title: input.title,
    slug: input.slug,
    excerpt: input.excerpt,
    content,
    category: input.category,
    packType: marketplace ? input.packType : null,
    marketplaceUrl: marketplace ? input.marketplaceUrl : null,
    releaseDate: marketplace ? input.releaseDate : null,
    youtubeUrl: input.youtubeUrl,
    featuredImage,
    featuredImageAlt: input.featuredImageAlt,
    tags: input.tags,
    timezone: input.timezone,
    metaTitle: input.metaTitle,
    metaDescription: input.metaDescription,
    socialImage,
    socialTitle: input.socialTitle,
    socialDescription: input.socialDescription,
    canonicalUrl: input.canonicalUrl,
    noIndex: input.noIndex,
  };
}

/**
 * The editor's fields as a save or an autosave stores them, from `content` already sanitized: a
 * data: featured image is stored as an upload file first; `undo` removes that file again when
 * the write that follows fails. Such a file is a media item too, uploaded by `userId`, with the
 * featured image's alt text; `undo` removes the item with it.
 */
export async function storedEditorFields(
  input: PostAutosaveInput,
  content: string,
  {
    db,
    uploads,
    existing,
    userId,
  }: { db: Db; uploads: UploadStore; existing: PostRow | null; userId: string },
): Promise<{ fields: WorkingCopyValues; undo: (() => Promise<void>) | undefined }> {
  const image = await resolveFeaturedImage(uploads, input.featuredImage, existing?.featuredImage);
  const stored = image.stored;
  if (stored) {
    const size = (await uploads.head(stored.name))?.size ?? 0;
    await recordStoredImage(
      db,
      { ...stored, size },
      {
        originalName: `featured-${stored.name}`,
        uploadedBy: userId,
        altText: input.featuredImageAlt ?? "",
      },
    ).catch(async (error: unknown) => {
      await removeStoredImage(uploads, stored);
      throw error;
    });
  }
  // Never inline bytes (the schema refuses data: URLs), so nothing is stored for it.
  const social = await resolveFeaturedImage(uploads, input.socialImage, existing?.socialImage, {
    field: "socialImage",
  });
  const fields = editorFields(input, {
    content,
    featuredImage: image.value,
    socialImage: social.value,
  });
  const undo = stored
    ? async () => {
        await db.deleteFrom("media").where("fileName", "=", stored.name).execute();
        await removeStoredImage(uploads, stored);
      }
    : undefined;
  return { fields, undo };
}

/** The editor's fields of a stored post. */
export function fieldsOfRow(row: PostRow): WorkingCopyValues {
  return {
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    content: row.content,
    category: row.category,
    packType: row.packType,
    marketplaceUrl: row.marketplaceUrl,
    releaseDate: row.releaseDate,
    youtubeUrl: row.youtubeUrl,
    featuredImage: row.featuredImage,
    featuredImageAlt: row.featuredImageAlt,
    tags: parseStringList(row.tags),
    timezone: row.timezone,
    ...seoFieldsOfRow(row),
  };
}

/** The post columns of the editor's fields (tags as their JSON list). */
export function fieldColumns(fields: WorkingCopyValues) {
  return { ...fields, tags: JSON.stringify(fields.tags) };
}

/** The columns of a post without a newsletter waiting for its publication. */
export const NO_NEWSLETTER_PLAN = { newsletterOnPublish: false, newsletterRequestedBy: null };

export type UpdatePostOptions = {
  /** The post as read before the transaction. */
  existing: PostRow;
  /** The columns to write; `slug` always among them. */
  columns: PostUpdate & { slug: string };
  /** The version the save started from; undefined to save whatever the stored one is. */
  expectedVersion: number | undefined;
  /** Who saves it. */
  userId: string;
  nowIso: string;
  /** Whether the post has been published: a new slug then keeps the old one as a redirect. */
  publishedBefore: boolean;
};

/**
 * Updates a post inside a transaction and answers the row as written. The update is a
 * compare-and-set on the version (`where id = ? and version = ?`), so of two saves made from one
 * version exactly one is written; the other throws StaleVersion. The version goes up by one,
 * `updatedBy` and `updatedAt` are set, and the post's tag rows follow its tags. The slug a post
 * takes stops being another post's old address; a post that has been published keeps its old
 * slug as a redirect.
 */
export async function updatePost(trx: Db, options: UpdatePostOptions): Promise<PostRow> {
  const { existing, columns, expectedVersion, userId, nowIso, publishedBefore } = options;
  const postId = existing.id;
  await trx.deleteFrom("post_slug_redirects").where("slug", "=", columns.slug).execute();
  let update = trx
    .updateTable("posts")
    .set((eb) => ({
      ...columns,
      // A draft is not going live: a newsletter planned for its publication is called off.
      ...(columns.status === "draft" ? NO_NEWSLETTER_PLAN : {}),
      updatedAt: nowIso,
      updatedBy: userId,
      version: eb("version", "+", 1),
    }))
    .where("id", "=", postId);
  if (expectedVersion !== undefined) update = update.where("version", "=", expectedVersion);
  const result = await update.executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    if (expectedVersion !== undefined) throw new StaleVersion();
    throw HttpError.notFound(POST_NOT_FOUND_MESSAGE);
  }
  if (columns.tags !== undefined) await writePostTags(trx, postId, columns.tags);
  if (existing.slug !== columns.slug && publishedBefore) {
    await trx
      .insertInto("post_slug_redirects")
      .values({ slug: existing.slug, postId, createdAt: nowIso })
      .onConflict((oc) => oc.column("slug").doUpdateSet({ postId, createdAt: nowIso }))
      .execute();
  }
  const saved = await readPost(trx, postId);
  await syncPostMediaUses(trx, postId, saved);
  return saved;
}

/** The post row as the transaction sees it now. */
export async function readPost(trx: Db, postId: string): Promise<PostRow> {
  const row = await trx
    .selectFrom("posts")
    .select(POST_COLUMNS)
    .where("posts.id", "=", postId)
    .executeTakeFirst();
  if (!row) throw HttpError.notFound(POST_NOT_FOUND_MESSAGE);
  return row;
}

/** How many times a save whose slug follows the title is tried when another save took its slug. */
const SLUG_ATTEMPTS = 5;

/**
 * Runs a post's write in one transaction. When it fails, `undo` runs first (removing an image
 * file stored for it), then a stale version answers 409 with the conflict's details
 * (versionConflict) and a taken slug 409 "That slug is already used by another post.". With
 * `slugFromTitle`, a taken slug is rather a race lost to a save that took the same free slug
 * first: the write runs again, and picks (slugToStore) the next free one.
 */
export async function writePostTransaction<T>(
  db: Db,
  postId: string,
  write: (trx: Db) => Promise<T>,
  undo?: () => Promise<void>,
  { slugFromTitle = false }: { slugFromTitle?: boolean } = {},
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(write);
    } catch (error) {
      const clash = isUniqueViolation(error);
      if (clash && slugFromTitle && attempt < SLUG_ATTEMPTS) continue;
      await undo?.();
      if (error instanceof StaleVersion) throw await versionConflict(db, postId);
      if (clash) throw HttpError.conflict(SLUG_TAKEN_MESSAGE);
      throw error;
    }
  }
}
