import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SEO_FIELDS } from "#common/schemas/post-seo.ts";
import type { Post, PostSummary } from "#common/types/post.ts";
import { apiErrorHandler } from "#server/api/middleware/error-handler.ts";
import { HttpError } from "#server/errors.ts";
import { insertPost } from "#server/services/posts.server.ts";
import { createPost, fakePostRow, fromNow } from "#tests/factories/post.ts";
import { readError } from "#tests/helpers/http.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { listen, startTestServer, type TestServer } from "#tests/helpers/test-server.ts";
import { HOUR, POST_FIELDS } from "./posts.router.fixture.ts";

const FILLED_SEO = {
  metaTitle: "Sky Islands, a world in the clouds",
  metaDescription: "Floating islands to build on.",
  socialImage: "sky-islands-card.png",
  socialTitle: "Build in the sky",
  socialDescription: "Islands and waterfalls.",
  canonicalUrl: "https://partner.example/sky-islands",
  noIndex: true,
};

const SUMMARY_FIELDS = [
  "id",
  "title",
  "status",
  "category",
  "createdAt",
  "publishedAt",
  "slug",
  "excerpt",
].sort();

/** The ids of `list` that belong to `rows`, in the order the list has them. */
function idsAmong(list: { id: string }[], rows: { id: string }[]): string[] {
  const wanted = new Set(rows.map((row) => row.id));
  return list.map((item) => item.id).filter((id) => wanted.has(id));
}

