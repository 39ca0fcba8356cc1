import { rm } from "node:fs/promises";
import path from "node:path";
import type { DataLocation } from "#server/config/env.server.ts";
import { openDatabase } from "#server/db/db.server.ts";
import { migrateToLatest, migrationNames } from "#server/db/migrate.server.ts";
import {
  insertRows,
  normaliseRow,
  postgresColumns,
  readRows,
  summariseTable,
  TABLES,
  TableChecksum,
  type TableSummary,
  tablesWithRows,
} from "#server/db/table-rows.server.ts";
import { MaintenanceError, makeStagingDir } from "./archive.server.ts";
import { snapshotSqlite, sqliteMigrations } from "./sqlite-snapshot.server.ts";

export type MoveOptions = {
  /** DATA_DIR, whose studio.db is copied. */
  location: DataLocation;
  /** postgres://… of an empty database (or schema, through its search_path). */
  to: string;
  /** Rows per read from SQLite. */
  batchSize?: number;
};

export type MoveReport = {
  tables: Array<{ name: string } & TableSummary>;
};

/**
 * Copies every table of the site's SQLite database into an empty PostgreSQL database: a
 * consistent snapshot of the file is taken first (the site may keep running, but writes made
 * after it are not copied), the target gets this version's migrations, then every table is
 * copied in dependency order, in key order and in batches, inside ONE transaction. Each table's
 * row count and checksum over its normalised rows must be the same on both sides, or nothing is
 * committed. The site's ids are text, so there are no sequences to reset.
 */
export async function moveToPostgres({
  location,
  to,
  batchSize = 1000,
}: MoveOptions): Promise<MoveReport> {
  if (!/^postgres(ql)?:\/\//.test(to)) {
    throw new MaintenanceError("--to must be a postgres:// or postgresql:// URL.");
  }
  const staging = await makeStagingDir();
  const snapshotFile = path.join(staging, "studio.db");
  await snapshotSqlite(location.dataDir, snapshotFile).catch(async (error) => {
    await rm(staging, { recursive: true, force: true });
    throw error;
  });
  const source = openDatabase({ dataDir: staging });
  const target = openDatabase({
    databaseUrl: to,
    dataDir: location.dataDir,
    databaseTimeouts: { statementMs: 600_000 },
  });
  try {
    const sourceMigrations = sqliteMigrations(snapshotFile);
    const known = migrationNames();
    if (sourceMigrations.join() !== known.join()) {
      throw new MaintenanceError(
        sourceMigrations.length < known.length
          ? "The SQLite database is from an older version of the site: start the site once with this version (it upgrades the database), stop it, then move."
          : "The SQLite database was upgraded by a newer version of the site: move it with that version.",
      );
    }
    const filled = await tablesWithRows(target.db);
    if (filled.length > 0) {
      throw new MaintenanceError(
        `The PostgreSQL database is not empty (rows in ${filled.join(", ")}): the move needs an empty database.`,
      );
    }
    // The target holds no posts, so no migration has stored HTML to rewrite.
    await migrateToLatest(target.db);

    const tables: MoveReport["tables"] = [];
    await target.db.transaction().execute(async (trx) => {
      for (const table of TABLES) {
        const columns = await postgresColumns(trx, table.name);
        const copied = new TableChecksum(columns);
        for await (const batch of readRows(source.db, table, batchSize)) {
          const rows = batch.map((row) => normaliseRow(table.name, columns, row));
          for (const row of rows) copied.add(row);
          await insertRows(trx, table.name, columns, rows);
        }
        const sent = copied.summary();
        const found = await summariseTable(trx, table, columns);
        if (found.rows !== sent.rows || found.sha256 !== sent.sha256) {
          throw new MaintenanceError(
            `${table.name}: SQLite has ${sent.rows} rows (checksum ${sent.sha256.slice(0, 12)}), PostgreSQL received ${found.rows} (${found.sha256.slice(0, 12)}). Nothing was committed.`,
          );
        }
        tables.push({ name: table.name, ...found });
      }
    });
    return { tables };
  } finally {
    await Promise.all([source.close(), target.close()]);
    await rm(staging, { recursive: true, force: true });
  }
}

/** The URL with its password hidden, for printing. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "****";
    return parsed.toString();
  } catch {
    return "(the URL given with --to)";
  }
}
