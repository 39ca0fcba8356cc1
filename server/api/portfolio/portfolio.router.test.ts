import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PortfolioItem } from "#common/types/portfolio-item.ts";
import { createPost, fromNow } from "#tests/factories/post.ts";
import { readError } from "#tests/helpers/http.ts";
import { requestAs, type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

const HOUR = 3_600_000;

/** Every field of the PortfolioItem type (common/types/portfolio-item.ts). */
const PORTFOLIO_FIELDS = [
  "id",
  "title",
  "slug",
  "packType",
  "status",
  "shortDescription",
  "fullDescription",
  "launchDate",
  "createdAt",
  "marketplaceLink",
  "marketplaceUrl",
  "imageUrl",
  "featuredImage",
  "releaseDate",
  "isPost",
].sort();

describeEachDatabase("portfolio API", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());
  const db = () => server.db.handle.db;

  /** A published marketplace-content post unless told otherwise. */
  const createItem = (overrides: Parameters<typeof createPost>[1] = {}) =>
    createPost(db(), { category: "marketplace-content", packType: "world", ...overrides });

  async function getPortfolio(): Promise<PortfolioItem[]> {
    const response = await server.request("/api/portfolio");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    return (await response.json()) as PortfolioItem[];
  }

  async function getPublishedCount(): Promise<number> {
    const response = await server.request("/api/portfolio/stats");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body)).toEqual(["published"]);
    expect(typeof body.published).toBe("number");
    return body.published;
  }

  describe("GET /api/portfolio", () => {
    it("presents a marketplace post as a portfolio item with every field", async () => {
      const post = await createItem({
        title: "Sky Islands",
        excerpt: "Floating islands to explore.",
        content: "<h2>Explore</h2><p>Floating <strong>islands</strong> &amp; caves.</p>",
        packType: "world",
        marketplaceUrl: "https://marketplace.example/sky-islands",
        featuredImage: "sky-islands.webp",
        releaseDate: "2024-05-01T00:00:00.000Z",
      });

      const item = (await getPortfolio()).find((i) => i.id === post.id);
      expect(Object.keys(item ?? {}).sort()).toEqual(PORTFOLIO_FIELDS);
      expect(item).toEqual({
        id: post.id,
        title: "Sky Islands",
        slug: post.slug,
        packType: "world",
        status: "published",
        shortDescription: "Floating islands to explore.",
        fullDescription: "Explore\nFloating islands & caves.",
        launchDate: "2024-05-01T00:00:00.000Z",
        createdAt: post.createdAt,
        marketplaceLink: "https://marketplace.example/sky-islands",
        marketplaceUrl: "https://marketplace.example/sky-islands",
        imageUrl: "sky-islands.webp",
        featuredImage: "sky-islands.webp",
        releaseDate: "2024-05-01T00:00:00.000Z",
        isPost: true,
      });
    });

    it("sends null for the optional fields a post leaves empty", async () => {
      const post = await createItem({ excerpt: null, packType: null });
      expect((await getPortfolio()).find((i) => i.id === post.id)).toMatchObject({
        packType: null,
        shortDescription: null,
        launchDate: null,
        releaseDate: null,
        marketplaceLink: null,
        marketplaceUrl: null,
        imageUrl: null,
        featuredImage: null,
        isPost: true,
      });
    });

    it("maps packType to the studio filter keys and passes others through raw", async () => {
      const cases: [string, string][] = [
        ["world", "world"],
        ["skin-pack", "Skin Pack"],
        ["addon", "Addon"],
        ["texture-pack", "texture-pack"],
        ["mashup", "mashup"],
        ["Persona", "Persona"],
      ];
      const posts = await Promise.all(cases.map(([packType]) => createItem({ packType })));
      const items = await getPortfolio();
      cases.forEach(([, key], i) => {
        expect(items.find((item) => item.id === posts[i]?.id)?.packType).toBe(key);
      });
    });

    it("lists only marketplace content the public may see", async () => {
      const visible = await createItem();
      const due = await createItem({ status: "scheduled", scheduledAt: fromNow(-HOUR) });
      const hidden = [
        await createItem({ status: "draft" }),
        await createItem({ status: "scheduled", scheduledAt: fromNow(HOUR) }),
        await createPost(db(), { category: "news" }),
        await createPost(db(), { category: "youtube" }),
      ];
      const ids = (await getPortfolio()).map((item) => item.id);
      expect(ids).toContain(visible.id);
      expect(ids).toContain(due.id);
      for (const post of hidden) expect(ids).not.toContain(post.id);
    });

    it("shows a due scheduled item as published", async () => {
      const due = await createItem({ status: "scheduled", scheduledAt: fromNow(-1000) });
      expect((await getPortfolio()).find((i) => i.id === due.id)?.status).toBe("published");
    });

    it("lists items newest first", async () => {
      const older = await createItem({ createdAt: "2021-01-01T00:00:00.000Z" });
      const newer = await createItem({ createdAt: "2021-02-01T00:00:00.000Z" });
      const ids = (await getPortfolio())
        .map((item) => item.id)
        .filter((id) => {
          return id === older.id || id === newer.id;
        });
      expect(ids).toEqual([newer.id, older.id]);
    });

    it("turns the content into readable plain text for fullDescription", async () => {
      const post = await createItem({
        content:
          '<p>Line one<br>line two</p><ul><li>First</li><li>Second</li></ul><p><img src="a.png" alt="5 > 3"> &lt;tag&gt; &#169; &#x1F600; &quot;q&quot;</p><script>alert(1)</script>',
      });
      const item = (await getPortfolio()).find((i) => i.id === post.id);
      expect(item?.fullDescription).toBe('Line one\nline two\nFirst\nSecond\n<tag> © 😀 "q"');
    });

    it("still answers when the content holds a character reference outside Unicode", async () => {
      const post = await createItem({
        content: "<p>Broken &#99999999; and &#x110000; and &#0;</p>",
      });
      const item = (await getPortfolio()).find((i) => i.id === post.id);
      expect(item?.fullDescription).toBe("Broken \uFFFD and \uFFFD and \uFFFD");
    });
  });

  describe("GET /api/portfolio/stats", () => {
    it("answers 0 on an empty database", async () => {
      const empty = await startTestServer(kind);
      try {
        const response = await empty.request("/api/portfolio/stats");
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ published: 0 });
      } finally {
        await empty.close();
      }
    });

    it("counts only the marketplace content the public may see", async () => {
      const before = await getPublishedCount();
      await createItem();
      await createItem({ status: "scheduled", scheduledAt: fromNow(-HOUR) });
      await createItem({ status: "draft" });
      await createItem({ status: "scheduled", scheduledAt: fromNow(HOUR) });
      await createPost(db(), { category: "news" });
      expect(await getPublishedCount()).toBe(before + 2);
    });

    it("counts exactly the items GET /api/portfolio lists", async () => {
      expect(await getPublishedCount()).toBe((await getPortfolio()).length);
    });
  });
});

