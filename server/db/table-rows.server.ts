import { createHash } from "node:crypto";
import { type Kysely, sql, type Transaction } from "kysely";
import type { Db } from "./db.server.ts";
import { dbKindOf } from "./dialect.server.ts";
import type { Database } from "./tables.ts";

/**
 * Every table of the site, whole and in order, with its rows in one normal form on both
 * databases: what a PostgreSQL backup writes and a restore reads back, and what the move from
 * SQLite to PostgreSQL copies and verifies. Kysely's own bookkeeping tables are not here: the
 * target gets them by running the migrations.
 */

/** A table and its key: one column, or the columns of a composite key. */
export type KeyedTable = { name: string; key: string | readonly string[] };

/** The tables in the order they can be filled (a table after those it refers to), with their key. */
export const TABLES: ReadonlyArray<KeyedTable & { name: keyof Database & string }> = [
  { name: "users", key: "id" },
  { name: "sessions", key: "id" },
  { name: "accounts", key: "id" },
  { name: "verifications", key: "id" },
  { name: "employees", key: "id" },
  { name: "invitations", key: "id" },
  { name: "posts", key: "id" },
  { name: "post_slug_redirects", key: "slug" },
  { name: "post_working_copies", key: "postId" },
  { name: "post_revisions", key: "id" },
  { name: "post_tags", key: ["postId", "tag"] },
  { name: "preview_links", key: "id" },
  { name: "apps", key: "id" },
  { name: "subscribers", key: "id" },
  { name: "rate_limits", key: "key" },
  { name: "job_leases", key: "name" },
  { name: "site_settings", key: "id" },
  { name: "newsletter_sendings", key: "id" },
  { name: "newsletter_deliveries", key: "id" },
  { name: "newsletter_pace", key: "name" },
  { name: "confirmation_mail_limits", key: "addressKey" },
  { name: "subscriber_complaints", key: "id" },
  { name: "webhook_endpoints", key: "id" },
  { name: "webhook_events", key: "id" },
  { name: "webhook_deliveries", key: "id" },
  { name: "media", key: "id" },
  { name: "media_uses", key: ["owner", "field", "mediaId"] },
];

/** How a column's values are normalised: the type PostgreSQL gives it. */
export type ColumnKind = "text" | "integer" | "double" | "boolean" | "timestamp";

export type Column = { name: string; kind: ColumnKind };

export type Row = Record<string, unknown>;

type AnyDb = Kysely<Record<string, Row>>;

const PG_KINDS: Record<string, ColumnKind> = {
  text: "text",
  integer: "integer",
  bigint: "integer",
  smallint: "integer",
  "double precision": "double",
  real: "double",
  boolean: "boolean",
  "timestamp with time zone": "timestamp",
};

/**
 * The columns of one table in PostgreSQL's schema (the first on the search_path), in their
 * order. Both sides of a comparison are normalised by these, so a SQLite 1 and a PostgreSQL
 * true, or a SQLite text timestamp and a timestamptz, come out alike.
 */
export async function postgresColumns(db: Db | Transaction<Database>, table: string) {
  const { rows } = await sql<{ name: string; type: string }>`
    select column_name as "name", data_type as "type" from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}
    order by ordinal_position`.execute(db);
  if (rows.length === 0) throw new Error(`The PostgreSQL database has no table ${table}.`);
  return rows.map(({ name, type }): Column => {
    const kind = PG_KINDS[type];
    if (!kind) throw new Error(`${table}.${name} has a type this copy does not know: ${type}`);
    return { name, kind };
  });
}

/** The tables of ours that exist in the database and hold at least one row. */
export async function tablesWithRows(db: Db): Promise<string[]> {
  const existing = new Set((await db.introspection.getTables()).map((t) => t.name));
  const filled: string[] = [];
  for (const { name } of TABLES) {
    if (!existing.has(name)) continue;
    const row = await sql`select 1 as "one" from ${sql.table(name)} limit 1`.execute(db);
    if (row.rows.length > 0) filled.push(name);
  }
  return filled;
}

/** A timestamp without a zone (SQLite's own format) is UTC, as the site always writes them. */
const ZONELESS = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/;

