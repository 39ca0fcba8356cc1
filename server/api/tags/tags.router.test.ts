import { randomBytes } from "node:crypto";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as newsLoader } from "#app/routes/site/news/news.tsx";
import type { Paged, PostCardItem } from "#common/types/post-list.ts";
import type { PostRevisionSummary } from "#common/types/post-revision.ts";
import type { TagChangeAnswer, TagCount } from "#common/types/tag.ts";
import { payload } from "#server/api/posts/posts.router.fixture.ts";
import { serverContext } from "#server/context.server.ts";
import { createPost } from "#tests/factories/post.ts";
import { readError } from "#tests/helpers/http.ts";
import { requestAs, type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

// The Tags section's calls (docs/product/api.md#tag-calls): the list with counts and suggestions,
// rename, merge and delete, each rewriting the posts that carry the tag.

/** A tag no other test uses: `{word}-{random}`. */
function uniqueTag(word: string): string {
  return `${word}-${randomBytes(4).toString("hex")}`;
}

describeEachDatabase("/api/tags", (kind) => {
  let server: TestServer;
  let employee: SignedIn;
  beforeAll(async () => {
    // The response cache on, with a long life: only the emptying on a write can make a kept
    // answer change.
    server = await startTestServer(kind, {}, { responseCacheTtlMs: 60_000 });
    employee = await signInAs(server, "employee");
  });
  afterAll(() => server?.close());

  const db = () => server.db.handle.db;
  const send = (method: string, path: string, body?: unknown) =>
    requestAs(server, employee, path, { method, body });
  const tagPath = (tag: string) => `/api/tags/${encodeURIComponent(tag)}`;

  async function listTags(query = ""): Promise<TagCount[]> {
    const response = await send("GET", `/api/tags${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as TagCount[];
  }

  async function change(method: string, path: string, body?: unknown): Promise<TagChangeAnswer> {
    const response = await send(method, path, body);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as TagChangeAnswer;
  }

  async function stored(id: string) {
    const row = await db()
      .selectFrom("posts")
      .select(["tags", "version", "updatedAt", "updatedBy"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const rows = await db()
      .selectFrom("post_tags")
      .select("tag")
      .where("postId", "=", id)
      .orderBy("tag")
      .execute();
    return { ...row, tags: JSON.parse(row.tags) as string[], rows: rows.map((r) => r.tag) };
  }

  describe("GET /api/tags", () => {
    it("lists every tag in use with its number of posts, by name", async () => {
      const [b, a] = [uniqueTag("zz-list-b"), uniqueTag("zz-list-a")];
      await createPost(db(), { tags: [b, a] });
      await createPost(db(), { tags: [a] });
      await createPost(db(), { tags: [a], status: "draft" });
      const tags = await listTags();
      const ours = tags.filter((t) => t.tag === a || t.tag === b);
      expect(ours).toEqual([
        { tag: a, posts: 3 },
        { tag: b, posts: 1 },
      ]);
      const names = tags.map((t) => t.tag.toLowerCase());
      expect(names).toEqual([...names].sort());
    });

    it("with ?q= suggests the tags containing it, ignoring case, those starting with it first", async () => {
      const word = `Sugg${randomBytes(3).toString("hex")}`;
      const inside = `x-${word.toLowerCase()}-inside`;
      const starts = `${word}-starts`;
      await createPost(db(), { tags: [inside] });
      await createPost(db(), { tags: [inside, starts] });
      await createPost(db(), { tags: [inside] });
      const found = await listTags(`?q=${encodeURIComponent(word.toUpperCase())}`);
      expect(found).toEqual([
        { tag: starts, posts: 1 },
        { tag: inside, posts: 3 },
      ]);
      // A leading # is not part of a tag.
      expect(await listTags(`?q=${encodeURIComponent(`#${word}`)}`)).toHaveLength(2);
    });

    it("takes % and _ in ?q= literally and answers at most 20 suggestions", async () => {
      const word = `lim${randomBytes(3).toString("hex")}`;
      await createPost(db(), {
        tags: Array.from({ length: 20 }, (_, i) => `${word}-${String(i).padStart(2, "0")}`),
      });
      await createPost(db(), { tags: [`${word}-extra-1`, `${word}-extra-2`] });
      expect(await listTags(`?q=${word}`)).toHaveLength(20);
      expect(await listTags(`?q=${word}%25`)).toEqual([]);
      expect(await listTags(`?q=${word}_00`)).toEqual([]);
    });

    it("answers 400 for a q longer than a tag", async () => {
      const response = await send("GET", `/api/tags?q=${"a".repeat(51)}`);
      expect((await readError(response, 400)).message).toBe("q must be at most 50 characters.");
    });
  });

  describe("PUT /api/tags/:tag", () => {
    it("renames the tag on every post that has it, as a save of each: version, time, revision, tag rows", async () => {
      const [old, other, name] = [uniqueTag("old"), uniqueTag("other"), uniqueTag("New Name")];
      const first = await createPost(db(), { tags: [other, old] });
      const second = await createPost(db(), { tags: [old], status: "draft" });
      const untouched = await createPost(db(), { tags: [other] });
      const before = await stored(first.id);

      const answer = await change("PUT", tagPath(old), { name: `  #${name} ` });
      expect(answer).toEqual({ tag: name, posts: 2, changed: 2 });

      const after = await stored(first.id);
      expect(after.tags).toEqual([other, name]);
      expect(after.rows).toEqual([name, other].sort());
      expect(after.version).toBe(before.version + 1);
      expect(Date.parse(after.updatedAt)).toBeGreaterThanOrEqual(Date.parse(before.updatedAt));
      expect(after.updatedBy).not.toBeNull();
      expect((await stored(second.id)).tags).toEqual([name]);
      expect((await stored(untouched.id)).version).toBe(untouched.version);

      const history = await send("GET", `/api/posts/${first.id}/revisions`);
      const revisions = (await history.json()) as PostRevisionSummary[];
      expect(revisions[0]?.kind).toBe("tags");

      const tags = await listTags();
      expect(tags.find((t) => t.tag === old)).toBeUndefined();
      expect(tags.find((t) => t.tag === name)).toEqual({ tag: name, posts: 2 });
    });

    it("merges into a tag that exists: each post keeps one copy, in the place of the first", async () => {
      const [from, into, other] = [uniqueTag("from"), uniqueTag("into"), uniqueTag("other")];
      const both = await createPost(db(), { tags: [into, other, from] });
      const onlyFrom = await createPost(db(), { tags: [from, other] });
      await createPost(db(), { tags: [into] });

      const answer = await change("PUT", tagPath(from), { name: into });
      expect(answer).toEqual({ tag: into, posts: 3, changed: 2 });
      expect((await stored(both.id)).tags).toEqual([into, other]);
      expect((await stored(onlyFrom.id)).tags).toEqual([into, other]);
      expect((await stored(onlyFrom.id)).rows).toEqual([into, other].sort());
    });

    it("changes only the letters' case when asked, as a rename", async () => {
      const lower = uniqueTag("casing");
      const post = await createPost(db(), { tags: [lower] });
      const answer = await change("PUT", tagPath(lower), { name: lower.toUpperCase() });
      expect(answer).toEqual({ tag: lower.toUpperCase(), posts: 1, changed: 1 });
      expect((await stored(post.id)).tags).toEqual([lower.toUpperCase()]);
    });

    it("renames in a published post's unpublished changes too, so Update does not bring it back", async () => {
      const old = uniqueTag("wc-old");
      const name = uniqueTag("wc-new");
      const post = await createPost(db(), { tags: [old] });
      const autosave = await send("PUT", `/api/posts/${post.id}/autosave`, {
        title: post.title,
        slug: post.slug,
        content: "<p>Edited, not yet live.</p>",
        category: "news",
        tags: [old, "kept"],
        version: post.version,
      });
      expect(autosave.status, await autosave.clone().text()).toBe(200);

      await change("PUT", tagPath(old), { name });
      const copy = await send("GET", `/api/posts/${post.id}/working-copy`);
      const { workingCopy } = (await copy.json()) as {
        workingCopy: { values: { tags: string[]; content: string }; baseVersion: number };
      };
      expect(workingCopy.values.tags).toEqual([name, "kept"]);
      expect(workingCopy.values.content).toBe("<p>Edited, not yet live.</p>");
      expect(workingCopy.baseVersion).toBe((await stored(post.id)).version);
    });

    it("answers 400 with a plain message for an empty or too long name, and changes nothing", async () => {
      const tag = uniqueTag("valid");
      const post = await createPost(db(), { tags: [tag] });
      const empty = await send("PUT", tagPath(tag), { name: " # " });
      expect(await readError(empty, 400)).toEqual({
        message: "Enter the tag's name",
        errors: { name: "Enter the tag's name" },
      });
      const long = await send("PUT", tagPath(tag), { name: "a".repeat(51) });
      expect((await readError(long, 400)).message).toBe("A tag can be at most 50 characters long");
      const missing = await send("PUT", tagPath(tag), {});
      expect((await readError(missing, 400)).message).toBe("Enter the tag's name");
      expect((await stored(post.id)).tags).toEqual([tag]);
    });

    it("answers 404 for a tag no post has", async () => {
      const response = await send("PUT", tagPath("no-such-tag-anywhere"), { name: "something" });
      expect((await readError(response, 404)).message).toBe(
        'No post has the tag "no-such-tag-anywhere".',
      );
    });

    it("reads a tag with a slash or spaces from its encoded path", async () => {
      const tag = `a/b c ${randomBytes(3).toString("hex")}`;
      const post = await createPost(db(), { tags: [tag] });
      await change("PUT", tagPath(tag), { name: `${tag}-renamed` });
      expect((await stored(post.id)).tags).toEqual([`${tag}-renamed`]);
    });
  });

  describe("POST /api/tags/merge", () => {
    it("folds several tags into one, each post keeping one copy", async () => {
      const [a, b, into] = [uniqueTag("m-a"), uniqueTag("m-b"), uniqueTag("m-into")];
      const ab = await createPost(db(), { tags: [a, b] });
      const bOnly = await createPost(db(), { tags: ["stays", b] });
      const answer = await change("POST", "/api/tags/merge", { from: [a, b], into });
      expect(answer).toEqual({ tag: into, posts: 2, changed: 2 });
      expect((await stored(ab.id)).tags).toEqual([into]);
      expect((await stored(bOnly.id)).tags).toEqual(["stays", into]);
      expect((await listTags()).filter((t) => t.tag === a || t.tag === b)).toEqual([]);
    });

    it("answers 404 naming a tag no post has, and changes nothing", async () => {
      const a = uniqueTag("m-known");
      const post = await createPost(db(), { tags: [a] });
      const response = await send("POST", "/api/tags/merge", {
        from: [a, "never-used-tag"],
        into: "target",
      });
      expect((await readError(response, 404)).message).toBe(
        'No post has the tag "never-used-tag".',
      );
      expect(await stored(post.id)).toMatchObject({ tags: [a], version: post.version });
    });

    it("answers 400 without tags to merge or with one named twice", async () => {
      const none = await send("POST", "/api/tags/merge", { from: [], into: "x" });
      expect((await readError(none, 400)).message).toBe("Choose from 1 to 100 tags to merge");
      const twice = await send("POST", "/api/tags/merge", { from: ["a", "#a"], into: "x" });
      expect((await readError(twice, 400)).message).toBe("Name each tag to merge once");
    });
  });

  describe("DELETE /api/tags/:tag", () => {
    it("removes the tag from every post that has it; the posts stay", async () => {
      const [gone, kept] = [uniqueTag("gone"), uniqueTag("kept")];
      const post = await createPost(db(), { tags: [gone, kept] });
      const only = await createPost(db(), { tags: [gone] });
      const response = await send("DELETE", tagPath(gone));
      expect(response.status).toBe(204);
      expect(await stored(post.id)).toMatchObject({ tags: [kept], rows: [kept] });
      expect(await stored(only.id)).toMatchObject({
        tags: [],
        rows: [],
        version: only.version + 1,
      });
      expect((await listTags()).find((t) => t.tag === gone)).toBeUndefined();
    });

    it("answers 404 for a tag no post has", async () => {
      await readError(await send("DELETE", tagPath("not-a-tag-here")), 404);
    });
  });

  describe("the public lists", () => {
    it("GET /api/posts/published?page=&tag= lists only the published posts with the tag", async () => {
      const tag = uniqueTag("public");
      const shown = await createPost(db(), { tags: [tag] });
      await createPost(db(), { tags: [tag], status: "draft" });
      await createPost(db(), { tags: [uniqueTag("elsewhere")] });
      const page = await anonymousPage(tag);
      expect(page.items.map((item) => item.id)).toEqual([shown.id]);
      expect(page.total).toBe(1);
    });

    it("show a renamed or deleted tag at once: the response cache is emptied", async () => {
      const [old, name] = [uniqueTag("cached-old"), uniqueTag("cached-new")];
      const post = await createPost(db(), { tags: [old] });
      expect((await anonymousPage(old)).total).toBe(1);
      expect((await anonymousPage(name)).total).toBe(0);

      await change("PUT", tagPath(old), { name });
      expect((await anonymousPage(old)).total).toBe(0);
      expect((await anonymousPage(name)).items.map((item) => item.id)).toEqual([post.id]);

      expect((await send("DELETE", tagPath(name))).status).toBe(204);
      expect((await anonymousPage(name)).total).toBe(0);
    });

    it("answers 400 for a tag longer than a tag can be", async () => {
      const response = await server.request(`/api/posts/published?page=1&tag=${"a".repeat(51)}`);
      expect((await readError(response, 400)).message).toBe("tag must be at most 50 characters.");
    });
  });

  describe("one length rule for tags of emoji and combining marks: 50 code points", () => {
    const AT_THE_LIMIT: [string, string][] = [
      ["30 emoji", "😀".repeat(30)],
      ["50 astral characters, exactly the limit", "🐉".repeat(50)],
      ["25 letters with a combining accent, exactly the limit", "e\u0301".repeat(25)],
      ["25 emoji with a skin tone, exactly the limit", "👍🏽".repeat(25)],
    ];

    for (const [name, tag] of AT_THE_LIMIT) {
      it(`${name}: saved, on its news page and the lists, renamed and deleted`, async () => {
        const created = await send(
          "POST",
          "/api/posts",
          payload({ status: "published", tags: [tag] }),
        );
        expect(created.status, await created.clone().text()).toBe(201);
        const post = (await created.json()) as { id: string; title: string; tags: string[] };
        expect(post.tags).toEqual([tag]);
        expect(await newsPage(tag)).toContain(post.title);
        expect((await anonymousPage(tag)).items.map((item) => item.id)).toEqual([post.id]);
        const staffList = await send("GET", `/api/posts?page=1&tag=${encodeURIComponent(tag)}`);
        expect(staffList.status, await staffList.clone().text()).toBe(200);
        expect(((await staffList.json()) as Paged<{ id: string }>).total).toBe(1);
        expect(await listTags(`?q=${encodeURIComponent(tag)}`)).toEqual([{ tag, posts: 1 }]);

        const renamed = `x${Array.from(tag).slice(1).join("")}`;
        await change("PUT", tagPath(tag), { name: renamed });
        expect((await stored(post.id)).tags).toEqual([renamed]);
        expect(await newsPage(renamed)).toContain(post.title);

        await change("PUT", tagPath(renamed), { name: tag });
        expect((await send("DELETE", tagPath(tag))).status).toBe(204);
        expect((await stored(post.id)).tags).toEqual([]);
      });
    }

    it("refuses a tag one code point over the limit in every call, and a visitor finds nothing", async () => {
      for (const over of ["🐉".repeat(51), `${"e\u0301".repeat(25)}e`]) {
        const saved = await send("POST", "/api/posts", payload({ tags: [over] }));
        expect((await readError(saved, 400)).message).toBe(
          "Keep each tag to 50 characters or fewer.",
        );
        const tag = uniqueTag("short");
        const post = await createPost(db(), { tags: [tag] });
        const rename = await send("PUT", tagPath(tag), { name: over });
        expect((await readError(rename, 400)).message).toBe(
          "A tag can be at most 50 characters long",
        );
        const merge = await send("POST", "/api/tags/merge", { from: [tag], into: over });
        expect(merge.status).toBe(400);
        expect((await stored(post.id)).tags).toEqual([tag]);
        expect((await send("DELETE", tagPath(over))).status).toBe(404);
        expect((await send("GET", `/api/tags?q=${encodeURIComponent(over)}`)).status).toBe(400);
        const publicList = `/api/posts/published?page=1&tag=${encodeURIComponent(over)}`;
        expect((await server.request(publicList)).status).toBe(400);
        expect((await send("GET", `/api/posts?tag=${encodeURIComponent(over)}`)).status).toBe(400);
        expect(await newsPage(over)).toEqual([]);
      }
    });
  });

  /** The titles the news page of `tag` lists: its loader, as the page renders it. */
  async function newsPage(tag: string): Promise<string[]> {
    const context = new RouterContextProvider();
    context.set(serverContext, server.context);
    const url = `${server.config.siteUrl}/news?tag=${encodeURIComponent(tag)}`;
    const page = await newsLoader({ request: new Request(url), context } as never);
    return page.articles.map((article) => article.title);
  }

  /** The first page of the public list of `tag`, as a visitor asks (answered from the cache). */
  async function anonymousPage(tag: string): Promise<Paged<PostCardItem>> {
    const response = await server.request(
      `/api/posts/published?page=1&tag=${encodeURIComponent(tag)}`,
    );
    expect(response.status).toBe(200);
    return (await response.json()) as Paged<PostCardItem>;
  }
});
