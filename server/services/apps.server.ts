import { randomUUID } from "node:crypto";
import { APP_MESSAGES, type AppInput } from "#common/schemas/app.ts";
import type { Db } from "#server/db/db.server.ts";
import { isUniqueViolation } from "#server/db/dialect.server.ts";
import type { AppRow } from "#server/db/tables.ts";
import { HttpError } from "#server/errors.ts";

const APP_COLUMNS = [
  "apps.id",
  "apps.name",
  "apps.slug",
  "apps.category",
  "apps.relationship",
  "apps.status",
  "apps.logoUrl",
  "apps.imageUrl",
  "apps.shortDescription",
  "apps.description",
  "apps.downloadCount",
  "apps.rating",
  "apps.releaseDate",
  "apps.platforms",
  "apps.websiteUrl",
  "apps.downloadUrl",
  "apps.sortOrder",
  "apps.createdAt",
  "apps.updatedAt",
] as const;

/** Every app, in the studio's chosen order, then by name. */
export function listApps(db: Db): Promise<AppRow[]> {
  return db
    .selectFrom("apps")
    .select(APP_COLUMNS)
    .orderBy("apps.sortOrder", "asc")
    .orderBy("apps.name", "asc")
    .execute();
}

export type NewApp = Omit<AppRow, "id" | "createdAt" | "updatedAt" | "platforms" | "sortOrder"> & {
  platforms: string[];
  sortOrder?: number;
};

/** Inserts an app; a slug already in use is a 409. */
export async function insertApp(db: Db, app: NewApp): Promise<AppRow> {
  const now = new Date().toISOString();
  const row: AppRow = {
    ...app,
    id: randomUUID(),
    platforms: JSON.stringify(app.platforms),
    sortOrder: app.sortOrder ?? 0,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await db.insertInto("apps").values(row).execute();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw HttpError.conflict(APP_MESSAGES.slugTaken);
    }
    throw error;
  }
  return row;
}

// PostgreSQL refuses NUL in a text parameter (an error rather than "no rows"); no id has one.
const isImpossibleId = (id: string) => id.includes("\0");

/** One app by id, or null. */
export async function getApp(db: Db, id: string): Promise<AppRow | null> {
  if (isImpossibleId(id)) return null;
  const row = await db
    .selectFrom("apps")
    .select(APP_COLUMNS)
    .where("apps.id", "=", id)
    .executeTakeFirst();
  return row ?? null;
}

/** One app by id; throws 404 when there is none. */
export async function requireApp(db: Db, id: string): Promise<AppRow> {
  const row = await getApp(db, id);
  if (!row) throw HttpError.notFound(APP_MESSAGES.notFound);
  return row;
}

/**
 * Replaces an app's fields with `input` (its sortOrder only when given). Throws 404 for an
 * unknown id and 409 when the slug belongs to another app.
 */
export async function updateApp(db: Db, id: string, input: AppInput): Promise<AppRow> {
  if (isImpossibleId(id)) throw HttpError.notFound(APP_MESSAGES.notFound);
  const { platforms, sortOrder, ...fields } = input;
  let updated: bigint;
  try {
    const result = await db
      .updateTable("apps")
      .set({
        ...fields,
        platforms: JSON.stringify(platforms),
        ...(sortOrder === undefined ? {} : { sortOrder }),
        updatedAt: new Date().toISOString(),
      })
      .where("id", "=", id)
      .executeTakeFirst();
    updated = result.numUpdatedRows;
  } catch (error) {
    if (isUniqueViolation(error)) throw HttpError.conflict(APP_MESSAGES.slugTaken);
    throw error;
  }
  if (updated === 0n) throw HttpError.notFound(APP_MESSAGES.notFound);
  return requireApp(db, id);
}

/** Deletes an app; throws 404 when there is none with that id. */
export async function deleteApp(db: Db, id: string): Promise<void> {
  if (isImpossibleId(id)) throw HttpError.notFound(APP_MESSAGES.notFound);
  const result = await db.deleteFrom("apps").where("id", "=", id).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw HttpError.notFound(APP_MESSAGES.notFound);
}
