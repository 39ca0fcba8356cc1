import { createReadStream, existsSync } from "node:fs";
import { chmod, copyFile, mkdir, readFile, rename, rm } from "node:fs/promises";
import { createInterface } from "node:readline";
import { type DataLocation, sessionSecretFile } from "#server/config/env.server.ts";
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from "#server/config/private-files.server.ts";
import { type DatabaseHandle, openDatabase } from "#server/db/db.server.ts";
import { appliedMigrations, migrateUpTo, migrationNames } from "#server/db/migrate.server.ts";
import {
  deleteAllRows,
  insertRows,
  type Row,
  summariseTable,
  TABLES,
  tablesWithRows,
} from "#server/db/table-rows.server.ts";
import {
  ARCHIVE_PATHS,
  type ArchiveKey,
  MaintenanceError,
  type Manifest,
  type OpenedArchive,
  openArchive,
} from "./archive.server.ts";
import { sqliteFileIn, sqliteRowCounts } from "./sqlite-snapshot.server.ts";
import type { UploadFiles } from "./upload-files.server.ts";

export type RestoreOptions = {
  location: DataLocation;
  archive: string;
  /**
   * Restore over a data folder or database that is not empty: its database is replaced by the
   * backup's, uploads of the same name are overwritten, and the session secret is replaced.
   */
  force?: boolean;
  /** Where the uploads are written: the site's upload store (configuredUploadFiles). */
  uploads: UploadFiles;
} & ArchiveKey;

export type RestoreReport = {
  kind: Manifest["database"]["kind"];
  createdAt: string;
  tables: Record<string, number>;
  uploads: number;
  sessionSecret: boolean;
  /** Whether the archive was encrypted, and so authenticated with BACKUP_KEY. */
  encrypted: boolean;
};

/**
 * Restores a backup archive into the configured place: the SQLite file into an empty DATA_DIR,
 * or the rows into an empty PostgreSQL database (DATABASE_URL), then the uploads and the session
 * secret. The archive is checked whole first (openArchive: authenticated with BACKUP_KEY, every
 * path one a backup has, every checksum right); a non-empty target is refused unless `force`.
 * A SQLite file's row counts are checked before it is copied in; on PostgreSQL the counts and
 * checksums are checked before the rows are committed.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreReport> {
  const { location } = options;
  const archive = await openArchive(options.archive, options);
  const handle = location.databaseUrl
    ? openDatabase({
        databaseUrl: location.databaseUrl,
        dataDir: location.dataDir,
        databaseTimeouts: { statementMs: 600_000 },
      })
    : undefined;
  try {
    const { manifest } = archive;
    const targetKind = handle ? "postgres" : "sqlite";
    if (manifest.database.kind !== targetKind) {
      throw new MaintenanceError(
        `This backup holds a ${manifest.database.kind === "sqlite" ? "SQLite" : "PostgreSQL"} database and the configuration names ${targetKind === "sqlite" ? "SQLite (no DATABASE_URL)" : "PostgreSQL (DATABASE_URL)"}: a backup restores into its own kind. To move from SQLite to PostgreSQL, restore into SQLite and run npm run migrate-to-postgres.`,
      );
    }
    const needed =
      manifest.database.kind === "sqlite"
        ? [ARCHIVE_PATHS.sqliteFile]
        : Object.keys(manifest.database.tables).map(ARCHIVE_PATHS.tableRows);
    const missing = needed.filter((needs) => !manifest.files.some((f) => f.path === needs));
    if (missing.length > 0) {
      throw new MaintenanceError(
        `${options.archive} lists no ${missing.join(", ")}: it is not a whole backup; nothing was restored.`,
      );
    }
    const known = migrationNames();
    const migrations = manifest.database.migrations;
    if (migrations.some((name, i) => known[i] !== name)) {
      throw new MaintenanceError(
        "This backup was made by a newer version of the site (its database has migrations this version does not know): restore it with that version or a later one.",
      );
    }
    const store = options.uploads;
    const present = await whatIsThere(location, handle, store);
    if (present.length > 0 && !options.force) {
      throw new MaintenanceError(
        `The target is not empty (${present.join("; ")}). Restore into an empty DATA_DIR${handle ? " and database" : ""}, or add --force to replace what is there.`,
      );
    }

    const tables = handle
      ? await restorePostgres(handle, archive, options.force === true)
      : await restoreSqlite(location, archive);

    let uploads = 0;
    for (const file of manifest.files) {
      if (!file.path.startsWith("uploads/")) continue;
      const name = file.path.slice("uploads/".length);
      await store.put(
        name,
        await readFile(archive.pathOf(file.path)),
        file.contentType ?? "application/octet-stream",
      );
      uploads += 1;
    }

    const secret = manifest.files.some((file) => file.path === ARCHIVE_PATHS.sessionSecret);
    if (secret) {
      const target = sessionSecretFile(location.dataDir);
      await mkdir(location.dataDir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
      await copyFile(archive.pathOf(ARCHIVE_PATHS.sessionSecret), `${target}.restore.tmp`);
      await chmod(`${target}.restore.tmp`, PRIVATE_FILE_MODE);
      await rename(`${target}.restore.tmp`, target);
    }
    return {
      kind: manifest.database.kind,
      createdAt: manifest.createdAt,
      tables,
      uploads,
      sessionSecret: secret,
      encrypted: archive.encrypted,
    };
  } finally {
    await handle?.close();
    await archive.close();
  }
}

/** What the target already holds, in words; empty when it holds nothing of a site. */
async function whatIsThere(
  location: DataLocation,
  handle: DatabaseHandle | undefined,
  store: UploadFiles,
): Promise<string[]> {
  const present: string[] = [];
  if (handle) {
    const filled = await tablesWithRows(handle.db);
    if (filled.length > 0) present.push(`the database has rows in ${filled.join(", ")}`);
  } else if (existsSync(sqliteFileIn(location.dataDir))) {
    present.push(`${sqliteFileIn(location.dataDir)} exists`);
  }
  const uploads = await store.list();
  if (uploads.length > 0) present.push(`${uploads.length} uploaded files`);
  if (existsSync(sessionSecretFile(location.dataDir))) present.push("a session secret");
  return present;
}