function normaliseValue(table: string, column: Column, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (column.kind) {
    case "boolean":
      return value === true || value === 1 || value === 1n || value === "1" || value === "true";
    case "integer":
    case "double":
      return Number(value);
    case "timestamp": {
      const text = value instanceof Date ? value.toISOString() : String(value);
      const date = new Date(ZONELESS.test(text) ? `${text.replace(" ", "T")}Z` : text);
      if (Number.isNaN(date.getTime())) {
        throw new Error(`${table}.${column.name} holds a value that is not a time: ${text}`);
      }
      return date.toISOString();
    }
    default:
      return typeof value === "string" ? value : String(value);
  }
}

/** The row with exactly the given columns, each value in its normal form. */
export function normaliseRow(table: string, columns: Column[], row: Row): Row {
  const out: Row = {};
  for (const column of columns) out[column.name] = normaliseValue(table, column, row[column.name]);
  return out;
}

/**
 * Reads a table's rows in key order, a batch at a time (keyset paging). The key is compared
 * byte by byte on both databases (PostgreSQL's "C" collation, SQLite's BINARY), so the order,
 * and so the checksum, is the same on both.
 */
export async function* readRows(
  db: Db | Transaction<Database>,
  table: KeyedTable,
  batchSize = 1000,
): AsyncGenerator<Row[]> {
  const postgres = dbKindOf(db as Db) === "postgres";
  const names = typeof table.key === "string" ? [table.key] : [...table.key];
  const keys = names.map((name) => (postgres ? sql`${sql.ref(name)} collate "C"` : sql.ref(name)));
  // A composite key is compared as a row value, (a, b) > (x, y), on both databases.
  const key = keys.length === 1 ? sql.join(keys) : sql`(${sql.join(keys)})`;
  let after: unknown[] | undefined;
  for (;;) {
    const last = after === undefined ? sql`` : sql.join(after.map((value) => sql`${value}`));
    const where =
      after === undefined
        ? sql``
        : keys.length === 1
          ? sql`where ${key} > ${last}`
          : sql`where ${key} > (${last})`;
    const { rows } = await sql<Row>`
      select * from ${sql.table(table.name)} ${where} order by ${sql.join(keys)} limit ${batchSize}`.execute(
      db,
    );
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    const lastRow = rows[rows.length - 1] ?? {};
    after = names.map((name) => lastRow[name]);
  }
}

/** A table's row count and SHA-256 over its normalised rows in key order. */
export type TableSummary = { rows: number; sha256: string };

/** Adds normalised rows, in key order, to a running table checksum. */
export class TableChecksum {
  readonly #hash = createHash("sha256");
  readonly #columns: string[];
  rows = 0;
  constructor(columns: Column[]) {
    this.#columns = columns.map((c) => c.name);
  }
  add(row: Row) {
    this.#hash.update(`${JSON.stringify(this.#columns.map((name) => row[name]))}\n`);
    this.rows += 1;
  }
  summary(): TableSummary {
    return { rows: this.rows, sha256: this.#hash.digest("hex") };
  }
}

/** Counts and checksums a table as it is in the database, normalised by the given columns. */
export async function summariseTable(
  db: Db | Transaction<Database>,
  table: KeyedTable,
  columns: Column[],
): Promise<TableSummary> {
  const checksum = new TableChecksum(columns);
  for await (const batch of readRows(db, table)) {
    for (const row of batch) checksum.add(normaliseRow(table.name, columns, row));
  }
  return checksum.summary();
}

/**
 * Inserts normalised rows into a table in batches small enough for PostgreSQL's limit of
 * 65,535 parameters per statement.
 */
export async function insertRows(
  db: Db | Transaction<Database>,
  table: string,
  columns: Column[],
  rows: Row[],
): Promise<void> {
  const perStatement = Math.max(1, Math.floor(30_000 / Math.max(1, columns.length)));
  for (let start = 0; start < rows.length; start += perStatement) {
    const batch = rows.slice(start, start + perStatement);
    await (db as unknown as AnyDb).insertInto(table).values(batch).execute();
  }
}

/** Empties every table of ours, children first (a restore with --force replaces everything). */
export async function deleteAllRows(db: Transaction<Database>): Promise<void> {
  for (const { name } of [...TABLES].reverse()) {
    await sql`delete from ${sql.table(name)}`.execute(db);
  }
}
