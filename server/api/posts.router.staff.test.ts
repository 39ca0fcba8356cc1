import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PostFormValues } from "#common/schemas/post.ts";
import type { Post, PostSummary } from "#common/types/post.ts";
import { UPLOAD_MESSAGES, uploadsDir } from "#server/storage/uploads.server.ts";
import { createPost, fromNow } from "#tests/factories/post.ts";
import { readError } from "#tests/helpers/http.ts";
import { pngClaimingSize, solidImage, uploadImage } from "#tests/helpers/images.ts";
import { requestAs, type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";
import { POST_BODY_LIMIT } from "./posts.router.ts";

const HOUR = 3_600_000;

/** Every field of the Post type (common/types/post.ts). */
const POST_FIELDS = [
  "id",
  "title",
  "slug",
  "excerpt",
  "content",
  "status",
  "category",
  "packType",
  "marketplaceUrl",
  "youtubeUrl",
  "featuredImage",
  "featuredImageAlt",
  "scheduledAt",
  "timezone",
  "releaseDate",
  "publishedAt",
  "createdAt",
  "updatedAt",
  "tags",
].sort();

let counter = 0;
/** A valid editor payload with a unique title and slug. */
function payload(
  overrides: Record<string, unknown> = {},
): PostFormValues & Record<string, unknown> {
  counter += 1;
  const id = `${Date.now().toString(36)}-${counter}`;
  return {
    title: `Post ${id}`,
    slug: `post-${id}`,
    content: `<p>Content of post ${id}.</p>`,
    excerpt: null,
    status: "draft",
    category: "news",
    tags: [],
    scheduledAt: null,
    ...overrides,
  };
}

/** A timestamp within the last minute, as the server's clock sees it. */
function expectRecent(iso: string | null) {
  expect(iso).not.toBeNull();
  const age = Date.now() - Date.parse(iso ?? "");
  expect(age).toBeGreaterThanOrEqual(-1000);
  expect(age).toBeLessThan(60_000);
}

describeEachDatabase("staff posts API", (kind) => {
  let server: TestServer;
  let employee: SignedIn;
  let employeeUserId: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    employee = await signInAs(server, "employee");
    const me = await requestAs(server, employee, "/api/auth/user");
    employeeUserId = ((await me.json()) as { id: string }).id;
  });
  afterAll(() => server?.close());
  const db = () => server.db.handle.db;

  const send = (method: string, path: string, body?: unknown) =>
    requestAs(server, employee, path, { method, body });

  async function create(overrides: Parameters<typeof payload>[0] = {}): Promise<Post> {
    const response = await send("POST", "/api/posts", payload(overrides));
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as Post;
  }

  async function update(id: string, body: unknown): Promise<Post> {
    const response = await send("PUT", `/api/posts/${id}`, body);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as Post;
  }

  /** The post as PUT takes it back: what GET /api/posts/:id answered, edited. */
  async function edit(post: Post, changes: Record<string, unknown>): Promise<Post> {
    return update(post.id, { ...post, ...changes });
  }

  async function storedRow(id: string) {
    return db().selectFrom("posts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  }

  describe("POST /api/posts", () => {
    it("creates a draft with the defaults, answers 201 with every field, and records the author", async () => {
      const body = {
        title: "  Pocket Dragons  ",
        slug: "pocket-dragons-123456",
        content: "<p>Hatch an egg.</p>",
      };
      const response = await send("POST", "/api/posts", body);
      expect(response.status).toBe(201);
      const post = (await response.json()) as Post;
      expect(Object.keys(post).sort()).toEqual(POST_FIELDS);
      expect(post).toMatchObject({
        title: "Pocket Dragons",
        slug: "pocket-dragons-123456",
        content: "<p>Hatch an egg.</p>",
        excerpt: null,
        status: "draft",
        category: "news",
        packType: null,
        marketplaceUrl: null,
        youtubeUrl: null,
        featuredImage: null,
        featuredImageAlt: null,
        scheduledAt: null,
        timezone: null,
        releaseDate: null,
        publishedAt: null,
        tags: [],
      });
      expect(post.id).toMatch(/^[0-9a-f-]{36}$/);
      expectRecent(post.createdAt);
      expect(post.updatedAt).toBe(post.createdAt);
      expect((await storedRow(post.id)).authorId).toBe(employeeUserId);

      const fetched = await send("GET", `/api/posts/${post.id}`);
      expect(fetched.status).toBe(200);
      expect(await fetched.json()).toEqual(post);
    });

    it("sets publishedAt when a post is created published", async () => {
      const post = await create({ status: "published", tags: ["news", "worlds"] });
      expect(post.status).toBe("published");
      expectRecent(post.publishedAt);
      expect(post.tags).toEqual(["news", "worlds"]);
      const pub = await server.request(`/api/posts/slug/${post.slug}`);
      expect(pub.status).toBe(200);
    });

    it("answers 400 with every field's message for an empty form", async () => {
      const body = await readError(await send("POST", "/api/posts", {}), 400);
      expect(body).toEqual({
        message: "Title is required",
        errors: {
          title: "Title is required",
          slug: "Slug is required",
          content: "Content is required",
        },
      });
      const empty = await readError(
        await send("POST", "/api/posts", payload({ content: "<p></p>" })),
        400,
      );
      expect(empty.errors).toEqual({ content: "Content is required" });
    });

    it("answers 400 with the schema's messages for wrong values", async () => {
      const body = await readError(
        await send(
          "POST",
          "/api/posts",
          payload({
            status: "scheduled",
            category: "blog",
            marketplaceUrl: "not a url",
            youtubeUrl: "javascript:alert(1)",
          }),
        ),
        400,
      );
      expect(body.errors).toEqual({
        category: "Category must be news, marketplace-content or youtube",
        marketplaceUrl: "Marketplace URL must be a valid URL",
        youtubeUrl: "YouTube URL must be a valid URL",
        scheduledAt: "Please select a date and time",
      });
      const scheduled = await readError(
        await send("POST", "/api/posts", payload({ status: "scheduled" })),
        400,
      );
      expect(scheduled).toEqual({
        message: "Please select a date and time",
        errors: { scheduledAt: "Please select a date and time" },
      });
      const zone = await readError(
        await send(
          "POST",
          "/api/posts",
          payload({
            status: "scheduled",
            scheduledAt: "2099-01-01T09:00",
            timezone: "Nowhere/City",
          }),
        ),
        400,
      );
      expect(zone.errors).toEqual({
        timezone: "Please select a valid time zone (an IANA name such as Europe/Berlin)",
      });
    });

    it("answers 400 for a body that is not JSON and 413 for one over the limit", async () => {
      const notJson = await server.request("/api/posts", {
        method: "POST",
        headers: {
          origin: server.url,
          cookie: employee.cookie,
          "content-type": "application/json",
        },
        body: "{title:",
      });
      expect((await readError(notJson, 400)).message).toBe("The request body is not valid JSON.");
      const huge = await send(
        "POST",
        "/api/posts",
        payload({ content: `<p>${"x".repeat(POST_BODY_LIMIT)}</p>` }),
      );
      expect((await readError(huge, 413)).message).toBe("The request body is too large.");
    });

    it("answers 409 when the slug is taken, and changes nothing", async () => {
      const existing = await create({ title: "First" });
      const response = await send("POST", "/api/posts", payload({ slug: existing.slug }));
      expect(await readError(response, 409)).toEqual({
        message: "That slug is already used by another post.",
      });
      const upper = await send(
        "POST",
        "/api/posts",
        payload({ slug: existing.slug.toUpperCase() }),
      );
      await readError(upper, 409);
      const all = (await (await send("GET", "/api/posts")).json()) as Post[];
      expect(all.filter((p) => p.slug === existing.slug)).toHaveLength(1);
    });

    it("drops fields the form does not have: id, author, dates", async () => {
      const post = await create({
        id: "00000000-0000-4000-8000-000000000000",
        authorId: "someone-else",
        publishedAt: "2001-01-01T00:00:00.000Z",
        createdAt: "2001-01-01T00:00:00.000Z",
        updatedAt: "2001-01-01T00:00:00.000Z",
      });
      expect(post.id).not.toBe("00000000-0000-4000-8000-000000000000");
      expect(post.publishedAt).toBeNull();
      expectRecent(post.createdAt);
      expect((await storedRow(post.id)).authorId).toBe(employeeUserId);
    });

    it("keeps packType, marketplaceUrl and releaseDate only for marketplace content", async () => {
      const fields = {
        packType: "world",
        marketplaceUrl: "https://www.minecraft.net/marketplace/pdp?id=sky",
        releaseDate: "2027-05-01",
        youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      };
      const news = await create({ ...fields, category: "news" });
      expect(news).toMatchObject({
        packType: null,
        marketplaceUrl: null,
        releaseDate: null,
        youtubeUrl: fields.youtubeUrl,
      });
      const pack = await create({ ...fields, category: "marketplace-content" });
      expect(pack).toMatchObject({
        packType: "world",
        marketplaceUrl: fields.marketplaceUrl,
        releaseDate: "2027-05-01T00:00:00.000Z",
        youtubeUrl: fields.youtubeUrl,
      });
      const moved = await edit(pack, { category: "youtube" });
      expect(moved).toMatchObject({ packType: null, marketplaceUrl: null, releaseDate: null });
    });

    describe("sanitizing the HTML", () => {
      it("removes scripts, event handlers and javascript: links", async () => {
        const post = await create({
          content:
            '<p onclick="alert(1)">Hello <a href="javascript:alert(2)">there</a></p><script>alert(3)</script><img src="x" onerror="alert(4)"><img src="/uploads/a.png" alt="A" onload="alert(5)"><iframe src="https://evil.example/embed"></iframe><p style="color:red">styled</p>',
        });
        expect(post.content).toBe(
          '<p>Hello there</p><img src="/uploads/a.png" alt="A"><p>styled</p>',
        );
        const stored = await storedRow(post.id);
        expect(stored.content).toBe(post.content);
        expect(stored.content).not.toMatch(/script|onerror|onload|onclick|javascript:|evil/i);
      });

      it("stores what the editor writes byte for byte", async () => {
        const html =
          '<h1>Pocket Dragons</h1><p>Find an <strong>egg</strong>, keep it <em>warm</em>.<br>Then fly.</p><h2>What\'s inside</h2><ul><li><p>5 species</p></li><li><p>A <code>hatchery</code></p></li></ul><ol start="3"><li><p>Hatch</p></li></ol><blockquote><p>Tip: 5&nbsp;blocks &amp; more.</p></blockquote><p>See <a href="/news">the news</a> or <a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/a?b=1&amp;c=2">elsewhere</a>.</p><img src="/uploads/dragon.png" alt="Dragon"><div data-youtube-video=""><iframe width="640" height="480" allowfullscreen="true" src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe></div>';
        const post = await create({ content: html });
        expect(post.content).toBe(html);
        expect((await storedRow(post.id)).content).toBe(html);
      });

      it("keeps an absolute link to the site itself as a link inside the site", async () => {
        const html = `<p><a href="${server.config.siteUrl}/news">News</a></p>`;
        expect((await create({ content: html })).content).toBe(html);
      });

      it("answers 'Content is required' when nothing is left after sanitizing", async () => {
        const body = await readError(
          await send("POST", "/api/posts", payload({ content: "<script>alert(1)</script>" })),
          400,
        );
        expect(body).toEqual({
          message: "Content is required",
          errors: { content: "Content is required" },
        });
      });
    });

    describe("scheduling", () => {
      it("stores 09:00 in Tokyo as 00:00 UTC, with the zone", async () => {
        const post = await create({
          status: "scheduled",
          scheduledAt: "2027-03-14T09:00",
          timezone: "Asia/Tokyo",
        });
        expect(post).toMatchObject({
          status: "scheduled",
          scheduledAt: "2027-03-14T00:00:00.000Z",
          timezone: "Asia/Tokyo",
          publishedAt: null,
        });
      });

      it("stores 09:00 in New York at the right instant on either side of a daylight-saving change", async () => {
        const cases = [
          ["2027-03-13T09:00", "2027-03-13T14:00:00.000Z"],
          ["2027-03-15T09:00", "2027-03-15T13:00:00.000Z"],
          ["2027-11-06T09:00", "2027-11-06T13:00:00.000Z"],
          ["2027-11-08T09:00", "2027-11-08T14:00:00.000Z"],
        ] as const;
        for (const [local, utc] of cases) {
          const post = await create({
            status: "scheduled",
            scheduledAt: local,
            timezone: "America/New_York",
          });
          expect(post.scheduledAt, local).toBe(utc);
          expect(post.timezone).toBe("America/New_York");
        }
      });

      it("takes an ISO instant as that instant", async () => {
        const post = await create({
          status: "scheduled",
          scheduledAt: "2027-03-14T09:00:00+09:00",
          timezone: "Asia/Tokyo",
        });
        expect(post.scheduledAt).toBe("2027-03-14T00:00:00.000Z");
      });

      it("refuses a new scheduled time that has already passed", async () => {
        const body = await readError(
          await send(
            "POST",
            "/api/posts",
            payload({ status: "scheduled", scheduledAt: "2020-01-01T09:00", timezone: "UTC" }),
          ),
          400,
        );
        expect(body.errors).toEqual({
          scheduledAt:
            "That time has already passed. Choose a later time, or publish the post now.",
        });
      });

      it("keeps no schedule on a post that is not scheduled", async () => {
        const post = await create({
          status: "draft",
          scheduledAt: "2027-03-14T09:00",
          timezone: "Asia/Tokyo",
        });
        expect(post).toMatchObject({ scheduledAt: null, timezone: null });
      });

      it("keeps a scheduled post from the public until its time", async () => {
        const post = await create({
          status: "scheduled",
          scheduledAt: new Date(Date.now() + HOUR).toISOString(),
        });
        await readError(await server.request(`/api/posts/slug/${post.slug}`), 404);
        const published = (await (await server.request("/api/posts/published")).json()) as Post[];
        expect(published.map((p) => p.id)).not.toContain(post.id);
      });
    });

    describe("featured image", () => {
      it("stores a data: URL image as an upload file and keeps the file name", async () => {
        const png = await solidImage("png", 1200, 630);
        const post = await create({
          featuredImage: `data:image/png;base64,${png.toString("base64")}`,
        });
        expect(post.featuredImage).toMatch(/^[0-9a-f]{32}\.png$/);
        const stored = await storedRow(post.id);
        expect(stored.featuredImage).toBe(post.featuredImage);
        const file = path.join(uploadsDir(server.db.dataDir), post.featuredImage ?? "");
        expect(await sharp(readFileSync(file)).metadata()).toMatchObject({
          format: "png",
          width: 1200,
          height: 630,
        });
        expect(existsSync(file.replace(/\.png$/, ".webp"))).toBe(true);
        const served = await server.request(`/uploads/${post.featuredImage}`);
        expect(served.status).toBe(200);
        expect(served.headers.get("content-type")).toBe("image/png");
      });

      it("judges a data: image by its content, not its declared type", async () => {
        const jpeg = await solidImage("jpeg", 480, 360);
        const post = await create({
          featuredImage: `data:image/png;base64,${jpeg.toString("base64")}`,
        });
        expect(post.featuredImage).toMatch(/^[0-9a-f]{32}\.jpg$/);
      });

      it("answers 400 on the field for a data: URL that is not a usable PNG or JPEG", async () => {
        const cases: [Buffer, string][] = [
          [Buffer.from("<svg onload=alert(1)>"), UPLOAD_MESSAGES.wrongType],
          [await solidImage("gif", 8, 8), UPLOAD_MESSAGES.wrongType],
          [pngClaimingSize(50_000, 50_000), UPLOAD_MESSAGES.tooManyPixels],
          [(await solidImage("png", 8, 8)).subarray(0, 20), UPLOAD_MESSAGES.broken],
        ];
        for (const [bytes, message] of cases) {
          const body = await readError(
            await send(
              "POST",
              "/api/posts",
              payload({ featuredImage: `data:image/png;base64,${bytes.toString("base64")}` }),
            ),
            400,
          );
          expect(body).toEqual({ message, errors: { featuredImage: message } });
        }
      });

      it("keeps an http(s) URL and turns /uploads/{name} into {name}", async () => {
        const remote = "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg";
        expect((await create({ featuredImage: remote })).featuredImage).toBe(remote);
        const uploaded = await uploadImage(server, employee, {
          bytes: await solidImage("png", 20, 20),
          name: "cover.png",
          type: "image/png",
        });
        const { url } = (await uploaded.json()) as { url: string };
        const name = url.slice("/uploads/".length);
        expect((await create({ featuredImage: url })).featuredImage).toBe(name);
        expect((await create({ featuredImage: name })).featuredImage).toBe(name);
      });

      it("answers 400 for a file name that is not an uploaded file", async () => {
        const message =
          "The featured image is not among the uploaded files. Please upload it again.";
        for (const featuredImage of [
          "missing-file.png",
          "/uploads/missing-file.jpg",
          "studio.db",
        ]) {
          const body = await readError(
            await send("POST", "/api/posts", payload({ featuredImage })),
            400,
          );
          expect(body, featuredImage).toEqual({ message, errors: { featuredImage: message } });
        }
      });

      it("leaves an unchanged featured image alone on update, even if its file is gone", async () => {
        const row = await createPost(db(), { featuredImage: "long-gone.png", status: "draft" });
        const post = (await (await send("GET", `/api/posts/${row.id}`)).json()) as Post;
        const updated = await edit(post, { title: "Renamed" });
        expect(updated.featuredImage).toBe("long-gone.png");
      });
    });
  });

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
