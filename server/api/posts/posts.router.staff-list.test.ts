import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEFAULT_STAFF_POST_SORT,
  STAFF_POST_SORTS,
  type StaffPostSort,
} from "#common/constants.ts";
import { STAFF_PAGE_SIZE } from "#common/paging.ts";
import type { Post } from "#common/types/post.ts";
import type { Paged, PostAuthor, StaffPostRow } from "#common/types/post-list.ts";
import { createManyPosts, fromNow } from "#tests/factories/post.ts";
import { readError } from "#tests/helpers/http.ts";
import { requestAs, type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { HOUR, startWithEmployee } from "./posts.router.fixture.ts";

const STAFF_ROW_FIELDS = [
  "id",
  "title",
  "slug",
  "status",
  "category",
  "packType",
  "featuredImage",
  "featuredImageAlt",
  "tags",
  "author",
  "scheduledAt",
  "timezone",
  "publishedAt",
  "createdAt",
  "updatedAt",
  "marketplaceUrl",
  "version",
  "changesNotLive",
  "newsletterOnPublish",
].sort();

type PostRow = Awaited<ReturnType<typeof createManyPosts>>[number];

const TITLES = ["Zebra Falls", "alpine Lodge", "100% Pure Redstone", "snake_case tips", "Bramble"];
const PACKS = ["world", "skin-pack", "addon"];

/** The posts a sort lists, in its order: by the key, ties by id, posts without the key last. */
function sortedBy(rows: PostRow[], sort: StaffPostSort): PostRow[] {
  const descending = sort.startsWith("-");
  const field = sort.replace("-", "") as "title" | "createdAt" | "updatedAt" | "publishedAt";
  const keyOf = (row: PostRow) =>
    field === "title" ? row.title.toLowerCase() : (row[field] as string | null);
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const withKey = rows.filter((row) => keyOf(row) !== null);
  const withoutKey = rows.filter((row) => keyOf(row) === null);
  const sign = descending ? -1 : 1;
  withKey.sort((a, b) => sign * (compare(keyOf(a) ?? "", keyOf(b) ?? "") || compare(a.id, b.id)));
  withoutKey.sort((a, b) => sign * compare(a.id, b.id));
  return [...withKey, ...withoutKey];
}

describeEachDatabase("the staff post list (GET /api/posts?page=)", (kind) => {
  let server: TestServer;
  let employee: SignedIn;
  let employeeUserId: string;
  let adminUserId: string;
  let rows: PostRow[] = [];
  const base = Date.now() - 100 * HOUR;
  const at = (hours: number) => new Date(base + hours * HOUR).toISOString();

  beforeAll(async () => {
    ({ server, employee, employeeUserId } = await startWithEmployee(kind));
    const admin = await signInAs(server, "admin");
    const me = await requestAs(server, admin, "/api/auth/user");
    adminUserId = ((await me.json()) as { id: string }).id;
    const db = server.db.handle.db;
    // 30 posts: a third each published, draft and scheduled; three categories; three posts
    // edited at the same moment (ties); two authors and one post whose author is gone.
    rows = await createManyPosts(db, 30, (i) => {
      const status = ["published", "draft", "scheduled"][i % 3] ?? "draft";
      const category = ["news", "marketplace-content", "youtube"][i % 3] ?? "news";
      return {
        title: TITLES[i] ?? `Update ${String(i).padStart(2, "0")}`,
        content: i === 13 ? "<p>Ships to ZANZIBAR soon.</p>" : `<p>Post number ${i}.</p>`,
        excerpt: i === 14 ? "Cross-play at last" : null,
        status,
        category,
        packType: category === "marketplace-content" ? (PACKS[i % PACKS.length] ?? null) : null,
        publishedAt: status === "published" ? at(i) : null,
        scheduledAt: status === "scheduled" ? fromNow((i + 1) * 24 * HOUR) : null,
        timezone: status === "scheduled" ? "Europe/Berlin" : null,
        createdAt: at(i),
        updatedAt: at(i % 10 === 9 ? 99 : (i * 7) % 30),
        authorId: i === 29 ? "gone-user" : i % 2 === 0 ? employeeUserId : adminUserId,
        tags: JSON.stringify(i % 4 === 0 ? ["redstone", "Survival"] : ["survival"]),
        featuredImage:
          i === 1 ? "data:image/png;base64,iVBORw0KGgo=" : i === 2 ? "/uploads/a.png" : null,
      };
    });
  });
  afterAll(() => server?.close());

  async function getPage(path: string, as: SignedIn = employee): Promise<Paged<StaffPostRow>> {
    const response = await requestAs(server, as, path);
    expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
    return (await response.json()) as Paged<StaffPostRow>;
  }

  /** Every post the list answers for `query`, page after page of `limit`. */
  async function everyPage(query: string, limit: number): Promise<string[]> {
    const first = await getPage(`/api/posts?page=1&limit=${limit}&${query}`);
    const ids = first.items.map((item) => item.id);
    for (let page = 2; page <= first.totalPages; page++) {
      const next = await getPage(`/api/posts?page=${page}&limit=${limit}&${query}`);
      expect(next.total).toBe(first.total);
      ids.push(...next.items.map((item) => item.id));
    }
    expect(ids).toHaveLength(first.total);
    return ids;
  }

  const idsOf = (list: PostRow[]) => list.map((row) => row.id);
  const byDefault = () => sortedBy(rows, DEFAULT_STAFF_POST_SORT);

  describe("paging", () => {
    it("answers one page of table rows, newest first by creation, with the totals", async () => {
      const first = await getPage("/api/posts?page=1&limit=10");
      expect(first).toMatchObject({ page: 1, pageSize: 10, total: 30, totalPages: 3 });
      expect(first.items.map((item) => item.id)).toEqual(idsOf(byDefault().slice(0, 10)));
      for (const item of first.items) expect(Object.keys(item).sort()).toEqual(STAFF_ROW_FIELDS);
      const last = await getPage("/api/posts?page=3&limit=10");
      expect(last.items.map((item) => item.id)).toEqual(idsOf(byDefault().slice(20)));
    });

    it("takes 25 to a page by default, and answers an empty page past the last with the real totals", async () => {
      const page = await getPage("/api/posts?page=1");
      expect(page).toMatchObject({ pageSize: 25, total: 30, totalPages: 2 });
      expect(page.items).toHaveLength(25);
      const past = await getPage("/api/posts?page=7&limit=10");
      expect(past).toEqual({ items: [], page: 7, pageSize: 10, total: 30, totalPages: 3 });
    });

    it("sends each row's list fields: its author, tags, and no inline image", async () => {
      const all = await getPage("/api/posts?page=1&limit=100");
      const item = (i: number) => all.items.find((found) => found.id === rows[i]?.id);
      expect(item(0)).toMatchObject({
        title: "Zebra Falls",
        status: "published",
        category: "news",
        packType: null,
        tags: ["redstone", "Survival"],
        author: { id: employeeUserId },
        publishedAt: rows[0]?.publishedAt,
        version: 1,
      });
      // Named by their employee record (docs/product/content-model.md#people).
      const record = await server.db.handle.db
        .selectFrom("employees")
        .innerJoin("users", "users.email", "employees.email")
        .select(["employees.firstName", "employees.lastName"])
        .where("users.id", "=", employeeUserId)
        .executeTakeFirstOrThrow();
      expect(item(0)?.author?.name).toBe(`${record.firstName} ${record.lastName}`);
      expect(item(1)).toMatchObject({ featuredImage: null, packType: "skin-pack" });
      expect(item(1)?.author?.id).toBe(adminUserId);
      expect(item(2)).toMatchObject({
        featuredImage: "/uploads/a.png",
        status: "scheduled",
        timezone: "Europe/Berlin",
      });
      expect(item(29)?.author).toBeNull();
    });

    it("marks a post whose saved changes are not live yet (its working copy)", async () => {
      const db = server.db.handle.db;
      const target = rows[0];
      if (!target) throw new Error("no posts");
      const changed = async () =>
        (await getPage("/api/posts?page=1&limit=100")).items.find((row) => row.id === target.id)
          ?.changesNotLive;
      expect(await changed()).toBe(false);
      await db
        .insertInto("post_working_copies")
        .values({
          postId: target.id,
          values: "{}",
          baseVersion: 1,
          savedBy: employeeUserId,
          savedAt: new Date().toISOString(),
        })
        .execute();
      try {
        expect(await changed()).toBe(true);
      } finally {
        await db.deleteFrom("post_working_copies").where("postId", "=", target.id).execute();
      }
    });

    it("keeps the unpaged form: every post with every field", async () => {
      const response = await requestAs(server, employee, "/api/posts");
      const posts = (await response.json()) as Post[];
      expect(posts).toHaveLength(30);
      expect(posts[0]?.content).toBeDefined();
    });

    it("answers a search or a filter without page with the first page, never the whole list", async () => {
      for (const query of ["q=a", "status=draft", "sort=title", "tag=x"]) {
        const response = await requestAs(server, employee, `/api/posts?${query}`);
        const answer = (await response.json()) as Paged<StaffPostRow>;
        expect(answer.page, query).toBe(1);
        expect(answer.pageSize, query).toBe(STAFF_PAGE_SIZE);
      }
      const limited = await requestAs(server, employee, "/api/posts?limit=2");
      expect((await limited.json()) as Post[]).toHaveLength(2);
    });
  });

  describe("sorting", () => {
    for (const sort of STAFF_POST_SORTS) {
      it(`sort=${sort}: every post once across pages, ties by id, posts without the date last`, async () => {
        expect(await everyPage(`sort=${sort}`, 7)).toEqual(idsOf(sortedBy(rows, sort)));
      });
    }
  });

  describe("filters and search", () => {
    const cases: [string, (row: PostRow, i: number) => boolean][] = [
      ["status=draft", (row) => row.status === "draft"],
      ["status=scheduled", (row) => row.status === "scheduled"],
      ["category=youtube", (row) => row.category === "youtube"],
      ["packType=addon", (row) => row.packType === "addon"],
      [`author=${"gone-user"}`, (_row, i) => i === 29],
      ["tag=redstone", (_row, i) => i % 4 === 0],
      ["tag=survival", (_row, i) => i % 4 !== 0],
      ["tag=Survival", (_row, i) => i % 4 === 0],
      ["tag=surv", () => false],
      ["q=zanzibar", (_row, i) => i === 13],
      ["q=CROSS-PLAY", (_row, i) => i === 14],
      ["q=%25", (row) => row.title.includes("%")],
      ["q=_", (row) => row.title.includes("_")],
      ["q=%20%20alpine%20", (row) => row.title === "alpine Lodge"],
      [
        "status=published&category=marketplace-content&sort=title",
        (row) => row.status === "published" && row.category === "marketplace-content",
      ],
      [
        "category=news&tag=redstone&q=update",
        (row, i) => row.category === "news" && i % 4 === 0 && row.title.startsWith("Update"),
      ],
    ];
    for (const [query, keep] of cases) {
      it(`${query}: only the posts it names, in order, with their count`, async () => {
        const sort = (/sort=([^&]+)/.exec(query)?.[1] ?? DEFAULT_STAFF_POST_SORT) as StaffPostSort;
        const expected = idsOf(sortedBy(rows.filter(keep), sort));
        const page = await getPage(`/api/posts?page=1&limit=100&${query}`);
        expect(page.total).toBe(expected.length);
        expect(page.items.map((item) => item.id)).toEqual(expected);
      });
    }

    it("filters by each author", async () => {
      const page = await getPage(`/api/posts?page=1&limit=100&author=${adminUserId}`);
      expect(page.total).toBe(14);
      for (const item of page.items) expect(item.author?.id).toBe(adminUserId);
    });

    it("answers an empty list for a search nothing matches", async () => {
      const page = await getPage("/api/posts?page=1&q=nothing-like-this");
      expect(page).toEqual({ items: [], page: 1, pageSize: 25, total: 0, totalPages: 1 });
    });
  });

  describe("validation", () => {
    const sorts = STAFF_POST_SORTS.join(", ");
    const bad: [string, string][] = [
      ["sort=newest", `sort must be one of: ${sorts}.`],
      ["sort=-", `sort must be one of: ${sorts}.`],
      ["limit=0", "limit must be a whole number from 1 to 100."],
      ["limit=101", "limit must be a whole number from 1 to 100."],
      ["limit=2.5", "limit must be a whole number from 1 to 100."],
      ["limit=ten", "limit must be a whole number from 1 to 100."],
      ["limit=", "limit must be a whole number from 1 to 100."],
      ["status=live", "status must be one of: draft, published, scheduled."],
      ["category=blog", "category must be one of: news, marketplace-content, youtube."],
      [
        "packType=Addon",
        "packType must be one of: world, skin-pack, texture-pack, addon, mashup, resource-pack, behavior-pack.",
      ],
      [`q=${"a".repeat(201)}`, "q must be text of at most 200 characters."],
      [`tag=${"t".repeat(51)}`, "tag must be one tag of 1 to 50 characters."],
      ["tag=", "tag must be one tag of 1 to 50 characters."],
      ["tag=a&tag=b", "tag must be one tag of 1 to 50 characters."],
      ["author=", "author must be the id of a user."],
    ];
    for (const [query, message] of bad) {
      it(`${query.slice(0, 30)}: 400 "${message.slice(0, 40)}…"`, async () => {
        const response = await requestAs(server, employee, `/api/posts?page=1&${query}`);
        expect((await readError(response, 400)).message).toBe(message);
      });
    }

    it("refuses a page that is not a page number", async () => {
      for (const page of ["0", "-1", "x", "100001"]) {
        const response = await requestAs(server, employee, `/api/posts?page=${page}`);
        expect((await readError(response, 400)).message).toBe(
          "page must be a whole number from 1 to 100000.",
        );
      }
    });
  });

  describe("access", () => {
    for (const path of ["/api/posts?page=1", "/api/posts/authors"]) {
      it(`${path}: 401 signed out, 403 without an employee record`, async () => {
        await readError(await server.request(path), 401);
        const outsider = await signInAs(server, "no-access");
        await readError(await requestAs(server, outsider, path), 403);
      });
    }
  });

  it("GET /api/posts/authors: every author of a post, by name, with their number of posts", async () => {
    const response = await requestAs(server, employee, "/api/posts/authors");
    expect(response.status).toBe(200);
    const authors = (await response.json()) as PostAuthor[];
    expect(authors.map((a) => [a.id, a.posts]).sort()).toEqual(
      [
        [employeeUserId, 15],
        [adminUserId, 14],
      ].sort(),
    );
    const names = authors.map((a) => a.name);
    expect(names).toEqual([...names].sort());
  });
});

describeEachDatabase("the staff post list's size on the wire", (kind) => {
  let server: TestServer;
  let employee: SignedIn;
  beforeAll(async () => {
    ({ server, employee } = await startWithEmployee(kind));
    // Posts as long as real ones (20 KB of HTML each), with long titles and tags.
    await createManyPosts(server.db.handle.db, 40, (i) => ({
      title: `A long title for a post about building things block by block, part ${i}`,
      content: `<p>${"Block by block, the world grows. ".repeat(600)}</p>`,
      excerpt: "An excerpt that the list does not send. ".repeat(5),
      featuredImage: `/uploads/featured-image-of-post-number-${i}.png`,
      featuredImageAlt: "A castle of stone blocks on a hill at sunset",
      tags: JSON.stringify(["redstone", "survival", "castles", "tutorial"]),
    }));
  });
  afterAll(() => server?.close());

  it("sends a first page of 25 in well under 30 KB, without any post's HTML", async () => {
    const response = await requestAs(server, employee, "/api/posts?page=1");
    const text = await response.text();
    const page = JSON.parse(text) as Paged<Record<string, unknown>>;
    expect(page.items).toHaveLength(25);
    for (const item of page.items) {
      expect(item).not.toHaveProperty("content");
      expect(item).not.toHaveProperty("excerpt");
    }
    expect(Buffer.byteLength(text)).toBeLessThan(20_000);
  });
});
