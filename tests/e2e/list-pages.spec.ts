import type { Page } from "@playwright/test";
import { type DatabaseHandle, openDatabase } from "#server/db/db.server.ts";
import { createManyPosts } from "#tests/factories/post.ts";
import { expect, test } from "./fixtures.ts";
import { type OwnServer, startOwnServer } from "./own-server.ts";

// The studio's pages (docs/product/public-site.md#paged-lists), on a server of its own with 30
// packs (15 worlds, 15 add-ons, one an hour, "Pack 30" the newest) and nothing else, so the counts
// and the pages are known; the demo's packs fit on one page.

const PAGE_SIZE = 12;
const title = (n: number) => `Pack ${String(n).padStart(2, "0")}`;

/** The titles of packs n, n-1, … (newest first), `count` of them. */
const newestFrom = (n: number, count: number) =>
  Array.from({ length: count }, (_, i) => title(n - i));

let server: OwnServer;
let handle: DatabaseHandle;

test.beforeAll(async () => {
  server = await startOwnServer({ RESPONSE_CACHE_TTL_MS: "0" });
  handle = openDatabase({ dataDir: server.dataDir });
  const start = Date.now() - 100 * 3_600_000;
  await createManyPosts(handle.db, 30, (i) => {
    const at = new Date(start + i * 3_600_000).toISOString();
    return {
      title: title(i + 1),
      slug: `pack-${i + 1}`,
      category: "marketplace-content",
      packType: i % 2 === 0 ? "world" : "addon",
      excerpt: i + 1 === 7 ? "The lighthouse keeper's island." : `Pack number ${i + 1}.`,
      createdAt: at,
      publishedAt: at,
    };
  });
});

test.afterAll(async () => {
  await handle?.close();
  await server?.stop();
});

const cardTitles = (page: Page) =>
  page.locator('[data-slot="studio-card"]').getByRole("heading", { level: 3 });

async function headLink(page: Page, rel: string): Promise<string | null> {
  const link = page.locator(`head link[rel="${rel}"]`);
  if ((await link.count()) === 0) return null;
  const href = new URL((await link.getAttribute("href")) ?? "");
  return href.pathname + href.search;
}

test("the studio pages its packs with JavaScript, counting every tab in the database", async ({
  page,
}) => {
  await page.goto(`${server.url}/studio`);
  await page.evaluate(() => {
    (window as unknown as { marker: string }).marker = "same document";
  });
  await expect(cardTitles(page)).toHaveText(newestFrom(30, PAGE_SIZE));
  const tabs = page.getByRole("navigation", { name: "Categories" });
  await expect(tabs.getByRole("link", { name: "All (30)" })).toBeVisible();
  await expect(tabs.getByRole("link", { name: "Worlds (15)" })).toBeVisible();
  await expect(tabs.getByRole("link", { name: "Add-Ons (15)" })).toBeVisible();
  await expect(tabs.getByRole("link", { name: "Skin Packs (0)" })).toBeVisible();
  expect(await headLink(page, "canonical")).toBe("/studio");
  expect(await headLink(page, "next")).toBe("/studio?page=2");

  const pager = page.getByRole("navigation", { name: "Project pages" });
  await pager.getByRole("link", { name: "Page 3", exact: true }).click();
  await expect(page).toHaveURL(`${server.url}/studio?page=3`);
  await expect(cardTitles(page)).toHaveText(newestFrom(6, 6));
  await expect.poll(() => headLink(page, "canonical")).toBe("/studio?page=3");
  expect(await headLink(page, "prev")).toBe("/studio?page=2");
  expect(await headLink(page, "next")).toBeNull();

  // A tab starts at its first page and pages on its own.
  await tabs.getByRole("link", { name: "Add-Ons (15)" }).click();
  await expect(page).toHaveURL(`${server.url}/studio?category=addon`);
  await expect(cardTitles(page)).toHaveText(
    Array.from({ length: PAGE_SIZE }, (_, i) => title(30 - 2 * i)),
  );
  await pager.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(`${server.url}/studio?category=addon&page=2`);
  await expect(cardTitles(page)).toHaveText([title(6), title(4), title(2)]);

  // The search runs on the server, over the whole list, and the counts follow it.
  await page.getByRole("searchbox", { name: "Search content" }).fill("LIGHTHOUSE");
  await expect(page).toHaveURL(`${server.url}/studio?category=addon&q=LIGHTHOUSE`);
  await expect(page.getByText('0 results for "LIGHTHOUSE"')).toBeVisible();
  await expect(tabs.getByRole("link", { name: "All (1)" })).toBeVisible();
  await tabs.getByRole("link", { name: "All (1)" }).click();
  await expect(cardTitles(page)).toHaveText([title(7)]);
  await expect(pager).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
    "same document",
  );
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the page links and the tabs are plain links, and a page past the last is not found", async ({
    page,
    request,
  }) => {
    await page.goto(`${server.url}/studio?category=world`);
    await expect(cardTitles(page)).toHaveText(
      Array.from({ length: PAGE_SIZE }, (_, i) => title(29 - 2 * i)),
    );
    const pager = page.getByRole("navigation", { name: "Project pages" });
    await pager.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(`${server.url}/studio?category=world&page=2`);
    await expect(cardTitles(page)).toHaveText([title(5), title(3), title(1)]);
    expect(await headLink(page, "prev")).toBe("/studio?category=world");
    expect(await headLink(page, "canonical")).toBe("/studio?category=world&page=2");

    const response = await request.get(`${server.url}/studio?category=world&page=3`);
    expect(response.status()).toBe(404);
  });
});