describeEachDatabase("staff portfolio API", (kind) => {
  let server: TestServer;
  let employee: SignedIn;
  beforeAll(async () => {
    server = await startTestServer(kind);
    employee = await signInAs(server, "employee");
  });
  afterAll(() => server?.close());
  const db = () => server.db.handle.db;
  const createItem = (overrides: Parameters<typeof createPost>[1] = {}) =>
    createPost(db(), { category: "marketplace-content", packType: "skin-pack", ...overrides });
  const NOT_FOUND = { message: "That portfolio item does not exist. It may have been deleted." };

  describe("GET /api/portfolio/:id", () => {
    it("answers the portfolio view of a marketplace post of any status", async () => {
      for (const item of [
        await createItem(),
        await createItem({ status: "draft" }),
        await createItem({ status: "scheduled", scheduledAt: fromNow(HOUR) }),
      ]) {
        const response = await requestAs(server, employee, `/api/portfolio/${item.id}`);
        expect(response.status).toBe(200);
        const body = (await response.json()) as PortfolioItem;
        expect(Object.keys(body).sort()).toEqual(PORTFOLIO_FIELDS);
        expect(body).toMatchObject({
          id: item.id,
          slug: item.slug,
          status: item.status,
          packType: "Skin Pack",
          shortDescription: item.excerpt,
          isPost: true,
        });
      }
    });

    it("answers 404 for other posts, unknown ids and malformed ids", async () => {
      const news = await createPost(db(), { category: "news" });
      for (const id of [news.id, crypto.randomUUID(), "not-an-id"]) {
        expect(
          await readError(await requestAs(server, employee, `/api/portfolio/${id}`), 404),
        ).toEqual(NOT_FOUND);
      }
    });
  });

  describe("DELETE /api/portfolio/:id", () => {
    it("deletes the marketplace post: 204, then gone from every list", async () => {
      const item = await createItem();
      const response = await requestAs(server, employee, `/api/portfolio/${item.id}`, {
        method: "DELETE",
      });
      expect(response.status).toBe(204);
      await readError(await requestAs(server, employee, `/api/portfolio/${item.id}`), 404);
      await readError(await requestAs(server, employee, `/api/posts/${item.id}`), 404);
      const list = (await (await server.request("/api/portfolio")).json()) as PortfolioItem[];
      expect(list.map((i) => i.id)).not.toContain(item.id);
    });

    it("answers 404 and deletes nothing for a post that is not marketplace content", async () => {
      const news = await createPost(db(), { category: "news" });
      const response = await requestAs(server, employee, `/api/portfolio/${news.id}`, {
        method: "DELETE",
      });
      expect(await readError(response, 404)).toEqual(NOT_FOUND);
      expect((await requestAs(server, employee, `/api/posts/${news.id}`)).status).toBe(200);
    });
  });

  describe("what staff see beyond the public", () => {
    it("lists drafts and items not yet due in GET /api/portfolio for staff only", async () => {
      const draft = await createItem({ status: "draft" });
      const future = await createItem({ status: "scheduled", scheduledAt: fromNow(HOUR) });
      const list = async (who: { cookie: string }) =>
        ((await (await requestAs(server, who, "/api/portfolio")).json()) as PortfolioItem[]).map(
          (item) => item.id,
        );
      const staff = await list(employee);
      expect(staff).toContain(draft.id);
      expect(staff).toContain(future.id);
      for (const who of [{ cookie: "" }, await signInAs(server, "no-access")]) {
        const ids = await list(who);
        expect(ids).not.toContain(draft.id);
        expect(ids).not.toContain(future.id);
      }
    });

    it("counts only public items in /api/portfolio/stats, for staff too", async () => {
      await createItem({ status: "draft" });
      const anonymous = await (await server.request("/api/portfolio/stats")).json();
      const staff = await (await requestAs(server, employee, "/api/portfolio/stats")).json();
      expect(staff).toEqual(anonymous);
      const publicList = (await (await server.request("/api/portfolio")).json()) as PortfolioItem[];
      expect(staff).toEqual({ published: publicList.length });
    });
  });
});
