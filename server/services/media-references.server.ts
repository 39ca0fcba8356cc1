import { UPLOADS_PATH } from "#common/editor/allowed-html.ts";
import type { Db } from "#server/db/db.server.ts";
import {
  type PostImageFields,
  syncAppMediaUses,
  syncPostMediaUses,
  syncSettingsMediaUses,
  syncWorkingCopyMediaUses,
  uploadNameOf,
} from "./media-uses.server.ts";

// Rewrites what names a media item's file, for a replaced file (every use follows to the new
// name) or a deleted item (every use drops it), in the caller's transaction. Only the owners
// media_uses lists are read: the uses are kept exact on every write (media-uses.server.ts).
// A post's version goes up, so an editor open on it is told of the change instead of saving
// the old name back.

/** The new file name, or null to remove the reference. */
export type ReferenceChange = { from: string; to: string | null };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Post HTML with the image changed: its src renamed, or the whole <img> element dropped. */
export function changeHtmlImage(html: string, { from, to }: ReferenceChange): string {
  const src = `src="${UPLOADS_PATH}${from}"`;
  if (to !== null) return html.split(src).join(`src="${UPLOADS_PATH}${to}"`);
  return html.replace(new RegExp(`<img\\b[^>]*\\s${escapeRegExp(src)}[^>]*>`, "g"), "");
}

/** A stored image value (a bare name or /uploads/{name}) with the change, in the same form. */
function changeValue<T extends string | null>(value: T, change: ReferenceChange): T | null {
  if (uploadNameOf(value) !== change.from) return value;
  if (change.to === null) return null;
  return ((value ?? "").startsWith(UPLOADS_PATH) ? `${UPLOADS_PATH}${change.to}` : change.to) as T;
}

function changePostFields<T extends PostImageFields>(fields: T, change: ReferenceChange): T {
  return {
    ...fields,
    content: changeHtmlImage(fields.content, change),
    featuredImage: changeValue(fields.featuredImage, change),
    socialImage: changeValue(fields.socialImage, change),
  };
}

/** Applies `change` everywhere the item is used; answers how many owners were rewritten. */
export async function changeMediaReferences(
  trx: Db,
  mediaId: string,
  change: ReferenceChange,
): Promise<number> {
  const owners = await trx
    .selectFrom("media_uses")
    .select(["postId", "appId", "owner"])
    .distinct()
    .where("mediaId", "=", mediaId)
    .execute();
  for (const owner of owners) {
    if (owner.postId) await changePost(trx, owner.postId, change);
    else if (owner.appId) await changeApp(trx, owner.appId, change);
    else await changeSettings(trx, change);
  }
  return owners.length;
}

async function changePost(trx: Db, postId: string, change: ReferenceChange) {
  const post = await trx
    .selectFrom("posts")
    .select(["content", "featuredImage", "socialImage"])
    .where("id", "=", postId)
    .executeTakeFirst();
  if (post) {
    const changed = changePostFields(post, change);
    await trx
      .updateTable("posts")
      .set((eb) => ({ ...changed, version: eb("version", "+", 1) }))
      .where("id", "=", postId)
      .execute();
    await syncPostMediaUses(trx, postId, changed);
  }
  const copy = await trx
    .selectFrom("post_working_copies")
    .select("values")
    .where("postId", "=", postId)
    .executeTakeFirst();
  if (copy) {
    const values = changePostFields(JSON.parse(copy.values) as PostImageFields, change);
    await trx
      .updateTable("post_working_copies")
      .set({ values: JSON.stringify(values) })
      .where("postId", "=", postId)
      .execute();
    await syncWorkingCopyMediaUses(trx, postId, values);
  }
}

async function changeApp(trx: Db, appId: string, change: ReferenceChange) {
  const app = await trx
    .selectFrom("apps")
    .select(["logoUrl", "imageUrl"])
    .where("id", "=", appId)
    .executeTakeFirst();
  if (!app) return;
  const changed = {
    logoUrl: changeValue(app.logoUrl, change),
    imageUrl: changeValue(app.imageUrl, change),
  };
  await trx.updateTable("apps").set(changed).where("id", "=", appId).execute();
  await syncAppMediaUses(trx, appId, changed);
}

async function changeSettings(trx: Db, change: ReferenceChange) {
  const row = await trx
    .selectFrom("site_settings")
    .select("value")
    .where("id", "=", "site")
    .executeTakeFirst();
  if (!row) return;
  const values = JSON.parse(row.value) as Record<string, unknown>;
  const current = typeof values.defaultSocialImage === "string" ? values.defaultSocialImage : "";
  values.defaultSocialImage = changeValue(current, change) ?? "";
  await trx
    .updateTable("site_settings")
    .set((eb) => ({ value: JSON.stringify(values), version: eb("version", "+", 1) }))
    .where("id", "=", "site")
    .execute();
  await syncSettingsMediaUses(trx, values);
}