/** The site script's files: all a page that React does not hydrate downloads. */
const SITE_SCRIPT = /\/assets\/(?:main\.client|site-script)-[\w-]+\.js$/;

// The lists are pages React does not hydrate (docs/decisions/031-static-public-pages.md), on
// the demo's server: the site script alone loads each view in place.
const CHANGES: { path: string; change: (page: Page) => Promise<void> }[] = [
  {
    path: "/news",
    change: async (page) => {
      await page.getByRole("searchbox", { name: "Search articles" }).fill("zqxv-nothing");
      await expect(page.getByText("No articles found matching your search.")).toBeVisible();
      await expect(page).toHaveURL("/news?q=zqxv-nothing");
    },
  },
  {
    path: "/studio",
    change: async (page) => {
      await page.getByRole("searchbox", { name: "Search content" }).fill("zzqx-nothing");
      await expect(page.getByRole("heading", { name: "No matching projects" })).toBeVisible();
      await expect(page).toHaveURL("/studio?q=zzqx-nothing");
    },
  },
  {
    path: "/apps",
    change: async (page) => {
      const filters = page.getByRole("navigation", { name: "Filter apps" });
      await filters.getByRole("link", { name: /^In Development/ }).click();
      await expect(page).toHaveURL("/apps?filter=in-development");
      await expect(filters.getByRole("link", { name: /^In Development/ })).toHaveAttribute(
        "aria-current",
        "page",
      );
    },
  },
];

for (const { path, change } of CHANGES) {
  test(`${path} downloads only the site script, which changes the list without reloading the page`, async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.url());
    });
    await page.goto(path);
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = "same document";
    });
    await change(page);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
      "same document",
    );
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => !SITE_SCRIPT.test(url))).toEqual([]);
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
  });
}

test("the sitemap index is valid XML whose parts list every published pack", async ({
  page,
  request,
}) => {
  const robots = await (await request.get(`${server.url}/robots.txt`)).text();
  expect(robots).toMatch(/^Sitemap: \S+\/sitemap\.xml$/m);
  const response = await page.goto(`${server.url}/sitemap.xml`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["content-type"]).toMatch(/^application\/xml/);
  // The browser parses it as XML: a malformed file would show a parser error instead.
  const parts = await page.evaluate(async () => {
    const parse = (text: string) => new DOMParser().parseFromString(text, "application/xml");
    const index = parse(await (await fetch("/sitemap.xml")).text());
    if (index.querySelector("parsererror")) throw new Error("the index is not XML");
    if (index.documentElement.localName !== "sitemapindex") throw new Error("not an index");
    const locs = [...index.querySelectorAll("sitemap > loc")].map((loc) => loc.textContent ?? "");
    const read = [];
    for (const loc of locs) {
      const part = parse(await (await fetch(new URL(loc).pathname + new URL(loc).search)).text());
      if (part.querySelector("parsererror")) throw new Error(`${loc} is not XML`);
      read.push({
        loc,
        urls: [...part.querySelectorAll("url > loc")].map((url) => url.textContent ?? ""),
      });
    }
    return read;
  });
  expect(parts.map((part) => new URL(part.loc).pathname)).toEqual([
    "/sitemap-pages.xml",
    "/sitemap-posts.xml",
  ]);
  const posts = parts[1]?.urls.map((url) => new URL(url).pathname) ?? [];
  expect(posts).toHaveLength(30);
  expect(new Set(posts)).toEqual(
    new Set(Array.from({ length: 30 }, (_, i) => `/blog/pack-${i + 1}`)),
  );
});
