import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SEO_FIELDS } from "#common/schemas/post-seo.ts";
import type { PostRevision, RestoreAnswer } from "#common/types/post-revision.ts";
import { readError } from "#tests/helpers/http.ts";
import { publicView } from "#tests/helpers/post-page.ts";
import { requestAs, type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { editorCalls, nameEmployee, readConflict } from "./posts.editor.fixture.ts";
import { startWithEmployee } from "./posts.router.fixture.ts";

describeEachDatabase("post revisions", (kind) => {
  let server: TestServer;
  let employee: SignedIn;
  beforeAll(async () => {
    ({ server, employee } = await startWithEmployee(kind));
    await nameEmployee(server, employee.email, "Erin Employee");
  });
  afterAll(() => server?.close());
  const { db, send, ok, create, edit, storedRow, autosave, workingCopy, revisions, getPost } =
    editorCalls(() => ({ server, employee }));
  const kindsOf = async (postId: string) => (await revisions(postId)).map((r) => r.kind);

  describe("recording", () => {
    it("records one revision per manual save, named by the status it goes from and to", async () => {
      let post = await create({ status: "draft" });
      const steps: [Record<string, unknown>, string][] = [
        [{ title: "Still a draft" }, "save"],
        [{ status: "published" }, "publish"],
        [{ title: "Live edit" }, "update"],
        [{ status: "scheduled", scheduledAt: "2099-01-01T09:00", timezone: "UTC" }, "schedule"],
        [{ title: "Rescheduled", scheduledAt: "2099-02-01T09:00" }, "update"],
        [{ status: "published" }, "publish"],
        [{ status: "draft" }, "unpublish"],
        [{ status: "scheduled", scheduledAt: "2099-01-01T09:00", timezone: "UTC" }, "schedule"],
        [{ status: "draft" }, "unpublish"],
      ];
      for (const [changes] of steps) post = await edit(post, changes);
      const expected = ["create", ...steps.map(([, kind]) => kind)].reverse();
      const list = await revisions(post.id);
      expect(list.map((r) => r.kind)).toEqual(expected);
      expect(list[0]).toMatchObject({ status: "draft", savedBy: "Erin Employee" });
      expect(list.find((r) => r.kind === "schedule")?.status).toBe("scheduled");
      expect(list.at(-1)).toMatchObject({ kind: "create", status: "draft" });
    });

    it("coalesces one person's autosaves, but not another's, nor across a manual save", async () => {
      const post = await create();
      await autosave(post.id, { ...post, title: "a" });
      await autosave(post.id, { ...post, title: "ab", version: 2 });
      expect(await kindsOf(post.id)).toEqual(["autosave", "create"]);
      const newest = (await revisions(post.id))[0];
      expect(newest?.title).toBe("ab");

      const other = await signInAs(server, "employee");
      const byOther = await requestAs(server, other, `/api/posts/${post.id}/autosave`, {
        method: "PUT",
        body: { ...post, title: "abc", version: 3 },
      });
      expect(byOther.status).toBe(200);
      expect(await kindsOf(post.id)).toEqual(["autosave", "autosave", "create"]);

      const saved = await edit(await getPost(post.id), { title: "abcd" });
      await autosave(post.id, { ...saved, title: "abcde" });
      expect(await kindsOf(post.id)).toEqual([
        "autosave",
        "save",
        "autosave",
        "autosave",
        "create",
      ]);
    });

    it("records a published post's autosaves from its working copy, with its status", async () => {
      const post = await create({ status: "published" });
      await autosave(post.id, { ...post, title: "Typed on", content: "<p>New words.</p>" });
      const [newest] = await revisions(post.id);
      expect(newest).toMatchObject({ kind: "autosave", status: "published", title: "Typed on" });
      const full = await ok<PostRevision>(
        await send("GET", `/api/posts/${post.id}/revisions/${newest?.id}`),
      );
      expect(full.content).toBe("<p>New words.</p>");
    });
  });

  describe("GET /api/posts/:id/revisions", () => {
    it("answers at most 200, newest first, without their content", async () => {
      const post = await create();
      const base = Date.parse("2026-01-01T00:00:00.000Z");
      const rows = Array.from({ length: 205 }, (_, i) => ({
        id: randomUUID(),
        postId: post.id,
        kind: "save",
        status: "draft",
        title: `Revision ${i}`,
        slug: post.slug,
        excerpt: null,
        content: `<p>${i}</p>`,
        featuredImage: null,
        featuredImageAlt: null,
        tags: "[]",
        authorId: null,
        savedBy: null,
        createdAt: new Date(base + i * 60_000).toISOString(),
      }));
      for (let i = 0; i < rows.length; i += 50) {
        await db()
          .insertInto("post_revisions")
          .values(rows.slice(i, i + 50))
          .execute();
      }
      const list = await revisions(post.id);
      expect(list).toHaveLength(200);
      // The API's own create revision is the newest; then the inserted ones, newest first.
      expect(list[0]?.kind).toBe("create");
      expect(list.slice(1, 4).map((r) => r.title)).toEqual([
        "Revision 204",
        "Revision 203",
        "Revision 202",
      ]);
      const times = list.map((r) => Date.parse(r.savedAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      for (const line of list) {
        expect(Object.keys(line).sort()).toEqual(
          ["id", "kind", "savedAt", "savedBy", "status", "title"].sort(),
        );
      }
      expect(list[1]?.savedBy).toBeNull();
    });

    it("answers 404 for an unknown post", async () => {
      for (const id of [randomUUID(), "not-an-id"]) {
        await readError(await send("GET", `/api/posts/${id}/revisions`), 404);
      }
    });
  });

  describe("GET /api/posts/:id/revisions/:rev", () => {
    it("answers one revision with every recorded field", async () => {
      const post = await create({
        title: "Recorded",
        excerpt: "Short.",
        tags: ["one", "two"],
        featuredImage: "https://cdn.example/a.png",
        featuredImageAlt: "A",
      });
      const [line] = await revisions(post.id);
      const revision = await ok<PostRevision>(
        await send("GET", `/api/posts/${post.id}/revisions/${line?.id}`),
      );
      const me = (await (await send("GET", "/api/auth/user")).json()) as { id: string };
      expect(revision).toEqual({
        id: line?.id,
        postId: post.id,
        kind: "create",
        status: "draft",
        title: "Recorded",
        slug: post.slug,
        excerpt: "Short.",
        content: post.content,
        featuredImage: "https://cdn.example/a.png",
        featuredImageAlt: "A",
        tags: ["one", "two"],
        authorId: me.id,
        savedAt: post.createdAt,
        savedBy: "Erin Employee",
        ...DEFAULT_SEO_FIELDS,
      });
    });

    it("answers 404 for an unknown revision, one of another post, and one that is not an id", async () => {
      const post = await create();
      const other = await create();
      const [otherLine] = await revisions(other.id);
      for (const rev of [randomUUID(), otherLine?.id, "not-an-id"]) {
        const body = await readError(
          await send("GET", `/api/posts/${post.id}/revisions/${rev}`),
          404,
        );
        expect(body.message).toBe("That revision does not exist.");
      }
    });
  });

  describe("POST /api/posts/:id/revisions/:rev/restore", () => {
    const restore = (postId: string, revisionId: string | undefined, version: number) =>
      send("POST", `/api/posts/${postId}/revisions/${revisionId}/restore`, { version });

    it("writes the revision's fields into a draft and records a restore revision", async () => {
      const draft = await create({ title: "First words", tags: ["a"] });
      const [first] = await revisions(draft.id);
      const changed = await edit(draft, { title: "Other words", content: "<p>Other.</p>" });
      const answer = await ok<RestoreAnswer>(await restore(draft.id, first?.id, changed.version));
      expect(answer.workingCopy).toBeNull();
      expect(answer.post).toMatchObject({
        title: "First words",
        content: draft.content,
        tags: ["a"],
        status: "draft",
        version: changed.version + 1,
      });
      expect(await getPost(draft.id)).toEqual(answer.post);
      expect(await kindsOf(draft.id)).toEqual(["restore", "save", "create"]);
    });

    it("puts the revision into a published post's working copy, never the live post", async () => {
      const post = await create({ status: "published", title: "Original" });
      const [first] = await revisions(post.id);
      const live = await edit(post, { title: "Live now", excerpt: "Now with an excerpt." });
      const before = await publicView(server, post.slug);
      const answer = await ok<RestoreAnswer>(await restore(post.id, first?.id, live.version));
      expect(answer.post).toEqual(live);
      expect(answer.workingCopy).toMatchObject({
        values: { title: "Original", excerpt: null, content: post.content, category: "news" },
        baseVersion: live.version,
        savedBy: "Erin Employee",
      });
      expect(await workingCopy(post.id)).toEqual(answer.workingCopy);
      expect(await publicView(server, post.slug)).toEqual(before);
      expect(await storedRow(post.id)).toMatchObject({ title: "Live now", version: live.version });
      expect((await revisions(post.id))[0]).toMatchObject({
        kind: "restore",
        status: "published",
        title: "Original",
      });
    });

    it("writes the revision into a post scheduled for later, as its autosaves are", async () => {
      const scheduled = { status: "scheduled", scheduledAt: "2099-01-01T09:00", timezone: "UTC" };
      const post = await create({ ...scheduled, title: "Planned" });
      const [first] = await revisions(post.id);
      const changed = await edit(post, { title: "Replanned" });
      const answer = await ok<RestoreAnswer>(await restore(post.id, first?.id, changed.version));
      expect(answer.workingCopy).toBeNull();
      expect(answer.post).toMatchObject({
        title: "Planned",
        status: "scheduled",
        scheduledAt: changed.scheduledAt,
        version: changed.version + 1,
      });
    });

    it("answers 409 for a version that is not the stored one, and writes nothing", async () => {
      const draft = await create();
      const [first] = await revisions(draft.id);
      await edit(draft, { title: "Moved on" });
      const body = await readConflict(await restore(draft.id, first?.id, 1));
      expect(body.conflict).toMatchObject({ version: 2, updatedBy: "Erin Employee" });
      expect((await storedRow(draft.id)).title).toBe("Moved on");
      expect(await kindsOf(draft.id)).toEqual(["save", "create"]);
      await readError(
        await send("POST", `/api/posts/${draft.id}/revisions/${first?.id}/restore`, {}),
        400,
      );
    });

    it("answers 404 for an unknown post or revision", async () => {
      const draft = await create();
      await readError(await restore(draft.id, randomUUID(), 1), 404);
      await readError(await restore(randomUUID(), randomUUID(), 1), 404);
      await readError(await restore("not-an-id", "not-an-id", 1), 404);
    });
  });
});
