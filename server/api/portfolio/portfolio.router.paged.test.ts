import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PORTFOLIO_SORTS, type PortfolioSort } from "#common/portfolio-list.ts";
import type { PortfolioItem, PortfolioRow } from "#common/types/portfolio-item.ts";
import type { Paged } from "#common/types/post-list.ts";
import { createManyPosts, createPost, fromNow } from "#tests/factories/post.ts";
import { readError } from "#tests/helpers/http.ts";
import { requestAs, type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

// The Marketplace table's call (docs/product/api.md#staff-calls): `GET /api/portfolio` with any
// of its parameters answers one page of marketplace items, for staff only, while the plain call
// stays the public portfolio.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
type Created = Awaited<ReturnType<typeof createManyPosts>>[number];

const ROW_FIELDS = [
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
  "shortDescription",
  "launchDate",
  "stage",
].sort();

/** The items a sort lists, in its order: by the key, ties by id, items without the key last. */
function sortedBy(rows: Created[], sort: PortfolioSort): Created[] {
  const descending = sort.startsWith("-");
  const field = sort.replace("-", "");
  const keyOf = (row: Created): string | null =>
    field === "title"
      ? row.title.toLowerCase()
      : field === "launchDate"
        ? row.releaseDate
        : row.updatedAt;
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const sign = descending ? -1 : 1;
  const withKey = rows.filter((row) => keyOf(row) !== null);
  const withoutKey = rows.filter((row) => keyOf(row) === null);
  withKey.sort((a, b) => sign * (compare(keyOf(a) ?? "", keyOf(b) ?? "") || compare(a.id, b.id)));
  withoutKey.sort((a, b) => sign * compare(a.id, b.id));
  return [...withKey, ...withoutKey];
}

describeEachDatabase("the Marketplace table (GET /api/portfolio?page=)", (kind) => {
  let server: TestServer;
  let employee: SignedIn;
  let items: Created[] = [];
  const base = Date.now() - 200 * DAY;
  const at = (days: number) => new Date(base + days * DAY).toISOString();

  beforeAll(async () => {
    server = await startTestServer(kind);
    employee = await signInAs(server, "employee");
    const db = server.db.handle.db;
    // 24 items in four statuses (6 each), three pack types, a third without a launch date;
    // two news posts that the table never shows.
    items = await createManyPosts(db, 24, (i) => {
      const stage = i % 4;
      return {
        title: `${["Glacier", "canyon", "Ember"][i % 3]} Pack ${String(i).padStart(2, "0")}`,
        category: "marketplace-content",
        packType: ["world", "skin-pack", "addon"][i % 3] ?? null,
        status: stage === 2 ? "draft" : stage === 3 ? "scheduled" : "published",
        scheduledAt: stage === 3 ? fromNow((i + 1) * DAY) : null,
        timezone: stage === 3 ? "UTC" : null,
        publishedAt: stage < 2 ? at(i) : null,
        // Coming Soon (stage 1): launching later; Live (0): launched, or no date at all.
        releaseDate:
          stage === 1 ? fromNow((i + 1) * DAY) : i % 3 === 0 ? null : at(i + (i % 5) * 10),
        updatedAt: at(100 - i),
        excerpt: i === 5 ? "Frosted needle in the haystack" : null,
        marketplaceUrl: `https://marketplace.example/${i}`,
      };
    });
    for (const category of ["news", "youtube"]) await createPost(db, { category, title: "Pack" });
  });
  afterAll(() => server?.close());

  async function pageOf(query: string): Promise<Paged<PortfolioRow>> {
    const response = await requestAs(server, employee, `/api/portfolio?${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as Paged<PortfolioRow>;
  }
  const idsOf = (rows: { id: string }[]) => rows.map((row) => row.id);

  describe("paging and sorting", () => {
    it("answers a page of marketplace items only, with the table's fields and the totals", async () => {
      const page = await pageOf("page=2&limit=10&sort=title");
      expect(page).toMatchObject({ page: 2, pageSize: 10, total: 24, totalPages: 3 });
      expect(page.items).toHaveLength(10);
      expect(Object.keys(page.items[0] ?? {}).sort()).toEqual(ROW_FIELDS);
      expect(idsOf(page.items)).toEqual(idsOf(sortedBy(items, "title").slice(10, 20)));
      const first = items[4];
      const row = (await pageOf("page=1&limit=100")).items.find((item) => item.id === first?.id);
      expect(row).toMatchObject({
        category: "marketplace-content",
        packType: "skin-pack",
        launchDate: first?.releaseDate,
        marketplaceUrl: "https://marketplace.example/4",
        shortDescription: null,
        createdAt: first?.createdAt,
        stage: "live",
      });
    });

    it("walks every sort page by page, items without a launch date last", async () => {
      for (const sort of PORTFOLIO_SORTS) {
        const seen: string[] = [];
        for (let page = 1; page <= 3; page++) {
          seen.push(...idsOf((await pageOf(`page=${page}&limit=10&sort=${sort}`)).items));
        }
        expect(seen, sort).toEqual(idsOf(sortedBy(items, sort)));
      }
    });

    it("sorts by launch date, newest first, by default", async () => {
      const page = await pageOf("page=1&limit=100");
      expect(idsOf(page.items)).toEqual(idsOf(sortedBy(items, "-launchDate")));
    });

    it("answers no rows and the real totals past the last page", async () => {
      expect(await pageOf("page=9")).toEqual({
        items: [],
        page: 9,
        pageSize: 25,
        total: 24,
        totalPages: 1,
      });
    });
  });

  describe("filters and search", () => {
    it("filters by each status as the Studio page would show it", async () => {
      const expected: Record<string, number[]> = {
        live: [0, 4, 8, 12, 16, 20],
        "coming-soon": [1, 5, 9, 13, 17, 21],
        draft: [2, 6, 10, 14, 18, 22],
        scheduled: [3, 7, 11, 15, 19, 23],
      };
      for (const [status, indexes] of Object.entries(expected)) {
        const page = await pageOf(`status=${status}&limit=100&sort=title`);
        const want = indexes.map((i) => items[i]) as Created[];
        expect(idsOf(page.items), status).toEqual(idsOf(sortedBy(want, "title")));
        for (const row of page.items) expect(row.stage).toBe(status);
      }
    });

    it("counts a scheduled item whose time has come as public", async () => {
      const due = await createPost(server.db.handle.db, {
        category: "marketplace-content",
        title: "Due Pack",
        status: "scheduled",
        scheduledAt: fromNow(-HOUR),
        releaseDate: fromNow(DAY),
      });
      try {
        const page = await pageOf("status=coming-soon&q=Due%20Pack");
        expect(page.items.map((row) => [row.id, row.status, row.stage])).toEqual([
          [due.id, "published", "coming-soon"],
        ]);
        expect((await pageOf("status=scheduled&q=Due%20Pack")).total).toBe(0);
      } finally {
        await server.db.handle.db.deleteFrom("posts").where("id", "=", due.id).execute();
      }
    });

    it("filters by pack type and combines it with the status", async () => {
      const page = await pageOf("packType=skin-pack&status=draft&sort=title");
      const want = items.filter((_row, i) => i % 3 === 1 && i % 4 === 2);
      expect(idsOf(page.items)).toEqual(idsOf(sortedBy(want, "title")));
      expect(page.total).toBe(want.length);
    });

    it("searches the title, description and content, ignoring case", async () => {
      expect(idsOf((await pageOf("q=EMBER&limit=100&sort=title")).items)).toEqual(
        idsOf(
          sortedBy(
            items.filter((row) => row.title.startsWith("Ember")),
            "title",
          ),
        ),
      );
      const found = (await pageOf("q=needle%20in%20THE")).items;
      expect(found.map((row) => [row.id, row.shortDescription])).toEqual([
        [items[5]?.id, "Frosted needle in the haystack"],
      ]);
      expect((await pageOf("q=%20%20nothing%20like%20it%20")).total).toBe(0);
    });

    it("refuses a value it does not take with 400, naming what it takes", async () => {
      const cases: [string, string][] = [
        ["status=published", "status must be one of: live, coming-soon, draft, scheduled."],
        ["packType=Skin%20Pack", "packType must be one of:"],
        ["sort=-createdAt", "sort must be one of: -launchDate, launchDate, title"],
        ["page=0", "page must be a whole number from 1"],
        ["page=1&limit=101", "limit must be a whole number from 1 to 100."],
        [`q=${"x".repeat(201)}`, "q must be at most 200 characters."],
        ["q=a%00b", "q must be text of at most 200 characters."],
        ["q=a&q=b", "q must be text."],
      ];
      for (const [query, message] of cases) {
        const body = await readError(
          await requestAs(server, employee, `/api/portfolio?${query}`),
          400,
        );
        expect(body.message, query).toContain(message);
      }
    });
  });

  describe("who may ask", () => {
    it("answers 401 signed out and 403 to a signed-in person without access", async () => {
      for (const query of ["page=1", "q=Glacier", "status=draft", "sort=title"]) {
        const anonymous = await server.request(`/api/portfolio?${query}`);
        expect(await readError(anonymous, 401)).toHaveProperty("message");
      }
      for (const who of ["no-access", "inactive"] as const) {
        const signedIn = await signInAs(server, who);
        await readError(await requestAs(server, signedIn, "/api/portfolio?page=1"), 403);
      }
      const admin = await signInAs(server, "admin");
      expect((await requestAs(server, admin, "/api/portfolio?page=1")).status).toBe(200);
    });

    it("keeps the plain call the public portfolio: published items only, for anyone", async () => {
      for (const query of ["", "?limit=1"]) {
        const response = await server.request(`/api/portfolio${query}`);
        expect(response.status).toBe(200);
        const list = (await response.json()) as PortfolioItem[];
        const publicIds = items
          .filter((_, i) => i % 4 < 2)
          .map((row) => row.id)
          .sort();
        expect(list.map((item) => item.id).sort()).toEqual(publicIds);
        expect(list.every((item) => item.isPost === true)).toBe(true);
      }
    });
  });
});
