import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SEO_FIELDS } from "#common/schemas/post-seo.ts";
import type { Post } from "#common/types/post.ts";
import type { AutosaveAnswer } from "#common/types/post-revision.ts";
import { publishDuePosts } from "#server/jobs/publish-scheduled.server.ts";
import { uploadsDir } from "#server/storage/uploads.server.ts";
import { createPost, fromNow } from "#tests/factories/post.ts";
import { readError } from "#tests/helpers/http.ts";
import { solidImage } from "#tests/helpers/images.ts";
import { publicView } from "#tests/helpers/post-page.ts";
import type { SignedIn } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { editorCalls, nameEmployee, readConflict } from "./posts.editor.fixture.ts";
import { expectRecent, HOUR, payload, startWithEmployee } from "./posts.router.fixture.ts";

describeEachDatabase("autosave", (kind) => {
  let server: TestServer;
  let employee: SignedIn;
  let employeeUserId: string;
  beforeAll(async () => {
    ({ server, employee, employeeUserId } = await startWithEmployee(kind));
    await nameEmployee(server, employee.email, "Erin Employee");
  });
  afterAll(() => server?.close());
  const { db, send, ok, create, edit, storedRow, autosave, workingCopy, getPost } = editorCalls(
    () => ({ server, employee }),
  );

  describe("PUT /api/posts/:id/autosave of a draft", () => {
    it("writes the fields into the post and raises its version, never publishing it", async () => {
      const draft = await create({ title: "Draft" });
      const answer = await autosave(draft.id, {
        ...draft,
        title: "Draft, typed on",
        content: "<p>More words.</p>",
        status: "published",
        scheduledAt: "2099-01-01T09:00",
        publishedAt: "2001-01-01T00:00:00.000Z",
      });
      expect(answer).toEqual({
        target: "post",
        version: 2,
        savedAt: expect.any(String),
        slug: draft.slug,
        featuredImage: draft.featuredImage,
      });
      expectRecent(answer.savedAt);
      const post = await getPost(draft.id);
      expect(post).toMatchObject({
        title: "Draft, typed on",
        content: "<p>More words.</p>",
        status: "draft",
        scheduledAt: null,
        publishedAt: null,
        version: 2,
        updatedAt: answer.savedAt,
      });
      await readError(await server.request(`/api/posts/slug/${post.slug}`), 404);
      expect(await workingCopy(draft.id)).toBeNull();
    });

    it("accepts what is still being typed: empty content and no category fields", async () => {
      const draft = await create({ category: "marketplace-content" });
      await autosave(draft.id, { title: "Half", slug: draft.slug, content: "", version: 1 });
      expect(await storedRow(draft.id)).toMatchObject({
        title: "Half",
        content: "",
        category: "news",
        packType: null,
      });
      await autosave(draft.id, { title: "Half", slug: draft.slug, content: "<p></p>", version: 2 });
      expect((await storedRow(draft.id)).content).toBe("<p></p>");
    });

    it("checks every field it is given as a manual save does", async () => {
      const draft = await create();
      const invalid = await readError(
        await send("PUT", `/api/posts/${draft.id}/autosave`, {
          ...draft,
          title: "",
          marketplaceUrl: "not a url",
          category: "marketplace-content",
        }),
        400,
      );
      expect(invalid.errors).toEqual({
        title: "Title is required",
        marketplaceUrl:
          "Enter the marketplace link as an address starting with http:// or https://.",
      });
      const noSlug = await readError(
        await send("PUT", `/api/posts/${draft.id}/autosave`, { title: "x", version: 1 }),
        400,
      );
      expect(noSlug.errors).toEqual({ slug: "Slug is required" });
      const noVersion = await readError(
        await send("PUT", `/api/posts/${draft.id}/autosave`, { ...draft, version: undefined }),
        400,
      );
      expect(noVersion.errors).toEqual({ version: "Version must be a whole number of 1 or more" });
      expect((await storedRow(draft.id)).version).toBe(1);
    });

    it("sanitizes the HTML and stores a data: featured image as an upload, as a save does", async () => {
      const draft = await create();
      const png = await solidImage("png", 16, 16);
      const answer = await autosave(draft.id, {
        ...draft,
        content: '<p onclick="alert(1)">Hi<script>alert(2)</script></p>',
        featuredImage: `data:image/png;base64,${png.toString("base64")}`,
      });
      const row = await storedRow(draft.id);
      expect(row.content).toBe("<p>Hi</p>");
      expect(row.featuredImage).toMatch(/^[0-9a-f]{32}\.png$/);
      // The answer names the stored file, so the editor sends that from then on, not the image.
      expect(answer.featuredImage).toBe(row.featuredImage);
      expect(existsSync(path.join(uploadsDir(server.db.dataDir), row.featuredImage ?? ""))).toBe(
        true,
      );
    });

    it("answers 409 with the conflict for a version that is not the stored one", async () => {
      const draft = await create();
      await edit(draft, { title: "Saved by hand" });
      const body = await readConflict(
        await send("PUT", `/api/posts/${draft.id}/autosave`, { ...draft, title: "Late" }),
      );
      expect(body.conflict).toMatchObject({ version: 2, updatedBy: "Erin Employee" });
      expect((await storedRow(draft.id)).title).toBe("Saved by hand");
    });

    it("answers 409 for a slug another post has, and 404 for an unknown post", async () => {
      const other = await create();
      const draft = await create();
      const taken = await readError(
        await send("PUT", `/api/posts/${draft.id}/autosave`, { ...draft, slug: other.slug }),
        409,
      );
      expect(taken).toEqual({ message: "That slug is already used by another post." });
      for (const id of [crypto.randomUUID(), "not-an-id"]) {
        await readError(
          await send("PUT", `/api/posts/${id}/autosave`, payload({ version: 1 })),
          404,
        );
      }
    });
  });

  describe("PUT /api/posts/:id/autosave of a published post", () => {
    it("keeps the public post and page as they are and fills the working copy", async () => {
      const post = await create({ status: "published", title: "Live" });
      const before = await publicView(server, post.slug);
      expect(before.status).toBe(200);
      expect(before.page.post).toMatchObject({ title: "Live", version: 1 });
      const answer = await autosave(post.id, {
        ...post,
        title: "Live, reworded",
        content: "<p>Not ready yet.</p>",
        status: "draft",
        tags: ["next"],
      });
      expect(answer).toEqual({
        target: "working-copy",
        version: 1,
        savedAt: expect.any(String),
        slug: post.slug,
        featuredImage: post.featuredImage,
      });
      expect(await publicView(server, post.slug)).toEqual(before);
      expect(await getPost(post.id)).toEqual(post);
      const copy = await workingCopy(post.id);
      expect(copy).toEqual({
        values: {
          title: "Live, reworded",
          slug: post.slug,
          excerpt: null,
          content: "<p>Not ready yet.</p>",
          category: "news",
          packType: null,
          marketplaceUrl: null,
          youtubeUrl: null,
          featuredImage: null,
          featuredImageAlt: null,
          releaseDate: null,
          tags: ["next"],
          timezone: null,
          ...DEFAULT_SEO_FIELDS,
        },
        baseVersion: 1,
        savedAt: answer.savedAt,
        savedBy: "Erin Employee",
      });
    });

    it("goes live with Update, which clears the working copy", async () => {
      const post = await create({ status: "published" });
      await autosave(post.id, { ...post, title: "Reworded" });
      await autosave(post.id, { ...post, title: "Reworded twice" });
      const copy = await workingCopy(post.id);
      const updated = await edit(post, { ...copy?.values, version: copy?.baseVersion });
      expect(updated).toMatchObject({ title: "Reworded twice", status: "published", version: 2 });
      expect(await workingCopy(post.id)).toBeNull();
      expect((await publicView(server, post.slug)).api.title).toBe("Reworded twice");
    });

    it("answers 409 once the post has been saved since the version it names", async () => {
      const post = await create({ status: "published" });
      await edit(post, { title: "Updated" });
      await readError(await send("PUT", `/api/posts/${post.id}/autosave`, post), 409);
      expect(await workingCopy(post.id)).toBeNull();
    });

    it("can be discarded: DELETE answers 204 and the post has no working copy", async () => {
      const post = await create({ status: "published" });
      await autosave(post.id, { ...post, title: "Never mind" });
      const response = await send("DELETE", `/api/posts/${post.id}/working-copy`);
      expect(response.status).toBe(204);
      expect(await workingCopy(post.id)).toBeNull();
      expect((await storedRow(post.id)).title).toBe(post.title);
      expect((await send("DELETE", `/api/posts/${post.id}/working-copy`)).status).toBe(204);
      for (const id of [crypto.randomUUID(), "not-an-id"]) {
        await readError(await send("GET", `/api/posts/${id}/working-copy`), 404);
        await readError(await send("DELETE", `/api/posts/${id}/working-copy`), 404);
      }
    });
  });

  describe("PUT /api/posts/:id/autosave of a scheduled post", () => {
    it("saves into the post scheduled for later, so the sweep publishes what was saved last", async () => {
      const row = await createPost(db(), {
        status: "scheduled",
        scheduledAt: fromNow(HOUR),
        timezone: "Asia/Tokyo",
      });
      const post = await getPost(row.id);
      // A working copy left from before scheduled posts saved in place: the save replaces it.
      await db()
        .insertInto("post_working_copies")
        .values({
          postId: row.id,
          values: JSON.stringify({ ...post, title: "An old working copy" }),
          baseVersion: post.version,
          savedBy: employeeUserId,
          savedAt: new Date().toISOString(),
        })
        .execute();
      const answer = await autosave(row.id, {
        ...post,
        title: "Corrected before it goes out",
        status: "published",
        scheduledAt: fromNow(2 * HOUR),
      });
      expect(answer).toMatchObject({ target: "post", version: post.version + 1 });
      expect(await storedRow(row.id)).toMatchObject({
        title: "Corrected before it goes out",
        status: "scheduled",
        scheduledAt: row.scheduledAt,
        timezone: "Asia/Tokyo",
        version: post.version + 1,
      });
      expect(await workingCopy(row.id)).toBeNull();
      // Not public before its time; at its time, the sweep publishes the corrected post.
      await readError(await server.request(`/api/posts/slug/${post.slug}`), 404);
      const atItsTime = new Date(Date.parse(row.scheduledAt ?? "") + 1000);
      expect(await publishDuePosts(db(), atItsTime)).toBeGreaterThanOrEqual(1);
      const live = await ok<Post>(await server.request(`/api/posts/slug/${post.slug}`));
      expect(live).toMatchObject({ title: "Corrected before it goes out", status: "published" });
    });

    it("keeps a scheduled post whose time has come as it went live: changes wait in the working copy", async () => {
      const row = await createPost(db(), { status: "scheduled", scheduledAt: fromNow(-HOUR) });
      const post = await getPost(row.id);
      const stored = await storedRow(row.id);
      const answer = await autosave(row.id, { ...post, title: "Changed after it went live" });
      expect(answer.target).toBe("working-copy");
      expect(await storedRow(row.id)).toEqual(stored);
      expect((await workingCopy(row.id))?.values.title).toBe("Changed after it went live");
    });
  });

  it("never changes the status of a post of any status", async () => {
    for (const status of ["draft", "published", "scheduled"] as const) {
      const row = await createPost(db(), {
        status,
        scheduledAt: status === "scheduled" ? fromNow(HOUR) : null,
      });
      const post = await getPost(row.id);
      for (const sent of ["draft", "published", "scheduled", "archived"]) {
        await ok<AutosaveAnswer>(
          await send("PUT", `/api/posts/${row.id}/autosave`, {
            ...(await getPost(row.id)),
            status: sent,
          }),
        );
      }
      const after = await storedRow(row.id);
      expect(after, status).toMatchObject({
        status,
        scheduledAt: row.scheduledAt,
        publishedAt: row.publishedAt,
      });
      // A draft and a post scheduled for later save in place; a published one keeps a copy.
      expect(after.version).toBe(status === "published" ? post.version : post.version + 4);
    }
  });

  describe("POST /api/posts/autosave", () => {
    it("creates a draft from a new post's first autosave: 201 with the post", async () => {
      const response = await send("POST", "/api/posts/autosave", {
        title: "Just started",
        slug: `just-started-${kind}`,
        content: "",
        status: "published",
        category: "marketplace-content",
      });
      const post = await ok<Post>(response, 201);
      expect(post).toMatchObject({
        title: "Just started",
        content: "",
        status: "draft",
        category: "marketplace-content",
        packType: null,
        publishedAt: null,
        version: 1,
      });
      await readError(await server.request(`/api/posts/slug/${post.slug}`), 404);
      const again = await autosave(post.id, { ...post, content: "<p>Go on.</p>" });
      expect(again).toMatchObject({ target: "post", version: 2 });
    });

    it("answers 400 for a bad field and 409 for a taken slug", async () => {
      const existing = await create();
      const bad = await readError(
        await send("POST", "/api/posts/autosave", payload({ youtubeUrl: "javascript:x" })),
        400,
      );
      expect(bad.errors).toEqual({
        youtubeUrl: "Enter the YouTube link as an address starting with http:// or https://.",
      });
      await readError(
        await send("POST", "/api/posts/autosave", payload({ slug: existing.slug })),
        409,
      );
    });
  });
});
