import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { describe, inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "#server/db/db.server.ts";
import type { DbKind } from "#server/db/dialect.server.ts";
import { migrateToLatest } from "#server/db/migrate.server.ts";

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** The databases the suites run on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DB_KINDS: DbKind[] = ["sqlite", "postgres"];

/**
 * Runs a describe block once per database. PostgreSQL blocks are skipped (and reported as
 * skipped, see global-setup.ts) when TEST_DATABASE_URL is not set.
 */
export function describeEachDatabase(name: string, body: (kind: DbKind) => void) {
  for (const kind of DB_KINDS) {
    describe.skipIf(kind === "postgres" && !TEST_DATABASE_URL)(`${name} [${kind}]`, () =>
      body(kind),
    );
  }
}

export type TestDatabase = {
  kind: DbKind;
  handle: DatabaseHandle;
  dataDir: string;
  /** For PostgreSQL: the URL and schema a child process needs to reach the same data. */
  databaseUrl: string | undefined;
  schema: string | undefined;
  destroy: () => Promise<void>;
};

/**
 * A fresh, migrated database of the given kind: a new SQLite file in a temporary folder, or a
 * new PostgreSQL database on the test server (dropped again by destroy()). A migrated one is
 * copied from the run's template (tests/setup/global-setup.ts), which takes a tenth of the time
 * migrating takes; `migrate: false` gives an empty one.
 */
export async function createTestDatabase(
  kind: DbKind,
  { migrate = true }: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "studio-test-"));
  const name =
    kind === "postgres"
      ? testDatabaseName(`${process.pid}_${randomBytes(4).toString("hex")}`)
      : undefined;
  let handle: DatabaseHandle | undefined;
  const destroy = async () => {
    await handle?.close().catch(() => undefined);
    if (name && TEST_DATABASE_URL) await dropPostgresDatabase(name);
    rmSync(dataDir, { recursive: true, force: true });
  };
  // Each PostgreSQL database of its own, in its default schema.
  const schema = name ? "public" : undefined;
  try {
    const template = name && migrate ? postgresTemplate() : undefined;
    const databaseUrl = name ? await createPostgresDatabase(name, template) : undefined;
    handle = openDatabase({ databaseUrl, dataDir, schema });
    if (migrate && !template) await migrateToLatest(handle.db);
    return { kind, handle, dataDir, databaseUrl, schema, destroy };
  } catch (error) {
    // Nobody gets a handle to destroy: what was made so far goes now.
    await destroy();
    throw error;
  }
}

/** Creates the database `name` (a copy of `template` when given) and gives its address. */
async function createPostgresDatabase(name: string, template: string | undefined) {
  if (!TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL is not set");
  await withAdminClient((client) =>
    client.query(`create database ${name}${template ? ` template ${template}` : ""}`),
  );
  return postgresUrlOf(TEST_DATABASE_URL, name);
}

/**
 * PostgreSQL: another schema in the same database, as a second site sharing one server's
 * database would have; migrated unless told not to. It goes with the database.
 */
export async function createOtherSchema(
  database: TestDatabase,
  { migrate = true }: { migrate?: boolean } = {},
): Promise<{ handle: DatabaseHandle; schema: string }> {
  if (database.kind !== "postgres") throw new Error("Schemas are PostgreSQL's");
  const schema = `other_${randomBytes(4).toString("hex")}`;
  await sql`create schema ${sql.id(schema)}`.execute(database.handle.db);
  const handle = openDatabase({
    databaseUrl: database.databaseUrl,
    dataDir: database.dataDir,
    schema,
  });
  if (migrate) await migrateToLatest(handle.db);
  return { handle, schema };
}

/**
 * The names of this run's PostgreSQL databases start with the test run's own prefix, so the
 * run's end (or the next run, after a killed one) can find and drop what is left.
 */
export function testDatabaseName(suffix: string): string {
  return `${TEST_DATABASE_PREFIX}${runId()}_${suffix}`;
}
export const TEST_DATABASE_PREFIX = "studio_test_";

/** The test run: the Vitest process whose global setup made the template. */
function runId(): string {
  return String(provided()?.run ?? process.pid);
}

/** The migrated template this run's test databases are copied from, when the setup made one. */
function postgresTemplate(): string | undefined {
  return provided()?.template;
}

function provided() {
  try {
    return inject("postgresTemplate") ?? undefined;
  } catch {
    // Outside a Vitest worker (no provided values): no template; each database is migrated.
    return undefined;
  }
}

/** The same server and credentials as `url`, in the database `name`. */
export function postgresUrlOf(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Drops a test database, ending any connection still open to it. */
export async function dropPostgresDatabase(name: string): Promise<void> {
  await withAdminClient((client) => client.query(`drop database if exists ${name} with (force)`));
}

/** A PostgreSQL URL whose connections work in the given schema (for child processes). */
export function urlWithSchema(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set("options", `-c search_path=${schema}`);
  return parsed.toString();
}

export async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
