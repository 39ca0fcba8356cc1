import { UPLOADS_PATH } from "#common/editor/allowed-html.ts";
import type { Db } from "#server/db/db.server.ts";

// Where media items are used (docs/decisions/040-media-library.md). The uses of an owner (a post,
// an app, the site settings) are derived from what it stores, in the transaction that writes
// it: every write of a post row, a working copy, an app or the settings calls one of the sync
// functions below. Nothing is guessed at read time.

/** Where an upload is named in one owner's stored values, by field. */
export type MediaReferences = Record<string, readonly string[]>;

/** An /uploads/ file named in post HTML as stored (sanitized: `src="/uploads/{name}"`). */
const CONTENT_IMAGE = /\bsrc="\/uploads\/([A-Za-z0-9][A-Za-z0-9._-]*)"/g;

/** The upload file names in sanitized post HTML, each once. */
export function uploadNamesInHtml(html: string): string[] {
  return [...new Set([...html.matchAll(CONTENT_IMAGE)].map((match) => match[1] ?? ""))].filter(
    (name) => name !== "",
  );
}

/**
 * The upload file a stored image value names: a bare name (featured and social images) or
 * "/uploads/{name}" (apps, settings); null for an http(s) address or nothing.
 */
export function uploadNameOf(value: string | null | undefined): string | null {
  if (!value || /^(https?:|data:)/i.test(value)) return null;
  const name = value.startsWith(UPLOADS_PATH) ? value.slice(UPLOADS_PATH.length) : value;
  return /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name) ? name : null;
}

const single = (value: string | null | undefined): string[] => {
  const name = uploadNameOf(value);
  return name ? [name] : [];
};

/** A post's image fields as stored (or as its working copy holds them). */
export type PostImageFields = {
  content: string;
  featuredImage: string | null;
  socialImage: string | null;
};

/** The uploads a post's stored fields name. */
export function postReferences(post: PostImageFields): MediaReferences {
  return {
    content: uploadNamesInHtml(post.content),
    featuredImage: single(post.featuredImage),
    socialImage: single(post.socialImage),
  };
}

/** An owner's key in media_uses. */
export const mediaOwner = {
  post: (id: string) => `post:${id}`,
  app: (id: string) => `app:${id}`,
  settings: "settings",
} as const;

type OwnerLinks = { postId?: string; appId?: string };

/**
 * Replaces the uses `owner` has in `fields` (only those fields) with the media items whose
 * files `references` names; names without a media item (an image stored before the library and
 * not yet backfilled, a file that is gone) are no use of anything.
 */
async function syncUses(
  trx: Db,
  owner: string,
  references: MediaReferences,
  links: OwnerLinks,
): Promise<void> {
  const fields = Object.keys(references);
  await trx
    .deleteFrom("media_uses")
    .where("owner", "=", owner)
    .where("field", "in", fields)
    .execute();
  const wanted = fields.flatMap((field) =>
    (references[field] ?? []).map((fileName) => ({ field, fileName })),
  );
  if (wanted.length === 0) return;
  const names = [...new Set(wanted.map((use) => use.fileName))];
  const media = await trx
    .selectFrom("media")
    .select(["id", "fileName"])
    .where("fileName", "in", names)
    .execute();
  const idOf = new Map(media.map((row) => [row.fileName, row.id]));
  const rows = wanted.flatMap(({ field, fileName }) => {
    const mediaId = idOf.get(fileName);
    return mediaId
      ? [{ mediaId, owner, field, postId: links.postId ?? null, appId: links.appId ?? null }]
      : [];
  });
  if (rows.length > 0) {
    await trx
      .insertInto("media_uses")
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** Derives a post's uses from its row as written (call inside the write's transaction). */
export async function syncPostMediaUses(
  trx: Db,
  postId: string,
  post: PostImageFields,
): Promise<void> {
  await syncUses(trx, mediaOwner.post(postId), postReferences(post), { postId });
}

/**
 * Derives the uses of a published post's working copy (its unsaved changes: field "changes");
 * null when the copy is discarded.
 */
export async function syncWorkingCopyMediaUses(
  trx: Db,
  postId: string,
  copy: PostImageFields | null,
): Promise<void> {
  const names = copy ? Object.values(postReferences(copy)).flat() : [];
  await syncUses(trx, mediaOwner.post(postId), { changes: [...new Set(names)] }, { postId });
}

/** Derives an app's uses from its logo and image addresses. */
export async function syncAppMediaUses(
  trx: Db,
  appId: string,
  app: { logoUrl: string | null; imageUrl: string | null },
): Promise<void> {
  await syncUses(
    trx,
    mediaOwner.app(appId),
    { logoUrl: single(app.logoUrl), imageUrl: single(app.imageUrl) },
    { appId },
  );
}

/** Derives the site settings' uses (the default social image). */
export async function syncSettingsMediaUses(
  trx: Db,
  settings: { defaultSocialImage?: unknown },
): Promise<void> {
  const value = typeof settings.defaultSocialImage === "string" ? settings.defaultSocialImage : "";
  await syncUses(trx, mediaOwner.settings, { defaultSocialImage: single(value) }, {});
}
