import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "#server/db/db.server.ts";
import { fakePostRow } from "#tests/factories/post.ts";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import { down, up } from "./0010-staff-post-list.ts";

const INDEXES = [
  "posts_staff_updated_idx",
  "posts_staff_created_idx",
  "posts_staff_published_idx",
  "posts_staff_scheduled_idx",
  "posts_staff_title_idx",
  "posts_author_idx",
];

async function indexNames(db: Db, kind: string): Promise<string[]> {
  const { rows } =
    kind === "postgres"
      ? await sql<{ name: string }>`
          select indexname as name from pg_indexes where schemaname = current_schema()`.execute(db)
      : await sql<{ name: string }>`
          select name from sqlite_master where type = 'index'`.execute(db);
  return rows.map((row) => row.name);
}

describeEachDatabase("migration 0010: the staff list's indexes and post_tags", (kind) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.destroy());

  it("fills post_tags from the stored posts' tags, a batch at a time, and can be undone", async () => {
    await down(db() as never);
    expect(await indexNames(db(), kind)).not.toContain("posts_staff_updated_idx");
    const tables = (await db().introspection.getTables()).map((t) => t.name);
    expect(tables).not.toContain("post_tags");

    // More posts than one batch, with a repeated tag, a damaged list and one that is not text.
    const rows = Array.from({ length: 1203 }, (_, i) =>
      fakePostRow({
        tags:
          i === 0
            ? '["redstone","redstone","survival"]'
            : i === 1
              ? "not json"
              : i === 2
                ? '["ok", 7, null]'
                : i % 2 === 0
                  ? "[]"
                  : `["tag-${i % 5}"]`,
      }),
    );
    for (let start = 0; start < rows.length; start += 200) {
      await db()
        .insertInto("posts")
        .values(rows.slice(start, start + 200))
        .execute();
    }

    await up(db() as never);
    const tagsOf = async (postId: string | undefined) =>
      (
        await db()
          .selectFrom("post_tags")
          .select("tag")
          .where("postId", "=", postId ?? "")
          .orderBy("tag")
          .execute()
      ).map((row) => row.tag);
    expect(await tagsOf(rows[0]?.id)).toEqual(["redstone", "survival"]);
    expect(await tagsOf(rows[1]?.id)).toEqual([]);
    expect(await tagsOf(rows[2]?.id)).toEqual(["ok"]);
    expect(await tagsOf(rows[1201]?.id)).toEqual([`tag-${1201 % 5}`]);
    const { count } = await db()
      .selectFrom("post_tags")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .executeTakeFirstOrThrow();
    // Post 0's two tags, post 2's one, and one for each other odd-numbered post.
    expect(Number(count)).toBe(2 + 1 + 600);
    const names = await indexNames(db(), kind);
    for (const name of [...INDEXES, "post_tags_tag_idx"]) expect(names).toContain(name);

    // The tag rows go with their post.
    await db()
      .deleteFrom("posts")
      .where("id", "=", rows[0]?.id ?? "")
      .execute();
    expect(await tagsOf(rows[0]?.id)).toEqual([]);
  });
});
