import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PostAutosaveSchema } from "#common/schemas/post-autosave.ts";
import type { PostRow } from "#server/db/tables.ts";
import { DiskUploadStore } from "#server/storage/disk-store.server.ts";
import { createPost } from "#tests/factories/post.ts";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import { autosavePost } from "./post-autosave.server.ts";
import { AUTOSAVE_COALESCE_MS } from "./post-revisions.server.ts";
import { holdVersion, StaleVersion } from "./post-versions.server.ts";
import { fieldColumns, fieldsOfRow, updatePost } from "./post-writes.server.ts";

const MINUTE = 60_000;
const T0 = Date.parse("2027-01-01T10:00:00.000Z");

describeEachDatabase("autosave revisions and version checks", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.destroy());
  const db = () => database.handle.db;

  /** Autosaves `post` with a new title at `at` (ms) as `userId`, from its stored version. */
  async function autosaveAt(post: PostRow, title: string, at: number, userId = "user-a") {
    const { version } = await db()
      .selectFrom("posts")
      .select("version")
      .where("id", "=", post.id)
      .executeTakeFirstOrThrow();
    const input = PostAutosaveSchema.parse({ ...fieldsOfRow(post), title });
    return autosavePost(db(), {
      id: post.id,
      version,
      input,
      userId,
      uploads: new DiskUploadStore(database.dataDir),
      siteUrl: "https://studio.example",
      now: new Date(at),
    });
  }

  const revisionsOf = (postId: string) =>
    db()
      .selectFrom("post_revisions")
      .select(["kind", "title", "savedBy", "createdAt"])
      .where("postId", "=", postId)
      .orderBy("createdAt")
      .execute();

  describe("coalescing", () => {
    it("keeps at most one autosave per person per 10 minutes, replaced by later ones", async () => {
      for (const status of ["draft", "published"]) {
        const post = await createPost(db(), { status });
        await autosaveAt(post, "one", T0);
        await autosaveAt(post, "two", T0 + 4 * MINUTE);
        // Still inside the stretch that began with "one": replaced, with the newest time.
        await autosaveAt(post, "three", T0 + AUTOSAVE_COALESCE_MS - 1);
        expect(await revisionsOf(post.id), status).toEqual([
          {
            kind: "autosave",
            title: "three",
            savedBy: "user-a",
            createdAt: new Date(T0 + AUTOSAVE_COALESCE_MS - 1).toISOString(),
          },
        ]);
        // Typing goes on without a pause: the stretch is 10 minutes old, so a new one begins.
        await autosaveAt(post, "four", T0 + AUTOSAVE_COALESCE_MS);
        await autosaveAt(post, "five", T0 + AUTOSAVE_COALESCE_MS + 3 * MINUTE);
        expect(
          (await revisionsOf(post.id)).map((r) => r.title),
          status,
        ).toEqual(["three", "five"]);
      }
    });

    it("keeps each person's autosaves apart", async () => {
      const post = await createPost(db(), { status: "draft" });
      await autosaveAt(post, "a1", T0, "user-a");
      await autosaveAt(post, "b1", T0 + MINUTE, "user-b");
      await autosaveAt(post, "a2", T0 + 2 * MINUTE, "user-a");
      expect((await revisionsOf(post.id)).map((r) => `${r.savedBy}:${r.title}`)).toEqual([
        "user-a:a1",
        "user-b:b1",
        "user-a:a2",
      ]);
    });
  });

  describe("the compare-and-set on the version", () => {
    it("refuses an update from a version that is no longer stored, writing nothing", async () => {
      const post = await createPost(db(), { status: "draft" });
      await db().updateTable("posts").set({ version: 2 }).where("id", "=", post.id).execute();
      const attempt = db()
        .transaction()
        .execute((trx) =>
          updatePost(trx, {
            existing: post,
            columns: fieldColumns({ ...fieldsOfRow(post), title: "Stale" }),
            expectedVersion: 1,
            userId: "user-a",
            nowIso: new Date(T0).toISOString(),
            publishedBefore: false,
          }),
        );
      await expect(attempt).rejects.toBeInstanceOf(StaleVersion);
      expect(
        await db()
          .selectFrom("posts")
          .select(["title", "version", "updatedBy"])
          .where("id", "=", post.id)
          .executeTakeFirstOrThrow(),
      ).toEqual({ title: post.title, version: 2, updatedBy: null });
    });

    it("holds a version only while it is the stored one", async () => {
      const post = await createPost(db(), { status: "published" });
      await db()
        .transaction()
        .execute((trx) => holdVersion(trx, post.id, 1));
      await expect(
        db()
          .transaction()
          .execute((trx) => holdVersion(trx, post.id, 2)),
      ).rejects.toBeInstanceOf(StaleVersion);
    });
  });
});
