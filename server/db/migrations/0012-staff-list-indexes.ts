import { type Kysely, type RawBuilder, sql } from "kysely";
import { dbKindOf } from "#server/db/dialect.server.ts";

// The dashboard's paged lists of subscribers, apps and employees
// (docs/product/dashboard.md#staff-lists) ask the database for one page in a chosen order, so each
// order and filter gets an index that walks it, the id last as the tie-break the queries use:
//
// - subscribers by subscription time (newest first by default; it replaces the index on the
//   time alone, which could not give the id order of ties), and by address: SQLite's unique
//   index on the address already has its order; PostgreSQL's compares by the database's
//   collation, so the "C" order the list uses gets its own (`textOrderKey` in
//   server/db/text-order.ts);
// - apps in the public page's order (sortOrder, name), by lower-cased name, by creation and by
//   last edit, and each filter (category, status, relationship) followed by the page's order;
// - employees by when they were added, by lower-cased first and last name, and by role.
//
// The counts of the Mailing List's counters are ranges of the subscription-time index.

type Index = {
  name: string;
  table: string;
  columns: (kind: "sqlite" | "postgres") => RawBuilder<unknown> | null;
};

/** A lower-cased text column compared character by character, as textOrderKey writes it. */
const lowerKey = (column: string, kind: "sqlite" | "postgres") =>
  kind === "postgres" ? sql`lower(${sql.ref(column)}) collate "C"` : sql`lower(${sql.ref(column)})`;

const INDEXES: Index[] = [
  {
    name: "subscribers_created_id_idx",
    table: "subscribers",
    columns: () => sql`"createdAt", "id"`,
  },
  {
    name: "subscribers_email_order_idx",
    table: "subscribers",
    columns: (kind) => (kind === "postgres" ? sql`"email" collate "C"` : null),
  },
  { name: "apps_page_order_idx", table: "apps", columns: () => sql`"sortOrder", "name", "id"` },
  {
    name: "apps_name_order_idx",
    table: "apps",
    columns: (kind) => sql`${lowerKey("name", kind)}, "id"`,
  },
  { name: "apps_created_idx", table: "apps", columns: () => sql`"createdAt", "id"` },
  { name: "apps_updated_idx", table: "apps", columns: () => sql`"updatedAt", "id"` },
  {
    name: "apps_category_order_idx",
    table: "apps",
    columns: () => sql`"category", "sortOrder", "name", "id"`,
  },
  {
    name: "apps_status_order_idx",
    table: "apps",
    columns: () => sql`"status", "sortOrder", "name", "id"`,
  },
  {
    name: "apps_relationship_order_idx",
    table: "apps",
    columns: () => sql`"relationship", "sortOrder", "name", "id"`,
  },
  { name: "employees_created_idx", table: "employees", columns: () => sql`"createdAt", "id"` },
  {
    name: "employees_name_order_idx",
    table: "employees",
    columns: (kind) => sql`${lowerKey("firstName", kind)}, ${lowerKey("lastName", kind)}, "id"`,
  },
  {
    name: "employees_role_idx",
    table: "employees",
    columns: () => sql`"role", "createdAt", "id"`,
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const kind = dbKindOf(db);
  for (const index of INDEXES) {
    const columns = index.columns(kind);
    if (!columns) continue;
    await sql`create index ${sql.id(index.name)} on ${sql.id(index.table)} (${columns})`.execute(
      db,
    );
  }
  await db.schema.dropIndex("subscribers_created_idx").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("subscribers_created_idx")
    .on("subscribers")
    .column("createdAt")
    .execute();
  for (const index of [...INDEXES].reverse()) {
    await db.schema.dropIndex(index.name).ifExists().execute();
  }
}
