import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import * as m0001 from "./0001-create-content.ts";
import * as m0002 from "./0002-create-auth.ts";
import * as m0003 from "./0003-create-post-slug-redirects.ts";
import * as m0004 from "./0004-post-versions-revisions.ts";

describeEachDatabase("migration 0004: post versions and revisions", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { migrate: false });
  });
  afterAll(() => database?.destroy());

  const migrator = (upTo: number) =>
    new Migrator({
      db: database.handle.db,
      provider: {
        getMigrations: async () =>
          Object.fromEntries(
            Object.entries({
              "0001-create-content": m0001,
              "0002-create-auth": m0002,
              "0003-create-post-slug-redirects": m0003,
              "0004-post-versions-revisions": m0004,
            }).slice(0, upTo),
          ),
      },
      migrationTableSchema: database.schema,
    });

  it("gives the posts that exist version 1 and no saver, and can be undone", async () => {
    expect((await migrator(3).migrateToLatest()).error).toBeUndefined();
    const now = new Date().toISOString();
    await sql`insert into posts (id, title, slug, content, "createdAt", "updatedAt")
      values ('p1', 'Before', 'before', '<p>x</p>', ${now}, ${now})`.execute(database.handle.db);

    expect((await migrator(4).migrateToLatest()).error).toBeUndefined();
    const row = await database.handle.db
      .selectFrom("posts")
      .select(["version", "updatedBy"])
      .where("id", "=", "p1")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ version: 1, updatedBy: null });

    expect((await migrator(4).migrateDown()).error).toBeUndefined();
    const tables = (await database.handle.db.introspection.getTables()).map((t) => t.name);
    expect(tables).not.toContain("post_revisions");
    expect(tables).not.toContain("post_working_copies");
    expect((await migrator(4).migrateToLatest()).error).toBeUndefined();
  });
});
