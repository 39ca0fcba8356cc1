import type { Db } from "#server/db/db.server.ts";
import { loadSharp } from "#server/storage/image-variants.server.ts";
import { readUpload, type UploadStore } from "#server/storage/upload-store.server.ts";
import { insertMedia } from "./media.server.ts";
import {
  type PostImageFields,
  syncAppMediaUses,
  syncPostMediaUses,
  syncSettingsMediaUses,
  syncWorkingCopyMediaUses,
} from "./media-uses.server.ts";

// Files stored before the media library (docs/decisions/040-media-library.md): at start, every
// PNG or JPEG original in the upload store without a media item gets one, and then the uses of
// every post, working copy, app and the settings are derived again, so those new items know
// where they are used. Safe to run twice and from several processes: an item is inserted only
// when its file has none, and a sync writes the same rows whoever runs it.

/** A stored original: a PNG or JPEG by plain name, not a variant or a WebP copy. */
const ORIGINAL_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*\.(?:png|jpe?g)$/;

/** How many posts are read and synced in one transaction. */
const BATCH = 200;

/**
 * Makes the missing media items and, when it made any, derives every owner's uses again.
 * Answers how many items it made. An original that cannot be read as an image is skipped.
 */
export async function backfillMedia(db: Db, uploads: UploadStore): Promise<number> {
  const known = new Set(
    (await db.selectFrom("media").select("fileName").execute()).map((row) => row.fileName),
  );
  const missing: { name: string; size: number }[] = [];
  for await (const file of uploads.list()) {
    if (ORIGINAL_NAME.test(file.name) && !known.has(file.name)) missing.push(file);
  }
  let made = 0;
  const sharp = missing.length > 0 ? await loadSharp() : null;
  for (const file of missing) {
    const bytes = await readUpload(uploads, file.name);
    if (!bytes || !sharp) continue;
    const header = await sharp(bytes)
      .metadata()
      .catch(() => null);
    if (!header?.width || !header.height) continue;
    const info = await uploads.head(file.name);
    await insertMedia(db, {
      fileName: file.name,
      originalName: file.name,
      mimeType: header.format === "png" ? "image/png" : "image/jpeg",
      width: header.width,
      height: header.height,
      size: file.size,
      uploadedBy: null,
      createdAt: (info?.lastModified ?? new Date()).toISOString(),
    });
    made += 1;
  }
  if (made > 0) await syncEveryOwner(db);
  return made;
}

/** Derives the uses of every post, working copy, app and the settings again. */
export async function syncEveryOwner(db: Db): Promise<void> {
  let after = "";
  for (;;) {
    const posts = await db
      .selectFrom("posts")
      .select(["id", "content", "featuredImage", "socialImage"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    if (posts.length === 0) break;
    await db.transaction().execute(async (trx) => {
      for (const post of posts) await syncPostMediaUses(trx, post.id, post);
    });
    after = posts[posts.length - 1]?.id ?? after;
  }
  const copies = await db.selectFrom("post_working_copies").select(["postId", "values"]).execute();
  await db.transaction().execute(async (trx) => {
    for (const copy of copies) {
      await syncWorkingCopyMediaUses(trx, copy.postId, JSON.parse(copy.values) as PostImageFields);
    }
    const apps = await trx.selectFrom("apps").select(["id", "logoUrl", "imageUrl"]).execute();
    for (const app of apps) await syncAppMediaUses(trx, app.id, app);
    const settings = await trx
      .selectFrom("site_settings")
      .select("value")
      .where("id", "=", "site")
      .executeTakeFirst();
    if (settings) await syncSettingsMediaUses(trx, parseObject(settings.value));
  });
}

function parseObject(value: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
