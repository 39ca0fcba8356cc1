import { copyFile, mkdir, open, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { type DataLocation, sessionSecretFile } from "#server/config/env.server.ts";
import { PRIVATE_FOLDER_MODE } from "#server/config/private-files.server.ts";
import { openDatabase } from "#server/db/db.server.ts";
import { appliedMigrations } from "#server/db/migrate.server.ts";
import {
  normaliseRow,
  postgresColumns,
  readRows,
  TABLES,
  TableChecksum,
} from "#server/db/table-rows.server.ts";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  ARCHIVE_PATHS,
  fileDigest,
  type Manifest,
  type ManifestFile,
  makeStagingDir,
  packArchive,
} from "./archive.server.ts";
import { snapshotSqlite, sqliteMigrations, sqliteRowCounts } from "./sqlite-snapshot.server.ts";
import { type UploadFiles, uploadContentType } from "./upload-files.server.ts";

export type BackupOptions = {
  location: DataLocation;
  /** The archive to write (.tar, or .tar.gz / .tgz for a compressed one). */
  out: string;
  /** Where the uploads are read from: the site's upload store (configuredUploadFiles). */
  uploads: UploadFiles;
  /** BACKUP_KEY: when given, the archive is encrypted and authenticated with it. */
  key?: Buffer | undefined;
};

/**
 * Writes one archive with the database, the uploads, the generated session secret (when the
 * data folder has one) and a manifest of them. The database is one consistent moment taken
 * while the site keeps serving: SQLite's online backup, or on PostgreSQL every table read in one
 * REPEATABLE READ transaction (docs/decisions/020-backups.md). The uploads are listed after it,
 * so every upload a backed-up row names is in the archive (an upload is stored before its row).
 */
export async function createBackup({
  location,
  out,
  uploads,
  key,
}: BackupOptions): Promise<Manifest> {
  const staging = await makeStagingDir();
  try {
    const files: ManifestFile[] = [];
    const add = async (archivePath: string, contentType?: string) => {
      const digest = await fileDigest(path.join(staging, archivePath));
      files.push({ path: archivePath, ...digest, ...(contentType ? { contentType } : {}) });
    };

    const database = location.databaseUrl
      ? await exportPostgres(location, staging)
      : await snapshotSqliteInto(location, staging);
    for (const archivePath of database.paths) await add(archivePath);

    await mkdir(path.join(staging, "uploads"), { recursive: true });
    for (const name of await uploads.list()) {
      const archivePath = ARCHIVE_PATHS.upload(name);
      await writeFile(path.join(staging, archivePath), await uploads.get(name));
      await add(archivePath, uploadContentType(name));
    }

    const secret = sessionSecretFile(location.dataDir);
    const copied = await copyFile(secret, path.join(staging, ARCHIVE_PATHS.sessionSecret)).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return false;
        throw error;
      },
    );
    if (copied) await add(ARCHIVE_PATHS.sessionSecret);

    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      createdAt: database.takenAt,
      database: { kind: database.kind, migrations: database.migrations, tables: database.tables },
      files,
    };
    await mkdir(path.dirname(path.resolve(out)), { recursive: true, mode: PRIVATE_FOLDER_MODE });
    await packArchive(staging, manifest, path.resolve(out), key);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

type DatabasePart = {
  kind: "sqlite" | "postgres";
  takenAt: string;
  migrations: string[];
  tables: Manifest["database"]["tables"];
  paths: string[];
};

async function snapshotSqliteInto(location: DataLocation, staging: string): Promise<DatabasePart> {
  const copy = path.join(staging, ARCHIVE_PATHS.sqliteFile);
  const takenAt = new Date().toISOString();
  await snapshotSqlite(location.dataDir, copy);
  const counts = sqliteRowCounts(
    copy,
    TABLES.map((t) => t.name),
  );
  return {
    kind: "sqlite",
    takenAt,
    migrations: sqliteMigrations(copy),
    tables: Object.fromEntries(Object.entries(counts).map(([name, rows]) => [name, { rows }])),
    paths: [ARCHIVE_PATHS.sqliteFile],
  };
}

/**
 * Every table as JSON lines of normalised rows in key order, all read in one REPEATABLE READ,
 * READ ONLY transaction: one snapshot of the whole database, while the site writes on.
 */
async function exportPostgres(location: DataLocation, staging: string): Promise<DatabasePart> {
  const handle = openDatabase({
    databaseUrl: location.databaseUrl,
    dataDir: location.dataDir,
    databaseTimeouts: { statementMs: 600_000 },
  });
  try {
    await mkdir(path.join(staging, "database"), { recursive: true });
    const takenAt = new Date().toISOString();
    return await handle.db
      .transaction()
      .setIsolationLevel("repeatable read")
      .setAccessMode("read only")
      .execute(async (trx) => {
        const migrations = await appliedMigrations(trx);
        const tables: Manifest["database"]["tables"] = {};
        const paths: string[] = [];
        for (const table of TABLES) {
          const columns = await postgresColumns(trx, table.name);
          const checksum = new TableChecksum(columns);
          const archivePath = ARCHIVE_PATHS.tableRows(table.name);
          const file = await open(path.join(staging, archivePath), "w");
          try {
            for await (const batch of readRows(trx, table)) {
              let text = "";
              for (const row of batch) {
                const normal = normaliseRow(table.name, columns, row);
                checksum.add(normal);
                text += `${JSON.stringify(normal)}\n`;
              }
              await file.write(text);
            }
          } finally {
            await file.close();
          }
          tables[table.name] = { ...checksum.summary(), columns };
          paths.push(archivePath);
        }
        return { kind: "postgres" as const, takenAt, migrations, tables, paths };
      });
  } finally {
    await handle.close();
  }
}
