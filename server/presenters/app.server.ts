import type { App, AppListItem } from "#common/types/app.ts";
import { parseStringList } from "#server/db/json-list.ts";
import type { AppRow } from "#server/db/tables.ts";

/** What a row of the dashboard's list is made from: the list's columns of an app. */
type AppListRow = Pick<
  AppRow,
  | "id"
  | "name"
  | "slug"
  | "category"
  | "relationship"
  | "status"
  | "logoUrl"
  | "downloadCount"
  | "platforms"
  | "sortOrder"
  | "createdAt"
  | "updatedAt"
>;

/** An app row as the API and the pages send it. */
export function presentApp(row: AppRow): App {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    category: row.category,
    relationship: row.relationship,
    status: row.status,
    logoUrl: row.logoUrl,
    imageUrl: row.imageUrl,
    shortDescription: row.shortDescription,
    description: row.description,
    downloadCount: Number(row.downloadCount),
    rating: row.rating === null ? null : Number(row.rating),
    releaseDate: row.releaseDate,
    platforms: parseStringList(row.platforms),
    websiteUrl: row.websiteUrl,
    downloadUrl: row.downloadUrl,
    sortOrder: Number(row.sortOrder),
  };
}

/** An app as a row of the dashboard's list shows it. */
export function presentAppListItem(row: AppListRow): AppListItem {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    category: row.category,
    relationship: row.relationship,
    status: row.status,
    logoUrl: row.logoUrl,
    downloadCount: Number(row.downloadCount),
    platforms: parseStringList(row.platforms),
    sortOrder: Number(row.sortOrder),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
