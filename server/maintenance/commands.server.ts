import { parseArgs } from "node:util";
import { ConfigError, loadBackupKey, loadDataLocation } from "#server/config/env.server.ts";
import { MaintenanceError } from "./archive.server.ts";
import { createBackup } from "./backup.server.ts";
import { moveToPostgres, withoutPassword } from "./migrate-to-postgres.server.ts";
import { restoreBackup } from "./restore.server.ts";
import { configuredUploadFiles } from "./upload-files.server.ts";

/**
 * The maintenance commands (`npm run backup`, `npm run restore`, `npm run migrate-to-postgres`):
 * each takes its arguments and the environment (DATA_DIR, DATABASE_URL), prints what it did, and
 * answers the exit code. A refusal (MaintenanceError, ConfigError) is printed as its message.
 */

type Env = Record<string, string | undefined>;
type Print = (line: string) => void;

export async function backupCommand(args: string[], env: Env, print: Print = console.log) {
  return run(async () => {
    const { values } = parseArgs({ args, options: { out: { type: "string", short: "o" } } });
    if (!values.out)
      throw new MaintenanceError("Usage: npm run backup -- --out FILE[.tar|.tar.gz]");
    const location = loadDataLocation(env);
    const key = loadBackupKey(env);
    const manifest = await createBackup({
      location,
      out: values.out,
      uploads: configuredUploadFiles(location.storage, location.dataDir),
      key,
    });
    const rows = Object.values(manifest.database.tables).reduce((sum, t) => sum + t.rows, 0);
    const uploads = manifest.files.filter((file) => file.path.startsWith("uploads/")).length;
    const secret = manifest.files.some((file) => file.path === "session-secret");
    print(`Backup written to ${values.out}`);
    print(
      `  database: ${manifest.database.kind}, ${rows} rows in ${Object.keys(manifest.database.tables).length} tables, at ${manifest.createdAt}`,
    );
    print(`  uploads: ${uploads} files`);
    print(
      `  session secret: ${secret ? "included" : "none in DATA_DIR (SESSION_SECRET is set, or the site never started)"}`,
    );
    print(
      key
        ? "  encrypted: yes, AES-256-GCM with BACKUP_KEY (a restore needs the same key)"
        : "  encrypted: no (set BACKUP_KEY to encrypt backups and have a restore refuse a changed one)",
    );
  });
}

export async function restoreCommand(args: string[], env: Env, print: Print = console.log) {
  return run(async () => {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        force: { type: "boolean", default: false },
        "allow-unencrypted": { type: "boolean", default: false },
      },
    });
    const archive = positionals[0];
    if (!archive || positionals.length > 1) {
      throw new MaintenanceError("Usage: npm run restore -- FILE [--force] [--allow-unencrypted]");
    }
    const location = loadDataLocation(env);
    const report = await restoreBackup({
      location,
      archive,
      force: values.force,
      uploads: configuredUploadFiles(location.storage, location.dataDir),
      key: loadBackupKey(env),
      allowUnencrypted: values["allow-unencrypted"],
    });
    print(`Restored ${archive} (made ${report.createdAt}, ${report.kind})`);
    for (const [table, rows] of Object.entries(report.tables)) print(`  ${table}: ${rows} rows`);
    print(`  uploads: ${report.uploads} files`);
    print(`  session secret: ${report.sessionSecret ? "restored" : "not in the backup"}`);
    print(
      report.encrypted
        ? "  authenticated: yes (encrypted with BACKUP_KEY)"
        : "  authenticated: no (not encrypted: its checksums catch damage, not deliberate changes)",
    );
    print("Start the site to apply any newer migrations.");
  });
}

export async function migrateToPostgresCommand(
  args: string[],
  env: Env,
  print: Print = console.log,
) {
  return run(async () => {
    const { values } = parseArgs({ args, options: { to: { type: "string" } } });
    if (!values.to) {
      throw new MaintenanceError("Usage: npm run migrate-to-postgres -- --to postgres://…");
    }
    const location = loadDataLocation(env);
    if (location.databaseUrl) {
      throw new MaintenanceError(
        "DATABASE_URL is set: the site already runs on PostgreSQL. Unset it to move the SQLite file in DATA_DIR.",
      );
    }
    const report = await moveToPostgres({ location, to: values.to });
    print(`Copied the SQLite database in ${location.dataDir} to ${withoutPassword(values.to)}:`);
    for (const table of report.tables) {
      print(
        `  ${table.name}: ${table.rows} rows, checksum ${table.sha256.slice(0, 16)} (same on both sides)`,
      );
    }
    print("");
    print("Now change the configuration and restart the site:");
    const hidden = withoutPassword(values.to);
    print(`  DATABASE_URL=${hidden}${hidden === values.to ? "" : "   (with its real password)"}`);
    const kept =
      location.storage.kind === "s3"
        ? "the session secret stays there; the uploads stay in their bucket"
        : "the uploads and the session secret stay there";
    print(`  DATA_DIR=${location.dataDir}   (keep it: ${kept})`);
    print(
      "studio.db is no longer read; keep it as a fallback until the site runs well on PostgreSQL.",
    );
  });
}

async function run(body: () => Promise<void>): Promise<number> {
  try {
    await body();
    return 0;
  } catch (error) {
    if (error instanceof MaintenanceError || error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    if ((error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      console.error((error as Error).message);
      return 2;
    }
    // Anything else (a disk error, an unreadable file) is told in one line too: what failed and
    // why, never a stack.
    const { message, code } = error as NodeJS.ErrnoException;
    const why = String(message ?? error).replace(/\s*\n\s*/g, " ");
    console.error(`Failed: ${why}${code && !why.includes(code) ? ` (${code})` : ""}`);
    return 1;
  }
}
