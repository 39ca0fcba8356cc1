import { sql, type Transaction } from "kysely";
import {
  DEFAULT_MIGRATION_TABLE,
  type Migration,
  type MigrationResultSet,
  Migrator,
} from "kysely/migration";
import type { Db } from "./db.server.ts";
import { dbKindOf } from "./dialect.server.ts";
import * as m0001 from "./migrations/0001-create-content.ts";
import * as m0002 from "./migrations/0002-create-auth.ts";
import * as m0003 from "./migrations/0003-create-post-slug-redirects.ts";
import * as m0004 from "./migrations/0004-post-versions-revisions.ts";
import * as m0005 from "./migrations/0005-publication-order-indexes.ts";
import * as m0006 from "./migrations/0006-list-filter-indexes.ts";
import {
  resanitizeStoredPostHtml,
  type SanitizePostHtml,
} from "./migrations/0007-sanitize-stored-post-html.ts";
import * as m0008 from "./migrations/0008-visibility-in-list-indexes.ts";
import * as m0009 from "./migrations/0009-create-job-leases.ts";
import * as m0010 from "./migrations/0010-staff-post-list.ts";
import * as m0011 from "./migrations/0011-create-site-settings.ts";
import * as m0012 from "./migrations/0012-staff-list-indexes.ts";
import * as m0013 from "./migrations/0013-subscriber-consent.ts";
import * as m0014 from "./migrations/0014-create-newsletter-sendings.ts";
import * as m0015 from "./migrations/0015-create-confirmation-mail-limits.ts";
import * as m0016 from "./migrations/0016-create-preview-links.ts";
import * as m0017 from "./migrations/0017-post-seo-fields.ts";
import * as m0018 from "./migrations/0018-newsletter-sender-id.ts";
import * as m0019 from "./migrations/0019-subscriber-bounces.ts";
import * as m0020 from "./migrations/0020-create-webhooks.ts";
import * as m0021 from "./migrations/0021-newsletter-on-publish.ts";
import * as m0022 from "./migrations/0022-create-media.ts";
import * as m0023 from "./migrations/0023-marketplace-table-indexes.ts";
import type { Database } from "./tables.ts";

export type MigrateOptions = {
  /**
   * The post sanitizer (server/services/sanitize-html.server.ts with the site's origin), for
   * migrations that bring stored post HTML to its rules. The database layer cannot import it;
   * the process hands it over. Only a database without posts may be migrated without it.
   */
  sanitizePostHtml?: SanitizePostHtml;
};

// Listed by hand rather than read from the folder: the server runs from one bundle, where
// there is no migrations folder to read. Append new migrations here, in order.
function migrationsWith({ sanitizePostHtml }: MigrateOptions): Record<string, Migration> {
  return {
    "0001-create-content": m0001,
    "0002-create-auth": m0002,
    "0003-create-post-slug-redirects": m0003,
    "0004-post-versions-revisions": m0004,
    "0005-publication-order-indexes": m0005,
    "0006-list-filter-indexes": m0006,
    "0007-sanitize-stored-post-html": resanitizeStoredPostHtml(sanitizePostHtml),
    "0008-visibility-in-list-indexes": m0008,
    "0009-create-job-leases": m0009,
    "0010-staff-post-list": m0010,
    "0011-create-site-settings": m0011,
    "0012-staff-list-indexes": m0012,
    "0013-subscriber-consent": m0013,
    "0014-create-newsletter-sendings": m0014,
    "0015-create-confirmation-mail-limits": m0015,
    "0016-create-preview-links": m0016,
    "0017-post-seo-fields": m0017,
    "0018-newsletter-sender-id": m0018,
    "0019-subscriber-bounces": m0019,
    "0020-create-webhooks": m0020,
    "0021-newsletter-on-publish": m0021,
    "0022-create-media": m0022,
    "0023-marketplace-table-indexes": m0023,
  };
}

/** Applies every pending migration; safe to call twice and from two processes at once. */
export async function migrateToLatest(
  db: Db,
  options: MigrateOptions = {},
): Promise<MigrationResultSet> {
  return migrate(db, options, (migrator) => migrator.migrateToLatest());
}

/** Runs one of the migrator's moves, and throws naming the migration that failed. */
async function migrate(
  db: Db,
  options: MigrateOptions,
  move: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<MigrationResultSet> {
  const migrations = migrationsWith(options);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: await currentPostgresSchema(db),
  });
  const result = await move(migrator);
  if (result.error) {
    const failed = result.results?.find((r) => r.status === "Error")?.migrationName;
    throw new Error(`Migration ${failed ?? "(setup)"} failed: ${String(result.error)}`, {
      cause: result.error,
    });
  }
  return result;
}

/** Every migration this version of the site knows, in the order they are applied. */
export function migrationNames(): string[] {
  return Object.keys(migrationsWith({}));
}

/**
 * The migrations the database has applied, in order (none when it was never migrated): its
 * schema version. A backup records them, so a restore can bring an empty database to the same
 * schema first.
 */
export async function appliedMigrations(db: Db | Transaction<Database>): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === DEFAULT_MIGRATION_TABLE)) return [];
  const { rows } = await sql<{ name: string }>`
    select name from ${sql.table(DEFAULT_MIGRATION_TABLE)} order by name`.execute(db);
  return rows.map((row) => row.name);
}

/**
 * Applies the pending migrations up to and including `name`, and no further: a restore brings
 * an empty database to the schema its backup was made with; the server applies the rest when it
 * starts.
 */
export async function migrateUpTo(
  db: Db,
  name: string,
  options: MigrateOptions = {},
): Promise<MigrationResultSet> {
  return migrate(db, options, (migrator) => migrator.migrateTo(name));
}

/**
 * PostgreSQL: the schema our tables go to (the first one on the search_path). Kysely looks for
 * its bookkeeping tables in every schema unless told which one, so another schema in the same
 * database that was migrated before (a second site, a test run) would make it skip creating
 * them here and then fail on "relation kysely_migration_lock does not exist".
 */
async function currentPostgresSchema(db: Db): Promise<string | undefined> {
  if (dbKindOf(db) !== "postgres") return undefined;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(
    db,
  );
  return rows[0]?.schema ?? undefined;
}
