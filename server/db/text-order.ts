import { type Expression, type RawBuilder, type SqlBool, sql } from "kysely";
import type { Db } from "./db.server.ts";
import { dbKindOf } from "./dialect.server.ts";

/**
 * Text in the order a staff list sorts it: compared character by character on both databases
 * (PostgreSQL's "C" collation, SQLite's default), so a list reads the same on either. `lower`
 * sorts letters without regard to case. Migration 0012 indexes these same expressions (both
 * planners use an expression index only for the expression as written).
 */
export function textOrderKey(
  db: Db,
  column: string,
  { lower = false }: { lower?: boolean } = {},
): RawBuilder<string> {
  const value: Expression<string> = lower ? sql`lower(${sql.ref(column)})` : sql.ref(column);
  return dbKindOf(db) === "postgres" ? sql`${value} collate "C"` : sql`${value}`;
}

/**
 * `value` contains `term`, ignoring case, with `%`, `_` and `\` in the term standing for
 * themselves: ILIKE on PostgreSQL, LIKE on SQLite (whose LIKE ignores the case of ASCII letters
 * only; docs/decisions/012-paged-lists.md). Takes an expression (a full name put together from
 * two columns) as well as a column.
 */
export function containsText(db: Db, value: string | Expression<string>, term: string) {
  const operand = typeof value === "string" ? sql.ref(value) : value;
  const operator = sql.raw(dbKindOf(db) === "postgres" ? "ilike" : "like");
  const pattern = `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql<SqlBool>`coalesce(${operand}, '') ${operator} ${pattern} escape '\\'`;
}
