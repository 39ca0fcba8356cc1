import { type KyselyPlugin, SelectQueryNode } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPost } from "#tests/factories/post.ts";
import {
  createTestDatabase,
  describeEachDatabase,
  TEST_DATABASE_URL,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import { deleteTag, mergeTags, replaceTags } from "./tag-changes.server.ts";

describe("replaceTags", () => {
  const remove = new Set(["a", "b"]);

  it("puts the new tag in the place of the first replaced one, once", () => {
    expect(replaceTags(["x", "a", "y", "b"], remove, "n")).toEqual(["x", "n", "y"]);
    expect(replaceTags(["n", "a"], remove, "n")).toEqual(["n"]);
  });

  it("drops the tags without a new one, and answers null when the post has none of them", () => {
    expect(replaceTags(["a", "x", "b"], remove, null)).toEqual(["x"]);
    expect(replaceTags(["x", "y"], remove, "n")).toBeNull();
    expect(replaceTags([], remove, null)).toBeNull();
  });
});

describeEachDatabase("tag changes", (kind) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.destroy());

  async function tagRows(postId: string): Promise<string[]> {
    const rows = await db()
      .selectFrom("post_tags")
      .select("tag")
      .where("postId", "=", postId)
      .orderBy("tag")
      .execute();
    return rows.map((row) => row.tag);
  }

  it("rewrites more posts than one batch holds, each once, in one change", async () => {
    const posts = [];
    for (let i = 0; i < 230; i += 1) {
      posts.push(await createPost(db(), { tags: i % 2 === 0 ? ["big", "keep"] : ["big"] }));
    }
    const answer = await mergeTags(db(), { from: ["big"], into: "large", userId: "someone" });
    expect(answer).toEqual({ tag: "large", posts: 230, changed: 230 });
    const first = posts[0];
    const second = posts[1];
    if (!first || !second) throw new Error("no posts");
    expect(await tagRows(first.id)).toEqual(["keep", "large"]);
    expect(await tagRows(second.id)).toEqual(["large"]);
    const revisions = await db()
      .selectFrom("post_revisions")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("kind", "=", "tags")
      .executeTakeFirstOrThrow();
    expect(Number(revisions.count)).toBe(230);
  });

  it("puts tag rows that are out of step with a post's list back in step, changing no post", async () => {
    const post = await createPost(db(), { tags: ["listed"] });
    await db().insertInto("post_tags").values({ postId: post.id, tag: "stray" }).execute();
    expect(await deleteTag(db(), { tag: "stray", userId: "someone" })).toBe(0);
    expect(await tagRows(post.id)).toEqual(["listed"]);
    const row = await db()
      .selectFrom("posts")
      .select("version")
      .where("id", "=", post.id)
      .executeTakeFirstOrThrow();
    expect(row.version).toBe(post.version);
  });
});

// On PostgreSQL a save can commit between the change's read of a post and its write (SQLite's
// transactions run one at a time). The save is simulated right after the change has read the
// batch: it is committed on another connection, and the change must then read the post again
// and change the saved tags, never write over them.
describe.skipIf(!TEST_DATABASE_URL)("a tag change meeting a save made meanwhile [postgres]", () => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(() => database.destroy());

  it("reads the saved post again and changes its tags too", async () => {
    const post = await createPost(db(), { tags: ["old", "first"] });
    const batchReads = new Set<unknown>();
    let saved = false;
    const saveMeanwhile: KyselyPlugin = {
      transformQuery: ({ node, queryId }) => {
        if (SelectQueryNode.is(node) && JSON.stringify(node).includes('"posts"')) {
          batchReads.add(queryId);
        }
        return node;
      },
      transformResult: async ({ result, queryId }) => {
        if (!saved && batchReads.has(queryId) && result.rows.length > 0) {
          saved = true;
          await db()
            .updateTable("posts")
            .set((eb) => ({
              tags: JSON.stringify(["old", "added meanwhile"]),
              version: eb("version", "+", 1),
            }))
            .where("id", "=", post.id)
            .execute();
        }
        return result;
      },
    };
    const answer = await mergeTags(db().withPlugin(saveMeanwhile), {
      from: ["old"],
      into: "new",
      userId: "someone",
    });
    expect(saved).toBe(true);
    expect(answer.changed).toBe(1);
    const row = await db()
      .selectFrom("posts")
      .select(["tags", "version"])
      .where("id", "=", post.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.tags)).toEqual(["new", "added meanwhile"]);
    expect(row.version).toBe(post.version + 2);
  });
});
