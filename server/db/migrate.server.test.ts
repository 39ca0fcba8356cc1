import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/db.server.ts";
import {
  createOtherSchema,
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import { migrateToLatest } from "./migrate.server.ts";

const APP_TABLES = [
  "accounts",
  "apps",
  "confirmation_mail_limits",
  "employees",
  "invitations",
  "job_leases",
  "media",
  "media_uses",
  "newsletter_deliveries",
  "newsletter_pace",
  "newsletter_sendings",
  "post_revisions",
  "post_slug_redirects",
  "post_tags",
  "post_working_copies",
  "posts",
  "preview_links",
  "rate_limits",
  "sessions",
  "site_settings",
  "subscriber_complaints",
  "subscribers",
  "users",
  "verifications",
  "webhook_deliveries",
  "webhook_endpoints",
  "webhook_events",
];

/**
 * Other schemas of the same PostgreSQL database being created and dropped one after another,
 * as other test files and other test runs do, until stop() is called.
 */
function churnOtherSchemas(databaseUrl: string, workers = 2) {
  let stopped = false;
  const columns = Array.from({ length: 20 }, (_, i) => `c${i} integer`).join(", ");
  const running = Array.from({ length: workers }, async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      while (!stopped) {
        const schema = `test_other_${randomBytes(6).toString("hex")}`;
        await client.query(
          `create schema ${schema}; create table ${schema}.a (${columns}); create table ${schema}.b (${columns});`,
        );
        await client.query(`drop schema ${schema} cascade`);
      }
    } finally {
      await client.end();
    }
  });
  return {
    stop: async () => {
      stopped = true;
      await Promise.all(running);
    },
  };
}

describeEachDatabase("migrations", (kind) => {
  let database: TestDatabase;
  let otherSite: { handle: DatabaseHandle } | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { migrate: false });
    // PostgreSQL: another site migrated before, in another schema of the same database; its
    // tables must neither stop these migrations nor show in their introspection.
    if (kind === "postgres") otherSite = await createOtherSchema(database);
  });
  afterAll(async () => {
    await otherSite?.handle.close();
    await database?.destroy();
  });

  it("run to the end and again while other schemas of the database come and go", async () => {
    const churn =
      kind === "postgres" && database.databaseUrl
        ? churnOtherSchemas(database.databaseUrl)
        : undefined;
    try {
      // The first run creates everything; each later one only looks whether anything is left.
      for (let run = 0; run < 20; run++) {
        const { results } = await migrateToLatest(database.handle.db);
        expect(results?.every((result) => result.status === "Success")).toBe(true);
      }
    } finally {
      await churn?.stop();
    }
  });

  it("see only the database's own tables", async () => {
    const tables = await database.handle.db.introspection.getTables();
    expect(tables.map((table) => table.name).sort()).toEqual(APP_TABLES);
    const withInternal = await database.handle.db.introspection.getTables({
      withInternalKyselyTables: true,
    });
    expect(withInternal.map((table) => table.name)).toEqual(
      expect.arrayContaining(["kysely_migration", "kysely_migration_lock"]),
    );
    const posts = tables.find((table) => table.name === "posts");
    expect(posts?.columns.find((column) => column.name === "title")).toMatchObject({
      isNullable: false,
      isAutoIncrementing: false,
    });
  });
});