async function restoreSqlite(
  location: DataLocation,
  archive: OpenedArchive,
): Promise<Record<string, number>> {
  const source = archive.pathOf(ARCHIVE_PATHS.sqliteFile);
  // Counted in the unpacked copy, before anything of the target is touched.
  const counts = sqliteRowCounts(source, Object.keys(archive.manifest.database.tables));
  const wrong = Object.entries(archive.manifest.database.tables).filter(
    ([name, table]) => counts[name] !== table.rows,
  );
  if (wrong.length > 0) {
    throw new MaintenanceError(
      `The backup's database does not hold the rows its manifest lists (${wrong.map(([name]) => name).join(", ")}); nothing was restored.`,
    );
  }
  const target = sqliteFileIn(location.dataDir);
  await mkdir(location.dataDir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  // A replaced database's journal files belong to the old file and must go with it.
  for (const suffix of ["-wal", "-shm", "-journal"])
    await rm(`${target}${suffix}`, { force: true });
  const temp = `${target}.restore.tmp`;
  await copyFile(source, temp);
  await chmod(temp, PRIVATE_FILE_MODE);
  await rename(temp, target);
  return counts;
}

/**
 * Brings the database to the backup's schema (its migrations, no further: the server applies
 * the rest when it starts), then loads every table in one transaction and checks its count and
 * checksum before committing.
 */
async function restorePostgres(
  handle: DatabaseHandle,
  archive: OpenedArchive,
  force: boolean,
): Promise<Record<string, number>> {
  const { manifest } = archive;
  const wanted = manifest.database.migrations;
  const applied = await appliedMigrations(handle.db);
  if (applied.length > wanted.length || applied.some((name, i) => wanted[i] !== name)) {
    throw new MaintenanceError(
      "The database's schema is newer than the backup's: restore into a new, empty database (or schema).",
    );
  }
  const last = wanted.at(-1);
  if (last && applied.length < wanted.length) await migrateUpTo(handle.db, last);

  const counts: Record<string, number> = {};
  await handle.db.transaction().execute(async (trx) => {
    if (force) await deleteAllRows(trx);
    for (const table of TABLES) {
      const saved = manifest.database.tables[table.name];
      if (!saved) continue;
      const columns = saved.columns ?? [];
      let batch: Row[] = [];
      const lines = createInterface({
        input: createReadStream(archive.pathOf(ARCHIVE_PATHS.tableRows(table.name))),
        crlfDelay: Number.POSITIVE_INFINITY,
      });
      for await (const line of lines) {
        if (line === "") continue;
        batch.push(JSON.parse(line) as Row);
        if (batch.length >= 1000) {
          await insertRows(trx, table.name, columns, batch);
          batch = [];
        }
      }
      await insertRows(trx, table.name, columns, batch);
      const found = await summariseTable(trx, table, columns);
      if (found.rows !== saved.rows || found.sha256 !== saved.sha256) {
        throw new MaintenanceError(
          `${table.name}: ${found.rows} rows restored, checksum ${found.sha256.slice(0, 12)}; the backup has ${saved.rows}, ${saved.sha256?.slice(0, 12)}. Nothing was committed.`,
        );
      }
      counts[table.name] = found.rows;
    }
  });
  return counts;
}
