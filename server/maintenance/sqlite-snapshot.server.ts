import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { backup, DatabaseSync } from "node:sqlite";
import { MaintenanceError } from "./archive.server.ts";

/** The SQLite database file in a data folder. */
export function sqliteFileIn(dataDir: string): string {
  return path.join(dataDir, "studio.db");
}

/**
 * Copies the site's SQLite database to `destination` with SQLite's online backup API while the
 * site keeps running. All pages go in one step, so the copy is one consistent moment: every write
 * committed before it began, none half-done (WAL lets the site write on meanwhile). The copy is
 * then made self-contained (rollback journal, not WAL), ready to be archived or read.
 */
export async function snapshotSqlite(dataDir: string, destination: string): Promise<void> {
  const file = sqliteFileIn(dataDir);
  if (!existsSync(file)) {
    throw new MaintenanceError(`No SQLite database at ${file} (is DATA_DIR right?).`);
  }
  mkdirSync(path.dirname(destination), { recursive: true });
  const source = new DatabaseSync(file, { timeout: 5000 });
  try {
    await backup(source, destination, { rate: 2 ** 30 });
  } finally {
    source.close();
  }
  const copy = new DatabaseSync(destination);
  try {
    copy.exec("PRAGMA journal_mode = DELETE");
    const check = copy.prepare("PRAGMA quick_check").get() as { quick_check?: string };
    if (check.quick_check !== "ok") {
      throw new MaintenanceError(`The database copy failed its check: ${check.quick_check}`);
    }
  } finally {
    copy.close();
  }
}

/** Row counts of the given tables in a SQLite file (0 for a table it does not have). */
export function sqliteRowCounts(file: string, tables: string[]): Record<string, number> {
  const database = new DatabaseSync(file, { readOnly: true });
  try {
    const existing = new Set(
      (
        database.prepare("select name from sqlite_master where type = 'table'").all() as {
          name: string;
        }[]
      ).map((row) => row.name),
    );
    return Object.fromEntries(
      tables.map((table) => [
        table,
        existing.has(table)
          ? Number(
              (database.prepare(`select count(*) as n from "${table}"`).get() as { n: number }).n,
            )
          : 0,
      ]),
    );
  } finally {
    database.close();
  }
}

/** The migrations a SQLite file has applied, in order. */
export function sqliteMigrations(file: string): string[] {
  const database = new DatabaseSync(file, { readOnly: true });
  try {
    const table = database
      .prepare("select name from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get();
    if (!table) return [];
    return (
      database.prepare("select name from kysely_migration order by name").all() as {
        name: string;
      }[]
    ).map((row) => row.name);
  } finally {
    database.close();
  }
}
