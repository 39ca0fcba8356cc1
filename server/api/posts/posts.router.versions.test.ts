import { existsSync, readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Post } from "#common/types/post.ts";
import { publishDuePosts } from "#server/jobs/publish-scheduled.server.ts";
import { uploadsDir } from "#server/storage/uploads.server.ts";
import { createPost, fromNow } from "#tests/factories/post.ts";
import { readError } from "#tests/helpers/http.ts";
import { solidImage } from "#tests/helpers/images.ts";
import { requestAs, type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { editorCalls, nameEmployee, readConflict } from "./posts.editor.fixture.ts";
import { HOUR, startWithEmployee } from "./posts.router.fixture.ts";

const CONFLICT_MESSAGE =
  /^(.+) saved this post at (.+)\. Reload it to see their changes, or overwrite them with yours\.$/;

describeEachDatabase("post versions", (kind) => {
  let server: TestServer;
  let employee: SignedIn;
  beforeAll(async () => {
    ({ server, employee } = await startWithEmployee(kind));
  });
  afterAll(() => server?.close());
  const { db, send, create, edit, storedRow, getPost, revisionRows } = editorCalls(() => ({
    server,
    employee,
  }));
  const uploadedFiles = () => {
    const folder = uploadsDir(server.db.dataDir);
    return existsSync(folder) ? readdirSync(folder) : [];
  };

  describe("version in every post", () => {
    it("starts at 1 and goes up by one with every save", async () => {
      const post = await create();
      expect(post.version).toBe(1);
      const saved = await edit(post, { title: "Once" });
      expect(saved.version).toBe(2);
      expect((await edit(saved, { status: "published" })).version).toBe(3);
      expect((await getPost(post.id)).version).toBe(3);
      const listed = (await (await send("GET", "/api/posts")).json()) as Post[];
      expect(listed.find((p) => p.id === post.id)?.version).toBe(3);
    });

    it("is left alone by the scheduled-post sweep, which only writes down the status", async () => {
      const due = await createPost(db(), { status: "scheduled", scheduledAt: fromNow(-HOUR) });
      expect(await publishDuePosts(db())).toBeGreaterThanOrEqual(1);
      expect(await storedRow(due.id)).toMatchObject({ status: "published", version: 1 });
    });
  });

  describe("PUT /api/posts/:id with a version", () => {
    it("answers 409 with who saved it and when for a version that is not the stored one, and writes nothing", async () => {
      const post = await create({ title: "Mine" });
      const admin = await signInAs(server, "admin");
      await nameEmployee(server, admin.email, "Ada Admin");
      const theirs = await requestAs(server, admin, `/api/posts/${post.id}`, {
        method: "PUT",
        body: { ...post, title: "Theirs" },
      });
      expect(theirs.status).toBe(200);
      const stored = await storedRow(post.id);
      const revisions = await revisionRows(post.id);
      const files = uploadedFiles().length;

      const png = await solidImage("png", 8, 8);
      const stale = await send("PUT", `/api/posts/${post.id}`, {
        ...post,
        title: "Mine, again",
        featuredImage: `data:image/png;base64,${png.toString("base64")}`,
      });
      const body = await readConflict(stale);
      expect(body.conflict).toEqual({
        version: 2,
        updatedAt: stored.updatedAt,
        updatedBy: "Ada Admin",
      });
      const [, who, when] = CONFLICT_MESSAGE.exec(body.message) ?? [];
      expect(who).toBe("Ada Admin");
      expect(when).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}, \d{2}:\d{2} UTC$/);
      expect(Object.keys(body).sort()).toEqual(["conflict", "message"]);
      // Nothing written: the post, its revisions, and no stored image file.
      expect(await storedRow(post.id)).toEqual(stored);
      expect(await revisionRows(post.id)).toEqual(revisions);
      expect(uploadedFiles()).toHaveLength(files);
    });

    it("names the saver by their employee record, and overwrites when sent the version the 409 named", async () => {
      const post = await create();
      const other = await signInAs(server, "employee");
      await requestAs(server, other, `/api/posts/${post.id}`, {
        method: "PUT",
        body: { ...post, title: "Other's" },
      });
      const stale = await send("PUT", `/api/posts/${post.id}`, { ...post, title: "Mine" });
      const { conflict, message } = await readConflict(stale);
      const record = await server.db.handle.db
        .selectFrom("employees")
        .select(["firstName", "lastName"])
        .where("email", "=", other.email)
        .executeTakeFirstOrThrow();
      const name = `${record.firstName} ${record.lastName}`;
      expect(conflict.updatedBy).toBe(name);
      expect(message.startsWith(`${name} saved this post at `)).toBe(true);
      const overwritten = await edit(post, { title: "Mine", version: conflict.version });
      expect(overwritten).toMatchObject({ title: "Mine", version: conflict.version + 1 });
    });

    it("saves without a version as before, whatever the stored version is", async () => {
      const post = await create();
      await edit(post, { title: "Second" });
      // JSON leaves out a field that is undefined.
      const saved = await edit(post, { title: "Third", version: undefined });
      expect(saved).toMatchObject({ title: "Third", version: 3 });
      expect((await edit(saved, { title: "Fourth", version: null })).version).toBe(4);
    });

    it("gives exactly one of two saves made at once from one version, and 409 to the other", async () => {
      for (let round = 0; round < 5; round++) {
        const post = await create();
        const responses = await Promise.all(
          ["A", "B"].map((title) => send("PUT", `/api/posts/${post.id}`, { ...post, title })),
        );
        expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
        const winner = responses.find((r) => r.status === 200) as Response;
        const loser = responses.find((r) => r.status === 409) as Response;
        const saved = (await winner.json()) as Post;
        const { conflict } = await readConflict(loser);
        expect(conflict.version).toBe(2);
        const row = await storedRow(post.id);
        expect(row).toMatchObject({ version: 2, title: saved.title });
        const revisions = await db()
          .selectFrom("post_revisions")
          .select("kind")
          .where("postId", "=", post.id)
          .execute();
        expect(revisions.map((r) => r.kind).sort()).toEqual(["create", "save"]);
      }
    });

    it("keeps a taken slug's 409 without conflict details", async () => {
      const a = await create();
      const b = await create();
      const body = await readError(
        await send("PUT", `/api/posts/${b.id}`, { ...b, slug: a.slug }),
        409,
      );
      expect(body).toEqual({ message: "That slug is already used by another post." });
      expect((await storedRow(b.id)).version).toBe(1);
    });

    it("answers 400 for a version that is not a whole number of 1 or more", async () => {
      const post = await create();
      for (const version of [0, -1, 1.5, "1", true]) {
        const body = await readError(
          await send("PUT", `/api/posts/${post.id}`, { ...post, version }),
          400,
        );
        expect(body.errors, String(version)).toEqual({
          version: "Version must be a whole number of 1 or more",
        });
      }
    });

    it("answers 404 for a post deleted meanwhile, not a conflict", async () => {
      const post = await create();
      expect((await send("DELETE", `/api/posts/${post.id}`)).status).toBe(204);
      await readError(await send("PUT", `/api/posts/${post.id}`, post), 404);
    });
  });

  describe("updatedBy", () => {
    it("records who saved the post last", async () => {
      const post = await create();
      const me = (await (await send("GET", "/api/auth/user")).json()) as { id: string };
      expect((await storedRow(post.id)).updatedBy).toBe(me.id);
      const admin = await signInAs(server, "admin");
      const adminId = (
        (await (await requestAs(server, admin, "/api/auth/user")).json()) as { id: string }
      ).id;
      await requestAs(server, admin, `/api/posts/${post.id}`, { method: "PUT", body: post });
      expect(await storedRow(post.id)).toMatchObject({ updatedBy: adminId, authorId: me.id });
    });
  });

  describe("deleting a post", () => {
    it("leaves no revision, working copy or old slug behind", async () => {
      const post = await create({ status: "published" });
      await edit(post, { slug: `${post.slug}-renamed` });
      await send("PUT", `/api/posts/${post.id}/autosave`, { ...post, version: 2 });
      const count = async (
        table: "post_revisions" | "post_working_copies" | "post_slug_redirects",
      ) =>
        (await db().selectFrom(table).select("postId").where("postId", "=", post.id).execute())
          .length;
      expect(await count("post_revisions")).toBeGreaterThan(0);
      expect(await count("post_working_copies")).toBe(1);
      expect(await count("post_slug_redirects")).toBe(1);
      expect((await send("DELETE", `/api/posts/${post.id}`)).status).toBe(204);
      for (const table of [
        "post_revisions",
        "post_working_copies",
        "post_slug_redirects",
      ] as const) {
        expect(await count(table), table).toBe(0);
      }
    });

    it("is enforced by the database itself: deleting the row takes its dependents along", async () => {
      const post = await create({ status: "published" });
      await send("PUT", `/api/posts/${post.id}/autosave`, { ...post, version: 1 });
      await db().deleteFrom("posts").where("id", "=", post.id).execute();
      const orphans = await db()
        .selectFrom("post_revisions")
        .select("id")
        .where("postId", "=", post.id)
        .unionAll(
          db()
            .selectFrom("post_working_copies")
            .select("postId as id")
            .where("postId", "=", post.id),
        )
        .execute();
      expect(orphans).toEqual([]);
      await expect(
        db()
          .insertInto("post_working_copies")
          .values({
            postId: post.id,
            values: "{}",
            baseVersion: 1,
            savedBy: null,
            savedAt: fromNow(0),
          })
          .execute(),
      ).rejects.toThrow(/foreign key/i);
    });
  });
});
