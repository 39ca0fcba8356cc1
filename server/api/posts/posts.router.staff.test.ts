import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Post } from "#common/types/post.ts";
import { BODY_LIMITS } from "#server/http/body-limits.server.ts";
import { readError } from "#tests/helpers/http.ts";
import type { SignedIn } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import {
  expectRecent,
  HOUR,
  payload,
  STAFF_POST_FIELDS,
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
  const { send, create, edit, storedRow } = staffPostCalls(() => ({ server, employee }));

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
      expect(Object.keys(post).sort()).toEqual(STAFF_POST_FIELDS);
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
        category: "Choose a category: News, Marketplace Content or YouTube.",
        marketplaceUrl:
          "Enter the marketplace link as an address starting with http:// or https://.",
        youtubeUrl: "Enter the YouTube link as an address starting with http:// or https://.",
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
        timezone: "Please choose a time zone from the list",
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
        payload({ content: `<p>${"x".repeat(BODY_LIMITS.post)}</p>` }),
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

      it("removes images whose path leaves /uploads/ through dot segments, on create and edit", async () => {
        const hostile =
          '<p>Hello</p><img src="/uploads/../api/logout" alt=""><img src="/uploads/%2e%2e/api/logout"><img src="/uploads/..%2fapi%2flogout"><img src="/uploads/a.png" alt="A">';
        const post = await create({ content: hostile });
        expect(post.content).toBe('<p>Hello</p><img src="/uploads/a.png" alt="A">');
        expect((await storedRow(post.id)).content).toBe(post.content);
        const edited = await edit(post, { content: `${hostile}<p>More</p>` });
        expect(edited.content).toBe('<p>Hello</p><img src="/uploads/a.png" alt="A"><p>More</p>');
        expect((await storedRow(post.id)).content).not.toContain("api");
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

      it("keeps no scheduled time on a post that is not scheduled, but keeps its time zone", async () => {
        const post = await create({
          status: "draft",
          scheduledAt: "2027-03-14T09:00",
          timezone: "Asia/Tokyo",
        });
        expect(post).toMatchObject({ scheduledAt: null, timezone: "Asia/Tokyo" });
        const published = await edit(post, { status: "published", timezone: "Europe/Berlin" });
        expect(published).toMatchObject({ scheduledAt: null, timezone: "Europe/Berlin" });
        const unscheduled = await edit(
          await edit(published, { status: "scheduled", scheduledAt: "2099-01-01T09:00" }),
          { status: "draft" },
        );
        expect(unscheduled).toMatchObject({ scheduledAt: null, timezone: "Europe/Berlin" });
        expect(await storedRow(post.id)).toMatchObject({
          scheduledAt: null,
          timezone: "Europe/Berlin",
        });
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
  });
});
