import type { KyselyPlugin } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "#server/db/db.server.ts";
import { createPost } from "#tests/factories/post.ts";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import { applyBulkAction } from "./post-bulk.server.ts";

// A save made between a bulk action's read of a post and its write: the action leaves the post
// as that save left it (the write is a compare-and-set on the version) and says why.

describeEachDatabase("bulk actions and a save made at the same moment", (kind) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.destroy());

  /** `db` that, once the first post has been read, saves it from "elsewhere" (version 2). */
  function racingSave(postId: string): Db {
    let saved = false;
    const plugin: KyselyPlugin = {
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => {
        if (!saved && result.rows.length > 0) {
          saved = true;
          await db()
            .updateTable("posts")
            .set({ version: 2, title: "Saved elsewhere" })
            .where("id", "=", postId)
            .execute();
        }
        return result;
      },
    };
    return db().withPlugin(plugin);
  }

  for (const action of ["unpublish", "publish"] as const) {
    it(`${action}: leaves the post as the other save left it`, async () => {
      const post = await createPost(db(), {
        status: action === "unpublish" ? "published" : "draft",
      });
      const answer = await applyBulkAction(racingSave(post.id), {
        action,
        ids: [post.id],
        userId: "someone",
      });
      expect(answer).toEqual({
        action,
        changed: [],
        unchanged: [
          {
            id: post.id,
            title: post.title,
            reason:
              "Someone changed this post at the same moment. Open it to see the change, then try again.",
          },
        ],
      });
      const row = await db()
        .selectFrom("posts")
        .select(["status", "version", "title"])
        .where("id", "=", post.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: post.status, version: 2, title: "Saved elsewhere" });
      const revisions = await db()
        .selectFrom("post_revisions")
        .select("id")
        .where("postId", "=", post.id)
        .execute();
      expect(revisions).toEqual([]);
    });
  }
});
