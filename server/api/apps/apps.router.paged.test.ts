import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppListItem } from "#common/types/app.ts";
import type { Paged } from "#common/types/post-list.ts";
import { createApp } from "#tests/factories/app.ts";
import { readError } from "#tests/helpers/http.ts";
import { requestAs, type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

const LIST_FIELDS = [
  "id",
  "name",
  "slug",
  "category",
  "relationship",
  "status",
  "logoUrl",
  "downloadCount",
  "platforms",
  "sortOrder",
  "createdAt",
  "updatedAt",
].sort();

const NAMES = ["beacon", "Anvil", "Cauldron", "anchor", "Bellows", "Zither", "Quarry", "lantern"];

describeEachDatabase("apps API, paged", (kind) => {
  let server: TestServer;
  let employee: SignedIn;
  /** The apps in the public page's order (sortOrder, then name). */
  let pageOrder: { id: string; name: string }[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind);
    employee = await signInAs(server, "employee");
    const db = server.db.handle.db;
    await db.deleteFrom("apps").execute();
    const created = [];
    for (const [i, name] of NAMES.entries()) {
      created.push(
        await createApp(db, {
          name,
          slug: `app-${name.toLowerCase()}`,
          category: i % 2 === 0 ? "Tool" : "Game",
          status: i < 2 ? "beta" : "released",
          relationship: i % 4 === 0 ? "partner" : "developed",
          description: i === 5 ? "Plays 100% of the NOTES." : `About ${name}.`,
          sortOrder: i % 3,
        }),
      );
    }
    pageOrder = created
      .map((app) => ({ id: app.id, name: app.name, sortOrder: app.sortOrder }))
      .sort((a, b) => a.sortOrder - b.sortOrder || (a.name < b.name ? -1 : 1))
      .map(({ id, name }) => ({ id, name }));
  });
  afterAll(() => server?.close());

  async function getPage(query: string): Promise<Paged<AppListItem>> {
    const response = await requestAs(server, employee, `/api/apps?${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as Paged<AppListItem>;
  }
  const ids = (page: Paged<AppListItem>) => page.items.map((item) => item.id);

  describe("GET /api/apps?page=", () => {
    it("answers one page of list rows in the page's order, with only the fields a row shows", async () => {
      const first = await getPage("page=1&limit=3");
      expect(first).toMatchObject({ page: 1, pageSize: 3, total: 8, totalPages: 3 });
      expect(ids(first)).toEqual(pageOrder.slice(0, 3).map((app) => app.id));
      for (const item of first.items) expect(Object.keys(item).sort()).toEqual(LIST_FIELDS);
      expect(ids(await getPage("page=3&limit=3"))).toEqual(pageOrder.slice(6).map((a) => a.id));
    });

    it("sorts by name ignoring case, both ways", async () => {
      const byName = [...NAMES].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
      expect((await getPage("sort=name")).items.map((a) => a.name)).toEqual(byName);
      expect((await getPage("sort=-name")).items.map((a) => a.name)).toEqual([...byName].reverse());
    });

    it("sorts by creation and by last edit", async () => {
      const oldest = (await getPage("sort=createdAt")).items;
      const times = oldest.map((app) => Date.parse(app.createdAt));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      const newest = await getPage("sort=-createdAt");
      expect(ids(newest)).toEqual(oldest.map((app) => app.id).reverse());
      const edited = await getPage("sort=-updatedAt");
      expect(edited.items).toHaveLength(8);
    });

    it("filters by category, status and relationship, together and with a search", async () => {
      expect((await getPage("category=Tool")).items.map((a) => a.name).sort()).toEqual(
        ["Bellows", "Cauldron", "Quarry", "beacon"].sort(),
      );
      expect((await getPage("status=beta")).items.map((a) => a.name).sort()).toEqual(
        ["Anvil", "beacon"].sort(),
      );
      const partners = await getPage("relationship=partner&category=Tool");
      expect(partners.items.map((a) => a.name).sort()).toEqual(["Bellows", "beacon"].sort());
      expect(partners.total).toBe(2);
      expect((await getPage("category=Game&q=an")).items.map((a) => a.name).sort()).toEqual(
        ["Anvil", "anchor", "lantern"].sort(),
      );
    });

    it("searches the name and the descriptions, ignoring case, taking % literally", async () => {
      expect((await getPage("q=CAULD")).items.map((a) => a.name)).toEqual(["Cauldron"]);
      expect((await getPage("q=100%25%20of%20the%20notes")).items.map((a) => a.name)).toEqual([
        "Zither",
      ]);
      expect((await getPage("q=100%25%25")).total).toBe(0);
    });

    it("refuses unknown filters and orders with a message naming what it takes", async () => {
      const cases: [string, string][] = [
        [
          "sort=rating",
          "sort must be one of: sortOrder, -sortOrder, name, -name, -createdAt, createdAt, -updatedAt, updatedAt.",
        ],
        [
          "category=tool",
          "category must be one of: Web Tool, Tool, Game, Application, Utility, Social, Education, Entertainment.",
        ],
        ["status=live", "status must be one of: released, in-development, beta, banned."],
        [
          "relationship=friend",
          "relationship must be one of: developed, partner, official-partner.",
        ],
        ["limit=1000", "limit must be a whole number from 1 to 100."],
      ];
      for (const [query, message] of cases) {
        const response = await requestAs(server, employee, `/api/apps?${query}`);
        expect((await readError(response, 400)).message, query).toBe(message);
      }
    });

    it("is for staff only, while the whole list stays public and unchanged", async () => {
      await readError(await server.request("/api/apps?page=1"), 401);
      const outsider = await signInAs(server, "no-access");
      await readError(await requestAs(server, outsider, "/api/apps?page=1"), 403);
      const response = await server.request("/api/apps");
      expect(response.status).toBe(200);
      const all = (await response.json()) as { id: string; description: string }[];
      expect(all.map((app) => app.id)).toEqual(pageOrder.map((app) => app.id));
      expect(all[0]?.description).toMatch(/^About|Plays/);
    });
  });
});
