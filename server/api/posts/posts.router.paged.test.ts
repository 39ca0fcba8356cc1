import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Post } from "#common/types/post.ts";
import type { Paged, PostCardItem } from "#common/types/post-list.ts";
import { createManyPosts, fromNow } from "#tests/factories/post.ts";
import { readError } from "#tests/helpers/http.ts";
import { requestAs, type SignedIn } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { HOUR, startWithEmployee } from "./posts.router.fixture.ts";

const CARD_FIELDS = [
  "id",
  "title",
  "slug",
  "excerpt",
  "status",
  "category",
  "featuredImage",
  "featuredImageAlt",
  "publishedAt",
  "createdAt",
].sort();

const TITLES = ["Zebra Falls", "alpine Lodge", "Mossy Caves", "Zeppelin Docks", "Bramble Keep"];

describeEachDatabase("paged public list calls", (kind) => {
  let server: TestServer;
  let employee: SignedIn;
  /** The visible posts, newest publication first. */
  let visible: { id: string }[] = [];
  let hidden: { id: string }[] = [];

  beforeAll(async () => {
    ({ server, employee } = await startWithEmployee(kind));
    const db = server.db.handle.db;
    // 30 visible posts, one an hour, of three categories; a draft and a post scheduled for later.
    const rows = await createManyPosts(db, 30, (i) => ({
      title: i < TITLES.length ? (TITLES[i] ?? "") : `Update ${String(i).padStart(2, "0")}`,
      excerpt: i === 7 ? "Dragons 100% ready_now" : `Excerpt ${i}`,
      category: ["news", "youtube", "marketplace-content"][i % 3],
      createdAt: fromNow(-(30 - i) * HOUR),
      publishedAt: fromNow(-(30 - i) * HOUR),
    }));
    visible = [...rows].reverse();
    hidden = await createManyPosts(db, 2, (i) =>
      i === 0
        ? { title: "Zebra Draft", status: "draft", publishedAt: null, createdAt: fromNow(-1000) }
        : {
            title: "Zebra Later",
            status: "scheduled",
            scheduledAt: fromNow(48 * HOUR),
            publishedAt: null,
            createdAt: fromNow(-1000),
          },
    );
  });
  afterAll(() => server.close());

  async function getPage(path: string, as?: SignedIn): Promise<Paged<PostCardItem>> {
    const response = as ? await requestAs(server, as, path) : await server.request(path);
    expect(response.status, path).toBe(200);
    return (await response.json()) as Paged<PostCardItem>;
  }

  for (const call of ["/api/posts/published", "/api/posts/public"]) {
    describe(`GET ${call}?page=`, () => {
      it("answers one page of list cards, newest publication first, with the totals", async () => {
        const first = await getPage(`${call}?page=1&limit=12`);
        expect(first).toMatchObject({ page: 1, pageSize: 12, total: 30, totalPages: 3 });
        expect(first.items.map((item) => item.id)).toEqual(visible.slice(0, 12).map((r) => r.id));
        for (const item of first.items) expect(Object.keys(item).sort()).toEqual(CARD_FIELDS);
        const third = await getPage(`${call}?page=3&limit=12`);
        expect(third.items.map((item) => item.id)).toEqual(visible.slice(24).map((r) => r.id));
      });

      it("takes 12 to a page when no limit is given, and answers an empty page past the last", async () => {
        const page = await getPage(`${call}?page=2`);
        expect(page.pageSize).toBe(12);
        expect(page.items).toHaveLength(12);
        const past = await getPage(`${call}?page=9`);
        expect(past).toMatchObject({ page: 9, total: 30, totalPages: 3, items: [] });
      });

      it("searches titles and excerpts ignoring case, taking % and _ literally", async () => {
        const zs = await getPage(`${call}?page=1&q=ZE`);
        expect(zs.items.map((item) => item.title).sort()).toEqual([
          "Zebra Falls",
          "Zeppelin Docks",
        ]);
        expect(zs.total).toBe(2);
        const literal = await getPage(`${call}?page=1&q=${encodeURIComponent("100% ready_")}`);
        expect(literal.items.map((item) => item.excerpt)).toEqual(["Dragons 100% ready_now"]);
        expect((await getPage(`${call}?page=1&q=${encodeURIComponent("1_0")}`)).total).toBe(0);
      });

      it("filters by category and sorts oldest first or by title", async () => {
        const youtube = await getPage(`${call}?page=1&category=youtube&limit=100`);
        expect(youtube.total).toBe(10);
        expect(youtube.items.every((item) => item.category === "youtube")).toBe(true);
        const oldest = await getPage(`${call}?page=1&sort=oldest&limit=3`);
        expect(oldest.items.map((item) => item.id)).toEqual(
          visible
            .slice(-3)
            .reverse()
            .map((r) => r.id),
        );
        const byTitle = await getPage(`${call}?page=1&sort=title&limit=3`);
        expect(byTitle.items.map((item) => item.title)).toEqual([
          "alpine Lodge",
          "Bramble Keep",
          "Mossy Caves",
        ]);
      });

      it("refuses bad paging parameters with 400 and a message", async () => {
        for (const [query, message] of [
          ["page=0", "page must be a whole number from 1 to 100000."],
          ["page=abc", "page must be a whole number from 1 to 100000."],
          ["page=1.5", "page must be a whole number from 1 to 100000."],
          ["page=", "page must be a whole number from 1 to 100000."],
          ["page=1&limit=0", "limit must be a whole number of 1 or more."],
          ["page=1&category=blog", "category must be one of: news, marketplace-content, youtube."],
          ["page=1&sort=random", "sort must be newest, oldest or title."],
          [`page=1&q=${"x".repeat(201)}`, "q must be at most 200 characters."],
          ["page=1&page=2", "page must be a whole number from 1 to 100000."],
        ] as const) {
          const response = await server.request(`${call}?${query}`);
          expect((await readError(response, 400)).message, query).toBe(message);
        }
      });
    });
  }

  it("shows the public no drafts or posts scheduled for later in a page; staff see them in /public", async () => {
    const anonymous = await getPage("/api/posts/public?page=1&q=zebra");
    expect(anonymous.items.map((item) => item.title)).toEqual(["Zebra Falls"]);
    const staff = await getPage("/api/posts/public?page=1&q=zebra", employee);
    expect(staff.items.map((item) => item.title).sort()).toEqual([
      "Zebra Draft",
      "Zebra Falls",
      "Zebra Later",
    ]);
    expect(hidden).toHaveLength(2);
    const published = await getPage("/api/posts/published?page=1&q=zebra", employee);
    expect(published.total).toBe(1);
  });

  it("answers the unpaged forms as before: every visible post, full shape or summary", async () => {
    const response = await server.request("/api/posts/published?limit=5");
    const posts = (await response.json()) as Post[];
    expect(posts.map((post) => post.id)).toEqual(visible.slice(0, 5).map((r) => r.id));
    expect(posts[0]).toHaveProperty("content");
    // Search parameters belong to the paged form; without `page` they change nothing.
    const all = (await (await server.request("/api/posts/public?q=zebra")).json()) as unknown[];
    expect(all).toHaveLength(30);
  });
});
