import type { DatabaseSync, StatementSync } from "node:sqlite";
import { type LimitNode, type OffsetNode, SqliteQueryCompiler } from "kysely";

/** The most prepared statements kept per database: every query the app makes, several times. */
export const SQLITE_STATEMENT_CACHE_SIZE = 256;

/**
 * The database with `prepare` answered from a cache of prepared statements, keyed by their SQL:
 * the SQLite dialect prepares every query it runs, and SQLite compiling the same SELECT again
 * for every page view was a tenth of a page's CPU. Safe because node:sqlite is synchronous (a
 * statement runs to its end before another can start, and each run starts afresh), and SQLite
 * prepares a statement again by itself when the schema changes under it. At most
 * SQLITE_STATEMENT_CACHE_SIZE statements are kept; the one used longest ago goes first.
 *
 * A kept statement also answers `columns()` from memory: the dialect asks for it before every
 * run, only to tell a query that returns rows from one that does not, and node:sqlite builds
 * the whole list afresh each time (as long as SQLite took to find a post by its slug). After a
 * schema change a `select *` may name other columns than the remembered list; whether it returns
 * rows at all cannot change.
 */
export function withStatementCache(
  database: DatabaseSync,
  size = SQLITE_STATEMENT_CACHE_SIZE,
): DatabaseSync {
  const statements = new Map<string, StatementSync>();
  const prepare = (sql: string): StatementSync => {
    let statement = statements.get(sql);
    if (statement) {
      // Most recently used last: Map keeps insertion order.
      statements.delete(sql);
    } else {
      statement = rememberColumns(database.prepare(sql));
      if (statements.size >= size) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
    }
    statements.set(sql, statement);
    return statement;
  };
  return new Proxy(database, {
    get(target, property) {
      if (property === "prepare") return prepare;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** The statement with `columns()` worked out on its first call and then remembered. */
function rememberColumns(statement: StatementSync): StatementSync {
  let columns: ReturnType<StatementSync["columns"]> | undefined;
  const read = statement.columns.bind(statement);
  statement.columns = () => {
    columns ??= read();
    return columns;
  };
  return statement;
}

/**
 * Kysely's SQLite compiler, with a query's LIMIT and OFFSET values written as
 * `cast(? as integer)`. SQLite reads a bare `limit ?`'s value while it plans the statement, and
 * then marks the statement to be compiled again whenever that parameter is bound afresh: every
 * list query prepared once (withStatementCache) was parsed and planned again on every run, which
 * took half of what the latest-posts query cost. Behind the cast the value is read only when the
 * statement runs, so the prepared plan is kept. A whole number means what it meant (a negative
 * limit still means none); a fraction, which SQLite refused, is now cut to its whole part (every
 * caller passes whole numbers).
 */
export class KeptPlanSqliteCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    this.append("limit cast(");
    this.visitNode(node.limit);
    this.append(" as integer)");
  }

  protected override visitOffset(node: OffsetNode): void {
    this.append("offset cast(");
    this.visitNode(node.offset);
    this.append(" as integer)");
  }
}
