import { isPubliclyVisible } from "#common/content-rules.ts";
import { DEFAULT_SEO_FIELDS } from "#common/schemas/post-seo.ts";
import type { WorkingCopyValues } from "#common/types/post-revision.ts";
import type { Db } from "#server/db/db.server.ts";
import type { PostWorkingCopyRow } from "#server/db/tables.ts";
import { syncWorkingCopyMediaUses } from "./media-uses.server.ts";

// A public post's working copy (docs/decisions/008-editor-saves.md): where its autosaves and
// restored revisions wait, one per post, so the public page stays the stored post until someone
// saves it by hand. A draft, and a scheduled post whose time has not come, have none: nobody sees
// them yet, so their edits are saved into the post itself, and what the editor shows at "Saved"
// is what goes live.

/**
 * Whether an edit saved without a manual action (an autosave, a restored revision) goes into the
 * post itself: yes for a draft and for a post scheduled for later; a published post, or a
 * scheduled one whose time has come, keeps it in its working copy.
 */
export function savesInPlace(
  post: { status: string; scheduledAt: string | null },
  now: Date,
): boolean {
  return !isPubliclyVisible(post, now);
}

/** A working copy with its values read (who saved it is named by people.server.ts). */
export type WorkingCopyRecord = Omit<PostWorkingCopyRow, "values"> & {
  values: WorkingCopyValues;
};

/** The post's working copy, or null when it has none. */
export async function getWorkingCopy(db: Db, postId: string): Promise<WorkingCopyRecord | null> {
  const row = await db
    .selectFrom("post_working_copies")
    .select(["postId", "values", "baseVersion", "savedBy", "savedAt"])
    .where("postId", "=", postId)
    .executeTakeFirst();
  if (!row) return null;
  // A copy kept before the search and social settings existed has none of them: the defaults.
  const values = { ...DEFAULT_SEO_FIELDS, ...(JSON.parse(row.values) as WorkingCopyValues) };
  return { ...row, values };
}

export type SaveWorkingCopyOptions = {
  postId: string;
  values: WorkingCopyValues;
  baseVersion: number;
  savedBy: string;
  nowIso: string;
};

/** Writes the post's working copy, replacing the one it had. */
export async function saveWorkingCopy(trx: Db, options: SaveWorkingCopyOptions): Promise<void> {
  const { postId, values, baseVersion, savedBy, nowIso } = options;
  const row = { values: JSON.stringify(values), baseVersion, savedBy, savedAt: nowIso };
  await trx
    .insertInto("post_working_copies")
    .values({ postId, ...row })
    .onConflict((oc) => oc.column("postId").doUpdateSet(row))
    .execute();
  await syncWorkingCopyMediaUses(trx, postId, values);
}

/** Discards the post's working copy, if it has one. */
export async function deleteWorkingCopy(db: Db, postId: string): Promise<void> {
  const discard = async (trx: Db) => {
    await trx.deleteFrom("post_working_copies").where("postId", "=", postId).execute();
    await syncWorkingCopyMediaUses(trx, postId, null);
  };
  // Inside the caller's transaction, else in one of its own: the copy and its uses go together.
  await (db.isTransaction ? discard(db) : db.transaction().execute(discard));
}
