import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { describe } from "vitest";
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
 * new schema in the PostgreSQL test database (dropped again by destroy()).
 */
export async function createTestDatabase(
  kind: DbKind,
  { migrate = true }: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "studio-test-"));
  let schema: string | undefined;
  if (kind === "postgres") {
    if (!TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL is not set");
    schema = `test_${randomBytes(6).toString("hex")}`;
    await withAdminClient((client) => client.query(`create schema ${schema}`));
  }
  const databaseUrl = kind === "postgres" ? TEST_DATABASE_URL : undefined;
  const handle = openDatabase({ databaseUrl, dataDir, schema });
  if (migrate) await migrateToLatest(handle.db);
  return {
    kind,
    handle,
    dataDir,
    databaseUrl,
    schema,
    destroy: async () => {
      await handle.close().catch(() => undefined);
      if (schema) {
        await withAdminClient((client) => client.query(`drop schema ${schema} cascade`));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A PostgreSQL URL whose connections work in the given schema (for child processes). */
export function urlWithSchema(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set("options", `-c search_path=${schema}`);
  return parsed.toString();
}

async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
