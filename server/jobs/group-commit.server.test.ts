import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { Db } from "#server/db/db.server.ts";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import { groupCommitter } from "./group-commit.server.ts";

describeEachDatabase("group commit", (kind) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.destroy());
  beforeEach(async () => {
    await db().deleteFrom("newsletter_pace").execute();
  });

  const insert = (name: string) => async (trx: Db) => {
    await trx.insertInto("newsletter_pace").values({ name, nextSlotAt: 1 }).execute();
    return true;
  };
  const names = async () =>
    (await db().selectFrom("newsletter_pace").select("name").orderBy("name").execute()).map(
      (row) => row.name,
    );

  it("commits the writes handed in together in one transaction, and answers each", async () => {
    const commit = groupCommitter(db());
    const answers = await Promise.all(["a", "b", "c"].map((name) => commit(insert(name))));
    expect(answers).toEqual([true, true, true]);
    expect(await names()).toEqual(["a", "b", "c"]);
  });

  it("fails every write of a group whose transaction fails, and keeps none of them", async () => {
    const commit = groupCommitter(db());
    const failing = async () => {
      throw new Error("refused");
    };
    const outcomes = await Promise.allSettled([
      commit(insert("x")),
      commit(insert("y")),
      commit(failing),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["rejected", "rejected", "rejected"]);
    expect(await names()).toEqual([]);
    // The next write goes on in a group of its own.
    expect(await commit(insert("z"))).toBe(true);
    expect(await names()).toEqual(["z"]);
  });
});
