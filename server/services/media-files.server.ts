import { IMAGE_VARIANT_FORMATS, IMAGE_VARIANT_WIDTHS, imageVariantName } from "#common/images.ts";
import { MAX_CLEANUP_ITEMS, MEDIA_MESSAGES } from "#common/schemas/media.ts";
import type { MediaCleanupAnswer, MediaDetails, MediaItem } from "#common/types/media.ts";
import type { Db } from "#server/db/db.server.ts";
import { containsText } from "#server/db/text-order.ts";
import { HttpError } from "#server/errors.ts";
import type { UploadStore } from "#server/storage/upload-store.server.ts";
import { removeStoredImage, type StoredImage, storeImage } from "#server/storage/uploads.server.ts";
import {
  getMediaDetails,
  insertMedia,
  listMediaUses,
  pageMedia,
  requireMediaItem,
} from "./media.server.ts";
import { changeMediaReferences } from "./media-references.server.ts";

// The media library's files (docs/decisions/040-media-library.md): an upload becomes an item,
// a replaced file takes a new name that every use follows, a deleted item's files go.

const mimeOf = (name: string) => (/\.png$/i.test(name) ? "image/png" : "image/jpeg");

/** The original, its WebP copy and its variants: every file of a stored image. */
export function filesOfImage(fileName: string): string[] {
  const stem = fileName.replace(/\.[^.]+$/, "");
  return [
    fileName,
    `${stem}.webp`,
    ...IMAGE_VARIANT_WIDTHS.flatMap((width) =>
      IMAGE_VARIANT_FORMATS.map((format) => imageVariantName(stem, width, format)),
    ),
  ];
}

async function removeFiles(uploads: UploadStore, fileName: string) {
  await Promise.all(
    filesOfImage(fileName).map((name) => uploads.delete(name).catch(() => undefined)),
  );
}

/**
 * Whether a record the site keeps as it was names the stored image (its original, WebP copy or a
 * variant, all of which share its stem): a newsletter already sent, or a revision of a post.
 */
async function namedByRecords(db: Db, fileName: string): Promise<boolean> {
  const stem = fileName.replace(/\.[^.]+$/, "");
  const [sending, revision] = await Promise.all([
    db
      .selectFrom("newsletter_sendings")
      .select("id")
      .where(containsText(db, "html", stem))
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom("post_revisions")
      .select("id")
      .where((eb) =>
        eb.or([containsText(db, "content", stem), containsText(db, "featuredImage", stem)]),
      )
      .limit(1)
      .executeTakeFirst(),
  ]);
  return sending !== undefined || revision !== undefined;
}

/** What an upload says about itself besides its bytes. */
export type UploadMeta = {
  originalName: string;
  uploadedBy: string | null;
  altText?: string;
  caption?: string;
};

/** The name a file was uploaded with, kept short and printable for the library. */
function cleanName(name: string, fallback: string): string {
  const clean = name
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, 200);
  return clean === "" ? fallback : clean;
}

/** Records an image just stored (by any path: an upload, a data: featured image) as an item. */
export async function recordStoredImage(
  db: Db,
  stored: StoredImage & { size: number },
  meta: UploadMeta,
): Promise<string> {
  return insertMedia(db, {
    fileName: stored.name,
    originalName: cleanName(meta.originalName, stored.name),
    mimeType: mimeOf(stored.name),
    width: stored.width,
    height: stored.height,
    size: stored.size,
    altText: meta.altText ?? "",
    caption: meta.caption ?? "",
    uploadedBy: meta.uploadedBy,
  });
}

/**
 * Stores an uploaded image through the upload pipeline and records it as a media item; when
 * the row cannot be written, the files go again. Throws what storeImage throws.
 */
export async function storeMediaImage(
  db: Db,
  uploads: UploadStore,
  bytes: Uint8Array,
  meta: UploadMeta,
): Promise<MediaItem> {
  const stored = await storeImage(uploads, bytes);
  try {
    const size = (await uploads.head(stored.name))?.size ?? bytes.length;
    const id = await recordStoredImage(db, { ...stored, size }, meta);
    return await requireMediaItem(db, id);
  } catch (error) {
    await removeStoredImage(uploads, stored).catch(() => undefined);
    throw error;
  }
}

