import { formatLongDateTime } from "#common/format.ts";
import type { VersionConflict } from "#common/types/post-revision.ts";
import type { Db } from "#server/db/db.server.ts";
import { HttpError } from "#server/errors.ts";
import { getDisplayName } from "./people.server.ts";
import { couldBeId, POST_NOT_FOUND_MESSAGE } from "./post-rows.server.ts";

// A post's version (docs/decisions/008-editor-saves.md): every write through the API adds one,
// and a save made from an older version than the stored one is refused with 409, naming who
// saved the post last and when, so nobody overwrites someone else's work without knowing.

/**
 * Thrown inside a transaction when the post is not at the version the save started from: it
 * rolls the transaction back, and the caller answers with `versionConflict`.
 */
export class StaleVersion extends Error {
  override name = "StaleVersion";
}

type Trx = Pick<Db, "updateTable">;

/**
 * Checks, inside a transaction, that the post is still at `version`, and holds it there until
 * the transaction ends: an update that changes nothing, but takes the row's lock (PostgreSQL;
 * SQLite's transaction holds the database's write lock already). A save racing this one waits,
 * then finds the version it expects. Throws StaleVersion when the post has moved on.
 */
export async function holdVersion(trx: Trx, postId: string, version: number): Promise<void> {
  const result = await trx
    .updateTable("posts")
    .set({ version })
    .where("id", "=", postId)
    .where("version", "=", version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new StaleVersion();
}

/**
 * What a save made from an old version answers: 409 with the stored version, when and by whom
 * it was saved; 404 when the post has gone meanwhile.
 */
export async function versionConflict(db: Db, postId: string): Promise<HttpError> {
  const row = couldBeId(postId)
    ? await db
        .selectFrom("posts")
        .select(["version", "updatedAt", "updatedBy"])
        .where("id", "=", postId)
        .executeTakeFirst()
    : undefined;
  if (!row) return HttpError.notFound(POST_NOT_FOUND_MESSAGE);
  const conflict: VersionConflict = {
    version: row.version,
    updatedAt: row.updatedAt,
    updatedBy: await getDisplayName(db, row.updatedBy),
  };
  const who = conflict.updatedBy ?? "Someone else";
  return HttpError.conflict(
    `${who} saved this post at ${formatLongDateTime(row.updatedAt)}. Reload it to see their changes, or overwrite them with yours.`,
    { conflict },
  );
}
