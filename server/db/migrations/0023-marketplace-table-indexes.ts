import { type Kysely, type RawBuilder, sql } from "kysely";
import { dbKindOf } from "#server/db/dialect.server.ts";

// The Marketplace table (docs/decisions/039-marketplace-table.md) is the staff post list with
// category marketplace-content fixed, sorted by launch date (releaseDate) too, and filtered by a
// status that reads scheduledAt and releaseDate (Live, Coming Soon, draft, scheduled). Migration
// 0010's rule holds: each sort's index carries every filtered column, so a page is found on
// index entries without reading a post's row (its HTML, on SQLite). So the five sort indexes of
// 0010 are made again with scheduledAt and releaseDate added, under the same names, and the
// launch date gets one of its own.

const OLD_FILTERED = ["status", "category", "packType", "authorId"];
const NEW_FILTERED = [...OLD_FILTERED, "scheduledAt", "releaseDate"];

type Index = { name: string; key: RawBuilder<unknown>; keyColumn: string | null };

function sortIndexes(db: Kysely<unknown>): Index[] {
  const titleKey =
    dbKindOf(db) === "postgres" ? sql`lower("title") collate "C"` : sql`lower("title")`;
  const byColumn = (name: string, column: string): Index => ({
    name,
    key: sql.ref(column),
    keyColumn: column,
  });
  return [
    byColumn("posts_staff_updated_idx", "updatedAt"),
    byColumn("posts_staff_created_idx", "createdAt"),
    byColumn("posts_staff_published_idx", "publishedAt"),
    byColumn("posts_staff_scheduled_idx", "scheduledAt"),
    { name: "posts_staff_title_idx", key: titleKey, keyColumn: null },
  ];
}

const RELEASE_INDEX = "posts_staff_release_idx";

/** `create index {name} on posts (key, id, filtered...)`, the key left out of the filtered. */
async function createIndex(db: Kysely<unknown>, index: Index, filtered: string[]) {
  const rest = filtered.filter((column) => column !== index.keyColumn).map((c) => sql.ref(c));
  await sql`create index ${sql.id(index.name)} on "posts" (${index.key}, "id", ${sql.join(rest)})`.execute(
    db,
  );
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of sortIndexes(db)) {
    await sql`drop index if exists ${sql.id(index.name)}`.execute(db);
    await createIndex(db, index, NEW_FILTERED);
  }
  await createIndex(
    db,
    { name: RELEASE_INDEX, key: sql.ref("releaseDate"), keyColumn: "releaseDate" },
    NEW_FILTERED,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists ${sql.id(RELEASE_INDEX)}`.execute(db);
  for (const index of sortIndexes(db)) {
    await sql`drop index if exists ${sql.id(index.name)}`.execute(db);
    await createIndex(db, index, OLD_FILTERED);
  }
}