/**
 * Replaces an item's file: the new image is stored under a new name (stored names are served
 * as immutable, so a name never changes its bytes), and in one transaction the item takes it
 * and every post, app and setting that used the old name is rewritten to the new one. The old
 * files go once that is committed, unless a newsletter already sent or a post's revision names
 * them: those keep showing the picture they had. The item keeps its id, alt text and caption.
 */
export async function replaceMediaFile(
  db: Db,
  uploads: UploadStore,
  id: string,
  bytes: Uint8Array,
  originalName: string,
  now = new Date(),
): Promise<MediaDetails> {
  const before = await requireMediaItem(db, id);
  const stored = await storeImage(uploads, bytes);
  try {
    const size = (await uploads.head(stored.name))?.size ?? bytes.length;
    await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable("media")
        .set({
          fileName: stored.name,
          originalName: cleanName(originalName, before.originalName),
          mimeType: mimeOf(stored.name),
          width: stored.width,
          height: stored.height,
          size,
          updatedAt: now.toISOString(),
        })
        .where("id", "=", id)
        .where("fileName", "=", before.fileName)
        .executeTakeFirst();
      // Deleted, or replaced by someone else, since it was read.
      if (Number(result.numUpdatedRows) !== 1) throw HttpError.conflict(MEDIA_MESSAGES.notFound);
      await changeMediaReferences(trx, id, { from: before.fileName, to: stored.name });
    });
  } catch (error) {
    await removeStoredImage(uploads, stored).catch(() => undefined);
    throw error;
  }
  if (!(await namedByRecords(db, before.fileName))) await removeFiles(uploads, before.fileName);
  return getMediaDetails(db, id);
}

/**
 * Deletes an item and its files. While it is used it is refused (MediaInUseError), unless
 * `removeUses`: then, in the same transaction, it is taken out of every post, app and setting
 * that used it (an image dropped from the content, an image field emptied). The refusal is a 409
 * whose `uses` name the places.
 */
export async function deleteMedia(
  db: Db,
  uploads: UploadStore,
  id: string,
  { removeUses = false }: { removeUses?: boolean } = {},
): Promise<void> {
  const item = await requireMediaItem(db, id);
  await db.transaction().execute(async (trx) => {
    const uses = await listMediaUses(trx, id);
    if (uses.length > 0 && !removeUses) throw HttpError.conflict(MEDIA_MESSAGES.inUse, { uses });
    if (uses.length > 0) {
      await changeMediaReferences(trx, id, { from: item.fileName, to: null });
    }
    await trx.deleteFrom("media").where("id", "=", id).execute();
  });
  await removeFiles(uploads, item.fileName);
}

/** The instant `days` days before `now`. */
export function cleanupCutoff(days: number, now = new Date()): string {
  return new Date(now.getTime() - days * 86_400_000).toISOString();
}

/** The clean-up's list: unused items uploaded more than `days` days ago, oldest first. */
export function listCleanupCandidates(db: Db, days: number, now = new Date()) {
  return pageMedia(db, {
    page: 1,
    pageSize: MAX_CLEANUP_ITEMS,
    sort: "createdAt",
    term: "",
    use: "unused",
    before: cleanupCutoff(days, now),
  });
}

/**
 * Deletes the confirmed items that are still unused and older than `days` days; one that came
 * into use (or is younger) since the list was shown is kept.
 */
export async function cleanUpMedia(
  db: Db,
  uploads: UploadStore,
  { ids, olderThanDays }: { ids: string[]; olderThanDays: number },
  now = new Date(),
): Promise<MediaCleanupAnswer> {
  const cutoff = cleanupCutoff(olderThanDays, now);
  const deleted = await db.transaction().execute(async (trx) =>
    trx
      .deleteFrom("media")
      .where("id", "in", [...new Set(ids)])
      .where("createdAt", "<", cutoff)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("media_uses")
              .select("media_uses.mediaId")
              .whereRef("media_uses.mediaId", "=", "media.id"),
          ),
        ),
      )
      .returning("fileName")
      .execute(),
  );
  for (const row of deleted) await removeFiles(uploads, row.fileName);
  return { deleted: deleted.length, kept: new Set(ids).size - deleted.length };
}
