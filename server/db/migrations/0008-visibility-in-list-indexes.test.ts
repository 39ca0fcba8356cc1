import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "#server/db/db.server.ts";
import { createPost } from "#tests/factories/post.ts";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import { down, up } from "./0008-visibility-in-list-indexes.ts";

const INDEXES = [
  "posts_status_publication_idx",
  "posts_category_publication_idx",
  "posts_category_status_publication_idx",
  "posts_category_pack_publication_idx",
];

/** Each publication index's definition, by name. */
async function definitions(db: Db, kind: string): Promise<Map<string, string>> {
  const { rows } =
    kind === "postgres"
      ? await sql<{ name: string; definition: string }>`
          select indexname as name, indexdef as definition from pg_indexes
          where schemaname = current_schema() and tablename = 'posts'`.execute(db)
      : await sql<{ name: string; definition: string }>`
          select name, sql as definition from sqlite_master
          where type = 'index' and tbl_name = 'posts'`.execute(db);
  return new Map(rows.map((row) => [row.name, row.definition]));
}

describeEachDatabase("migration 0008: the visibility rule in the list indexes", (kind) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await createPost(db(), { title: "Kept across the migration" });
  });
  afterAll(() => database?.destroy());

  it("adds status and scheduledAt to SQLite's publication indexes and takes them out again; PostgreSQL's stay", async () => {
    const before = await definitions(db(), kind);
    if (kind === "sqlite") {
      for (const name of INDEXES) expect(before.get(name), name).toMatch(/"scheduledAt"\)$/);
    }
    await down(db() as never);
    const downed = await definitions(db(), kind);
    for (const name of INDEXES) {
      if (kind === "sqlite") expect(downed.get(name), name).toMatch(/"id"\)$/);
      else expect(downed.get(name), name).toBe(before.get(name));
    }
    await up(db() as never);
    expect(await definitions(db(), kind)).toEqual(before);
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from posts`.execute(
      db(),
    );
    expect(Number(rows[0]?.n)).toBe(1);
  });
});
