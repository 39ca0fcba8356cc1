import { sql } from "kysely";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createManyPosts } from "#tests/factories/post.ts";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import { reusableQuery } from "./reusable-query.server.ts";

describeEachDatabase("reusableQuery", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await createManyPosts(database.handle.db, 3, (i) => ({
      slug: `post-${i}`,
      status: i === 2 ? "draft" : "published",
    }));
  });
  afterAll(() => database?.destroy());

  it("compiles once per database and answers each run with that run's values", async () => {
    const build = vi.fn((db: TestDatabase["handle"]["db"], v: Record<"slug" | "status", string>) =>
      db
        .selectFrom("posts")
        .select("slug")
        .where("slug", "=", v.slug)
        .where("status", "=", v.status)
        // A fixed value beside the stand-ins stays as it was.
        .where("category", "=", "news"),
    );
    const find = reusableQuery(["slug", "status"], build);
    const db = database.handle.db;
    expect(await find(db, { slug: "post-0", status: "published" })).toEqual([{ slug: "post-0" }]);
    expect(await find(db, { slug: "post-1", status: "published" })).toEqual([{ slug: "post-1" }]);
    expect(await find(db, { slug: "post-2", status: "published" })).toEqual([]);
    expect(await find(db, { slug: "post-2", status: "draft" })).toEqual([{ slug: "post-2" }]);
    expect(build).toHaveBeenCalledTimes(1);
    // A transaction is another handle: compiled for it too, and its rows are the ones it sees.
    await db.transaction().execute(async (trx) => {
      expect(await find(trx, { slug: "post-1", status: "published" })).toEqual([
        { slug: "post-1" },
      ]);
    });
    expect(build).toHaveBeenCalledTimes(2);
  });

  it("takes a number as a raw parameter, such as a LIMIT", async () => {
    const latest = reusableQuery(["limit"], (db: TestDatabase["handle"]["db"], v) =>
      db
        .selectFrom("posts")
        .select("slug")
        .where("status", "=", "published")
        .orderBy("slug", "asc")
        .limit(sql<number>`${v.limit}`),
    );
    const db = database.handle.db;
    expect(await latest(db, { limit: 1 })).toEqual([{ slug: "post-0" }]);
    expect(await latest(db, { limit: 5 })).toEqual([{ slug: "post-0" }, { slug: "post-1" }]);
  });
});
