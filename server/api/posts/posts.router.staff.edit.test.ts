import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Post, PostSummary } from "#common/types/post.ts";
import { createPost, fromNow } from "#tests/factories/post.ts";
import { readError } from "#tests/helpers/http.ts";
import { requestAs, type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import {
  expectRecent,
  HOUR,
  POST_FIELDS,
  payload,
  staffPostCalls,
  startWithEmployee,
} from "./posts.router.fixture.ts";

describeEachDatabase("staff posts API", (kind) => {
  let server: TestServer;
  let employee: SignedIn;
  let employeeUserId: string;
  beforeAll(async () => {
    ({ server, employee, employeeUserId } = await startWithEmployee(kind));
  });
  afterAll(() => server?.close());
  const { db, send, create, edit, storedRow } = staffPostCalls(() => ({ server, employee }));

  describe("GET /api/posts", () => {
    it("answers every post of any status, newest first, with every field", async () => {
      const old = await createPost(db(), {
        status: "draft",
        createdAt: "2000-01-01T00:00:00.000Z",
      });
      const mid = await createPost(db(), {
        status: "scheduled",
        scheduledAt: fromNow(HOUR),
        createdAt: "2000-01-02T00:00:00.000Z",
      });
      const recent = await createPost(db(), { createdAt: "2000-01-03T00:00:00.000Z" });
      const response = await send("GET", "/api/posts");
      expect(response.status).toBe(200);
      const posts = (await response.json()) as Post[];
      const ids = posts.map((p) => p.id).filter((id) => [old.id, mid.id, recent.id].includes(id));
      expect(ids).toEqual([recent.id, mid.id, old.id]);
      for (const post of posts) expect(Object.keys(post).sort()).toEqual(POST_FIELDS);
      const times = posts.map((p) => Date.parse(p.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(posts.find((p) => p.id === old.id)?.status).toBe("draft");
      expect(posts.find((p) => p.id === mid.id)?.category).toBe("news");
    });

    it("answers at most `limit` posts", async () => {
      const response = await send("GET", "/api/posts?limit=2");
      expect((await response.json()) as Post[]).toHaveLength(2);
      await readError(await send("GET", "/api/posts?limit=0"), 400);
    });
  });

  describe("GET /api/posts/:id", () => {
    it("answers 404 for an unknown id and for one that is not an id at all", async () => {
      const message = "That post does not exist. It may have been deleted.";
      for (const id of [crypto.randomUUID(), "not-an-id", "%00", "x".repeat(500), "1%20OR%201=1"]) {
        expect(await readError(await send("GET", `/api/posts/${id}`), 404), id).toEqual({
          message,
        });
      }
    });
  });

  describe("PUT /api/posts/:id", () => {
    it("saves the changes and a new updatedAt, and keeps createdAt and the author", async () => {
      const other = await signInAs(server, "admin");
      const post = await create({ title: "Before" });
      await new Promise((resolve) => setTimeout(resolve, 15));
      const response = await requestAs(server, other, `/api/posts/${post.id}`, {
        method: "PUT",
        body: { ...post, title: "After", excerpt: "Now with an excerpt.", tags: ["x"] },
      });
      expect(response.status).toBe(200);
      const updated = (await response.json()) as Post;
      expect(updated).toMatchObject({
        id: post.id,
        title: "After",
        excerpt: "Now with an excerpt.",
        tags: ["x"],
        createdAt: post.createdAt,
      });
      expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(post.updatedAt));
      expect((await storedRow(post.id)).authorId).toBe(employeeUserId);
    });

    it("sets publishedAt on first publication and keeps it through later saves", async () => {
      const draft = await create();
      expect(draft.publishedAt).toBeNull();
      const published = await edit(draft, { status: "published" });
      expectRecent(published.publishedAt);
      await new Promise((resolve) => setTimeout(resolve, 15));
      const edited = await edit(published, { title: "Edited later" });
      expect(edited.publishedAt).toBe(published.publishedAt);
      const unpublished = await edit(edited, { status: "draft" });
      expect(unpublished.publishedAt).toBe(published.publishedAt);
      const republished = await edit(unpublished, { status: "published" });
      expect(republished.publishedAt).toBe(published.publishedAt);
    });

    it("gives a scheduled post that came due its scheduled time as publication time", async () => {
      const row = await createPost(db(), {
        status: "scheduled",
        scheduledAt: fromNow(-HOUR),
        timezone: "Europe/Berlin",
      });
      const post = (await (await send("GET", `/api/posts/${row.id}`)).json()) as Post;
      expect(post.status).toBe("published");
      const edited = await edit(post, { title: "Edited after it went out" });
      expect(edited.publishedAt).toBe(row.scheduledAt);
      expect(edited.status).toBe("published");
    });

    it("lets a post come due keep its stored schedule when saved unchanged", async () => {
      const row = await createPost(db(), { status: "scheduled", scheduledAt: fromNow(-HOUR) });
      const post = (await (await send("GET", `/api/posts/${row.id}`)).json()) as Post;
      const saved = await edit(post, { status: "scheduled", title: "Still scheduled" });
      expect(saved.scheduledAt).toBe(row.scheduledAt);
    });

    it("answers 409 when another post has the slug", async () => {
      const a = await create();
      const b = await create();
      const body = await readError(
        await send("PUT", `/api/posts/${b.id}`, { ...b, slug: a.slug }),
        409,
      );
      expect(body).toEqual({ message: "That slug is already used by another post." });
      expect((await storedRow(b.id)).slug).toBe(b.slug);
    });

    it("answers 404 for an unknown or malformed id, and 400 before that for an invalid body", async () => {
      await readError(await send("PUT", `/api/posts/${crypto.randomUUID()}`, payload()), 404);
      await readError(await send("PUT", "/api/posts/nope", payload()), 404);
      const post = await create();
      const body = await readError(
        await send("PUT", `/api/posts/${post.id}`, { ...post, title: "" }),
        400,
      );
      expect(body.errors).toEqual({ title: "Title is required" });
    });
  });

  describe("DELETE /api/posts/:id", () => {
    it("deletes the post: 204, then 404 everywhere", async () => {
      const post = await create({ status: "published" });
      const response = await send("DELETE", `/api/posts/${post.id}`);
      expect(response.status).toBe(204);
      expect(await response.text()).toBe("");
      await readError(await send("GET", `/api/posts/${post.id}`), 404);
      await readError(await server.request(`/api/posts/slug/${post.slug}`), 404);
      await readError(await send("DELETE", `/api/posts/${post.id}`), 404);
      await readError(await send("DELETE", "/api/posts/not-an-id"), 404);
    });
  });

  describe("slug changes after publication", () => {
    const get = (slug: string, who: SignedIn | { cookie: string } = { cookie: "" }) =>
      requestAs(server, who, `/api/posts/slug/${encodeURIComponent(slug)}`);

    it("lets a draft change its slug freely: the old one simply stops existing", async () => {
      const draft = await create({ status: "draft" });
      const renamed = await edit(draft, { slug: `${draft.slug}-new` });
      await edit(renamed, { status: "published" });
      await readError(await get(draft.slug), 404);
      expect((await get(renamed.slug)).status).toBe(200);
    });

    it("answers the old slug of a published post with a 301 to the new one", async () => {
      const post = await create({ status: "published" });
      const renamed = await edit(post, { slug: `${post.slug}-renamed` });
      const response = await get(post.slug);
      expect(response.status).toBe(301);
      expect(response.headers.get("location")).toBe(`/api/posts/slug/${renamed.slug}`);
      const followed = await server.request(response.headers.get("location") ?? "");
      expect(((await followed.json()) as Post).id).toBe(post.id);
    });

    it("sends every older slug straight to the current one", async () => {
      const a = await create({ status: "published" });
      const b = await edit(a, { slug: `${a.slug}-b` });
      const c = await edit(b, { slug: `${a.slug}-c` });
      for (const old of [a.slug, b.slug]) {
        const response = await get(old);
        expect(response.status, old).toBe(301);
        expect(response.headers.get("location")).toBe(`/api/posts/slug/${c.slug}`);
      }
    });

    it("gives a redirected slug to the post that takes it, and back to the renamed post", async () => {
      const original = await create({ status: "published" });
      const moved = await edit(original, { slug: `${original.slug}-moved` });
      const newcomer = await create({ status: "published", slug: original.slug });
      const taken = await get(original.slug);
      expect(taken.status).toBe(200);
      expect(((await taken.json()) as Post).id).toBe(newcomer.id);

      // The first post may also return to a slug of its own that is free again.
      const back = await edit(moved, { slug: `${original.slug}-first` });
      await edit(back, { slug: moved.slug });
      expect((await get(moved.slug)).status).toBe(200);
      const fromFirst = await get(back.slug);
      expect(fromFirst.status).toBe(301);
      expect(fromFirst.headers.get("location")).toBe(`/api/posts/slug/${moved.slug}`);
    });

    it("redirects only viewers who may see the post now", async () => {
      const post = await create({ status: "published" });
      const renamed = await edit(post, { slug: `${post.slug}-hidden`, status: "draft" });
      await readError(await get(post.slug), 404);
      const staff = await get(post.slug, employee);
      expect(staff.status).toBe(301);
      expect(staff.headers.get("location")).toBe(`/api/posts/slug/${renamed.slug}`);
    });

    it("forgets the old slugs when the post is deleted", async () => {
      const post = await create({ status: "published" });
      const renamed = await edit(post, { slug: `${post.slug}-gone` });
      expect((await get(post.slug)).status).toBe(301);
      expect((await send("DELETE", `/api/posts/${renamed.id}`)).status).toBe(204);
      await readError(await get(post.slug), 404);
      const rows = await db()
        .selectFrom("post_slug_redirects")
        .select("slug")
        .where("postId", "=", post.id)
        .execute();
      expect(rows).toEqual([]);
    });
  });

  describe("what staff see beyond the public", () => {
    it("answers drafts and posts not yet due by slug to staff only", async () => {
      const draft = await createPost(db(), { status: "draft" });
      const future = await createPost(db(), { status: "scheduled", scheduledAt: fromNow(HOUR) });
      const outsider = await signInAs(server, "no-access");
      const inactive = await signInAs(server, "inactive");
      for (const post of [draft, future]) {
        for (const who of [{ cookie: "" }, outsider, inactive]) {
          await readError(await requestAs(server, who, `/api/posts/slug/${post.slug}`), 404);
        }
        const response = await requestAs(server, employee, `/api/posts/slug/${post.slug}`);
        expect(response.status).toBe(200);
        expect(((await response.json()) as Post).status).toBe(post.status);
      }
    });

    it("lists drafts and posts not yet due in /api/posts/public for staff only", async () => {
      const draft = await createPost(db(), { status: "draft" });
      const future = await createPost(db(), { status: "scheduled", scheduledAt: fromNow(HOUR) });
      const list = async (who: { cookie: string }) =>
        ((await (await requestAs(server, who, "/api/posts/public")).json()) as PostSummary[]).map(
          (p) => p.id,
        );
      const staffIds = await list(employee);
      expect(staffIds).toContain(draft.id);
      expect(staffIds).toContain(future.id);
      for (const who of [{ cookie: "" }, await signInAs(server, "no-access")]) {
        const ids = await list(who);
        expect(ids).not.toContain(draft.id);
        expect(ids).not.toContain(future.id);
      }
    });

    it("keeps /api/posts/published public-only for staff too", async () => {
      const draft = await createPost(db(), { status: "draft" });
      const response = await requestAs(server, employee, "/api/posts/published");
      const ids = ((await response.json()) as Post[]).map((p) => p.id);
      expect(ids).not.toContain(draft.id);
    });
  });
});