describeEachDatabase("public posts API", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());
  const db = () => server.db.handle.db;

  async function getList<T>(path: string): Promise<T[]> {
    const response = await server.request(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    return (await response.json()) as T[];
  }

  describe("GET /api/posts/published", () => {
    it("answers published and due scheduled posts, newest first, with every field", async () => {
      const old = await createPost(db(), { title: "Old", createdAt: fromNow(-3 * HOUR) });
      const due = await createPost(db(), {
        title: "Due",
        status: "scheduled",
        scheduledAt: fromNow(-HOUR),
        timezone: "Asia/Tokyo",
        createdAt: fromNow(-2 * HOUR),
        tags: ["update", "worlds"],
      });
      const draft = await createPost(db(), {
        title: "Draft",
        status: "draft",
        createdAt: fromNow(-HOUR),
      });
      const future = await createPost(db(), {
        title: "Future",
        status: "scheduled",
        scheduledAt: fromNow(HOUR),
        createdAt: fromNow(-HOUR),
      });

      const posts = await getList<Post>("/api/posts/published");
      expect(idsAmong(posts, [old, due, draft, future])).toEqual([due.id, old.id]);
      expect(posts.find((p) => p.id === due.id)).toEqual({
        id: due.id,
        title: "Due",
        slug: due.slug,
        excerpt: due.excerpt,
        content: due.content,
        status: "published",
        category: "news",
        packType: null,
        marketplaceUrl: null,
        youtubeUrl: null,
        featuredImage: null,
        featuredImageAlt: null,
        scheduledAt: due.scheduledAt,
        timezone: "Asia/Tokyo",
        releaseDate: null,
        publishedAt: due.scheduledAt,
        createdAt: due.createdAt,
        updatedAt: due.updatedAt,
        tags: ["update", "worlds"],
        version: 1,
        ...DEFAULT_SEO_FIELDS,
      });
    });

    it("sends every field of a fully filled post, camelCase, with its stored values", async () => {
      const post = await createPost(db(), {
        title: "Sky Islands",
        category: "marketplace-content",
        packType: "world",
        marketplaceUrl: "https://marketplace.example/sky-islands",
        youtubeUrl: "https://www.youtube.com/watch?v=abc123",
        featuredImage: "sky-islands.webp",
        featuredImageAlt: "Floating islands at dusk",
        releaseDate: "2024-05-01T00:00:00.000Z",
        publishedAt: "2024-05-02T10:00:00.000Z",
        tags: ["worlds"],
        seo: FILLED_SEO,
      });

      const posts = await getList<Post>("/api/posts/published");
      const sent = posts.find((p) => p.id === post.id);
      expect(Object.keys(sent ?? {}).sort()).toEqual(POST_FIELDS);
      expect(sent).toEqual({
        id: post.id,
        title: "Sky Islands",
        slug: post.slug,
        excerpt: post.excerpt,
        content: post.content,
        status: "published",
        category: "marketplace-content",
        packType: "world",
        marketplaceUrl: "https://marketplace.example/sky-islands",
        youtubeUrl: "https://www.youtube.com/watch?v=abc123",
        featuredImage: "sky-islands.webp",
        featuredImageAlt: "Floating islands at dusk",
        scheduledAt: null,
        timezone: null,
        releaseDate: "2024-05-01T00:00:00.000Z",
        publishedAt: "2024-05-02T10:00:00.000Z",
        createdAt: post.createdAt,
        updatedAt: post.updatedAt,
        tags: ["worlds"],
        version: 1,
        ...FILLED_SEO,
      });
    });

    it("gives every post the same set of fields", async () => {
      const posts = await getList<Post>("/api/posts/published");
      expect(posts.length).toBeGreaterThan(0);
      for (const post of posts) expect(Object.keys(post).sort()).toEqual(POST_FIELDS);
    });

    it("hides drafts and posts scheduled for later", async () => {
      const draft = await createPost(db(), { status: "draft" });
      const future = await createPost(db(), {
        status: "scheduled",
        scheduledAt: fromNow(5 * 60_000),
      });
      const posts = await getList<Post>("/api/posts/published");
      expect(idsAmong(posts, [draft, future])).toEqual([]);
      for (const post of posts) expect(post.status).toBe("published");
    });

    it("shows a scheduled post once its time has come, as published at its scheduled time", async () => {
      const due = await createPost(db(), {
        status: "scheduled",
        scheduledAt: fromNow(-1000),
        timezone: "Europe/Berlin",
      });
      const sent = (await getList<Post>("/api/posts/published")).find((p) => p.id === due.id);
      expect(sent).toMatchObject({
        status: "published",
        scheduledAt: due.scheduledAt,
        publishedAt: due.scheduledAt,
        timezone: "Europe/Berlin",
      });
    });

    it("answers at most `limit` posts, the newest ones", async () => {
      const all = await getList<Post>("/api/posts/published");
      expect(all.length).toBeGreaterThan(3);
      const three = await getList<Post>("/api/posts/published?limit=3");
      expect(three.map((p) => p.id)).toEqual(all.slice(0, 3).map((p) => p.id));
      expect(await getList<Post>("/api/posts/published?limit=1")).toHaveLength(1);
    });

    it("answers 400 with the field's error for a limit that is not a positive whole number", async () => {
      for (const limit of ["0", "-1", "abc", "1.5", "Infinity", "1&limit=2"]) {
        const body = await readError(
          await server.request(`/api/posts/published?limit=${limit}`),
          400,
        );
        expect(body, `limit=${limit}`).toEqual({
          message: "limit must be a whole number of 1 or more.",
          errors: { limit: "limit must be a whole number of 1 or more." },
        });
      }
    });

    it("ignores query parameters it does not know", async () => {
      const response = await server.request("/api/posts/published?limit=2&status=draft&x=1");
      expect(response.status).toBe(200);
      expect(await response.json()).toHaveLength(2);
    });
  });

  describe("GET /api/posts/public", () => {
    it("answers only id, title, status, category, createdAt, publishedAt, slug and excerpt", async () => {
      const post = await createPost(db(), {
        title: "Summary",
        category: "youtube",
        youtubeUrl: "https://www.youtube.com/watch?v=xyz",
        tags: ["video"],
      });
      const summaries = await getList<PostSummary>("/api/posts/public");
      expect(summaries.length).toBeGreaterThan(0);
      for (const summary of summaries) expect(Object.keys(summary).sort()).toEqual(SUMMARY_FIELDS);
      expect(summaries.find((s) => s.id === post.id)).toEqual({
        id: post.id,
        title: "Summary",
        status: "published",
        category: "youtube",
        createdAt: post.createdAt,
        publishedAt: post.publishedAt,
        slug: post.slug,
        excerpt: post.excerpt,
      });
    });

    it("hides drafts and future scheduled posts and shows due ones as published", async () => {
      const draft = await createPost(db(), { status: "draft" });
      const future = await createPost(db(), { status: "scheduled", scheduledAt: fromNow(HOUR) });
      const due = await createPost(db(), { status: "scheduled", scheduledAt: fromNow(-HOUR) });
      const summaries = await getList<PostSummary>("/api/posts/public");
      expect(idsAmong(summaries, [draft, future, due])).toEqual([due.id]);
      expect(summaries.find((s) => s.id === due.id)).toMatchObject({
        status: "published",
        publishedAt: due.scheduledAt,
      });
    });

    it("lists the same posts in the same order as /api/posts/published", async () => {
      const published = await getList<Post>("/api/posts/published");
      const summaries = await getList<PostSummary>("/api/posts/public");
      expect(summaries.map((s) => s.id)).toEqual(published.map((p) => p.id));
    });

    it("answers at most `limit` summaries and 400 for a bad limit", async () => {
      expect(await getList<PostSummary>("/api/posts/public?limit=2")).toHaveLength(2);
      const body = await readError(await server.request("/api/posts/public?limit=-5"), 400);
      expect(body.errors).toEqual({ limit: "limit must be a whole number of 1 or more." });
    });
  });

  describe("GET /api/posts/slug/:slug", () => {
    it("answers a published post with every field", async () => {
      const post = await createPost(db(), { title: "By slug", tags: ["a"] });
      const response = await server.request(`/api/posts/slug/${post.slug}`);
      expect(response.status).toBe(200);
      const sent = (await response.json()) as Post;
      expect(Object.keys(sent).sort()).toEqual(POST_FIELDS);
      expect(sent).toMatchObject({
        id: post.id,
        title: "By slug",
        slug: post.slug,
        status: "published",
        publishedAt: post.publishedAt,
        tags: ["a"],
      });
    });

    it("answers a scheduled post whose time has come, as published", async () => {
      const due = await createPost(db(), { status: "scheduled", scheduledAt: fromNow(-HOUR) });
      const response = await server.request(`/api/posts/slug/${due.slug}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        id: due.id,
        status: "published",
        publishedAt: due.scheduledAt,
      });
    });

    it("answers 404 JSON for a draft, a future scheduled post and an unknown slug", async () => {
      const draft = await createPost(db(), { status: "draft" });
      const future = await createPost(db(), { status: "scheduled", scheduledAt: fromNow(HOUR) });
      for (const slug of [draft.slug, future.slug, "no-such-post"]) {
        const body = await readError(await server.request(`/api/posts/slug/${slug}`), 404);
        expect(body).toEqual({ message: "That post does not exist or is not published." });
      }
    });

    it("finds a post whose slug has non-ASCII characters", async () => {
      const post = await createPost(db(), { slug: "café-über-🙂" });
      const response = await server.request(`/api/posts/slug/${encodeURIComponent(post.slug)}`);
      expect(response.status).toBe(200);
      expect((await response.json()).id).toBe(post.id);
    });

    it("answers 404 JSON, never a crash, for slugs with odd characters", async () => {
      const odd = [
        "%00",
        "a%00b",
        "a%2Fb",
        "..%2F..%2Fetc%2Fpasswd",
        "'%20OR%201%3D1--",
        "%22%3E%3Cscript%3E",
        "%F0%9F%98%80",
        "%20",
        "a%25b",
        "x".repeat(5000),
      ];
      for (const slug of odd) {
        const body = await readError(await server.request(`/api/posts/slug/${slug}`), 404);
        expect(body.message, slug).toBe("That post does not exist or is not published.");
      }
    });

    it("answers 400 JSON for a slug that is not valid percent-encoding", async () => {
      for (const slug of ["%", "%E0%A4%A", "%ZZ", "%ED%A0%80"]) {
        const body = await readError(await server.request(`/api/posts/slug/${slug}`), 400);
        expect(body.message, slug).toMatch(/address|URL/i);
      }
    });
  });

  describe("slug uniqueness", () => {
    it("answers 409 when the slug is taken, and leaves the existing post alone", async () => {
      const existing = await createPost(db(), { title: "First" });
      const attempt = insertPost(db(), {
        title: "Second",
        slug: existing.slug,
        content: "<p>Other</p>",
        status: "published",
      });
      await expect(attempt).rejects.toBeInstanceOf(HttpError);
      await expect(attempt).rejects.toMatchObject({
        status: 409,
        message: "That slug is already used by another post.",
      });
      const response = await server.request(`/api/posts/slug/${existing.slug}`);
      expect((await response.json()).title).toBe("First");
    });

    it("turns the conflict into a 409 JSON answer through the error middleware", async () => {
      const existing = await createPost(db());
      const app = express();
      app.post("/service", async () => {
        await insertPost(db(), { title: "Clash", slug: existing.slug, content: "<p>x</p>" });
      });
      // A raw unique violation from the database, without the service's own message.
      app.post("/raw", async () => {
        await db()
          .insertInto("posts")
          .values(fakePostRow({ slug: existing.slug }))
          .execute();
      });
      app.use(apiErrorHandler);
      const { url, close } = await listen(app);
      try {
        const viaService = await readError(await fetch(`${url}/service`, { method: "POST" }), 409);
        expect(viaService).toEqual({ message: "That slug is already used by another post." });
        const raw = await readError(await fetch(`${url}/raw`, { method: "POST" }), 409);
        expect(raw).toEqual({ message: "That already exists." });
      } finally {
        await close();
      }
    });
  });
});
