import type { DatabaseSync, StatementSync } from "node:sqlite";

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
