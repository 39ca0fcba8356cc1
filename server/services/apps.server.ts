import { randomUUID } from "node:crypto";
import type { ExpressionBuilder } from "kysely";
import type { AppCategory, AppRelationship, AppStatus } from "#common/constants.ts";
import { APP_MESSAGES, type AppInput } from "#common/schemas/app.ts";
import type { AppSort } from "#common/staff-lists.ts";
import type { Db } from "#server/db/db.server.ts";
import { isUniqueViolation } from "#server/db/dialect.server.ts";
import type { AppRow, Database } from "#server/db/tables.ts";
import { containsText, textOrderKey } from "#server/db/text-order.ts";
import { HttpError } from "#server/errors.ts";
import { syncAppMediaUses } from "./media-uses.server.ts";

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
    await inTransaction(db, async (trx) => {
      await trx.insertInto("apps").values(row).execute();
      await syncAppMediaUses(trx, row.id, row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw HttpError.conflict(APP_MESSAGES.slugTaken);
    }
    throw error;
  }
  return row;
}

/** Runs `write` in the caller's transaction, or in one of its own: an app and its uses go together. */
function inTransaction<T>(db: Db, write: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? write(db) : db.transaction().execute(write);
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
    updated = await inTransaction(db, async (trx) => {
      const result = await trx
        .updateTable("apps")
        .set({
          ...fields,
          platforms: JSON.stringify(platforms),
          ...(sortOrder === undefined ? {} : { sortOrder }),
          updatedAt: new Date().toISOString(),
        })
        .where("id", "=", id)
        .executeTakeFirst();
      if (result.numUpdatedRows > 0n) await syncAppMediaUses(trx, id, fields);
      return result.numUpdatedRows;
    });
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

/** What a row of the dashboard's Apps & Tools list shows: no descriptions, no links. */
const APP_LIST_COLUMNS = [
  "apps.id",
  "apps.name",
  "apps.slug",
  "apps.category",
  "apps.relationship",
  "apps.status",
  "apps.logoUrl",
  "apps.downloadCount",
  "apps.platforms",
  "apps.sortOrder",
  "apps.createdAt",
  "apps.updatedAt",
] as const;

type ColumnOf<Reference> = Reference extends `apps.${infer Column}` ? Column : never;

/** An app row with the list's columns only. */
export type AppListRow = Pick<AppRow, ColumnOf<(typeof APP_LIST_COLUMNS)[number]>>;

/** What the dashboard's Apps & Tools list asks for: a page, an order, a search and filters. */
export type AppPageRequest = {
  page: number;
  pageSize: number;
  sort: AppSort;
  /** Kept when the name, short description or description contains it, ignoring case. */
  term: string;
  category?: AppCategory | undefined;
  status?: AppStatus | undefined;
  relationship?: AppRelationship | undefined;
};

/**
 * One page of the apps and how many the search and filters keep, both asked of the database;
 * ties go by id, so every page is stable.
 */
export async function pageApps(
  db: Db,
  request: AppPageRequest,
): Promise<{ rows: AppListRow[]; total: number }> {
  const { page, pageSize, sort } = request;
  const where = (eb: ExpressionBuilder<Database, "apps">) => {
    const conditions = [];
    if (request.category) conditions.push(eb("apps.category", "=", request.category));
    if (request.status) conditions.push(eb("apps.status", "=", request.status));
    if (request.relationship) {
      conditions.push(eb("apps.relationship", "=", request.relationship));
    }
    if (request.term !== "") {
      conditions.push(
        eb.or(
          ["apps.name", "apps.shortDescription", "apps.description"].map((column) =>
            containsText(db, column, request.term),
          ),
        ),
      );
    }
    return eb.and(conditions);
  };
  const direction = sort.startsWith("-") ? "desc" : "asc";
  let rows = db.selectFrom("apps").select(APP_LIST_COLUMNS).where(where);
  switch (sort) {
    case "sortOrder":
    case "-sortOrder":
      rows = rows
        .orderBy("apps.sortOrder", direction)
        .orderBy("apps.name", direction)
        .orderBy("apps.id", direction);
      break;
    case "name":
    case "-name":
      rows = rows
        .orderBy(textOrderKey(db, "apps.name", { lower: true }), direction)
        .orderBy("apps.id", direction);
      break;
    case "createdAt":
    case "-createdAt":
      rows = rows.orderBy("apps.createdAt", direction).orderBy("apps.id", direction);
      break;
    default:
      rows = rows.orderBy("apps.updatedAt", direction).orderBy("apps.id", direction);
  }
  const [items, count] = await Promise.all([
    rows
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom("apps")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: items, total: Number(count.count) };
}
