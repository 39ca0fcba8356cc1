import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import { authFor } from "#server/auth/auth.server.ts";
import { loadConfig } from "#server/config/env.server.ts";
import { serverContext } from "#server/context.server.ts";
import type { PostRow } from "#server/db/tables.ts";
import { createPost, fromNow } from "#tests/factories/post.ts";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import { loader as robotsLoader } from "./robots.ts";
import { loader as rssLoader } from "./rss.ts";
import { loader as sitemapLoader } from "./sitemap.ts";

const SITE = "https://studio.example";
const DAY = 24 * 3_600_000;

type LoaderArgs = {
  request: Request;
  params: Record<string, string>;
  context: RouterContextProvider;
};

/** Calls a resource route's loader the way React Router does, and returns its response. */
async function get(
  loader: (args: never) => Response | Promise<Response>,
  db: TestDatabase,
  path: string,
): Promise<Response> {
  const config = loadConfig({ DATA_DIR: db.dataDir, SEED_DEMO: "0", SITE_URL: SITE });
  const context = new RouterContextProvider();
  context.set(serverContext, { db: db.handle.db, config, auth: authFor(db.handle.db, config) });
  const args: LoaderArgs = { request: new Request(`${SITE}${path}`), params: {}, context };
  return loader(args as never);
}

/** The text of each `<tag>` element in an XML string. */
function texts(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>([^<]*)</${tag}>`, "g"))].map(
    (match) => match[1] ?? "",
  );
}

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}

const postUrl = (row: PostRow) => `${SITE}/blog/${row.slug}`;

describeEachDatabase("robots.txt, sitemap.xml and rss.xml", (kind) => {
  let db: TestDatabase;
  const visible: PostRow[] = [];
  const hidden: PostRow[] = [];
  const news: PostRow[] = [];

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    const d = db.handle.db;
    // 24 published news posts, one a day, the newest first in time order below.
    for (let i = 0; i < 24; i++) {
      const row = await createPost(d, {
        category: "news",
        createdAt: fromNow(-(i + 1) * DAY),
        title: i === 0 ? 'Dragons & <Knights> "live"' : `News ${i}`,
        tags: i === 0 ? ["launch", "a&b"] : [],
      });
      news.push(row);
      visible.push(row);
    }
    // A scheduled post whose time has come is public, even before the sweep publishes it.
    const due = await createPost(d, {
      category: "news",
      status: "scheduled",
      scheduledAt: fromNow(-DAY / 2),
      createdAt: fromNow(-DAY / 4),
    });
    news.unshift(due);
    visible.push(due);
    visible.push(
      await createPost(d, { category: "youtube", createdAt: fromNow(-DAY / 8) }),
      await createPost(d, {
        category: "marketplace-content",
        packType: "world",
        createdAt: fromNow(-3 * DAY),
        featuredImage: "world.png",
      }),
    );
    hidden.push(
      await createPost(d, { category: "news", status: "draft", createdAt: fromNow(-60_000) }),
      await createPost(d, {
        category: "news",
        status: "scheduled",
        scheduledAt: fromNow(7 * DAY),
        createdAt: fromNow(-60_000),
      }),
      await createPost(d, {
        category: "marketplace-content",
        status: "draft",
        createdAt: fromNow(-60_000),
      }),
    );
  });

  afterAll(async () => {
    await db.destroy();
  });

  it("robots.txt allows the site, keeps robots out of the dashboard and the API, names the sitemap", async () => {
    const response = await get(robotsLoader, db, "/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const lines = (await response.text()).split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    expect(lines).toContain("Disallow: /dashboard");
    expect(lines).toContain("Disallow: /api/");
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });

  it("sitemap.xml lists the public pages and every visible post, and nothing hidden", async () => {
    const response = await get(sitemapLoader, db, "/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = texts(xml, "loc").map(unescapeXml);
    for (const path of ["/", "/studio", "/apps", "/videos", "/news"]) {
      expect(locs).toContain(`${SITE}${path}`);
    }
    for (const row of visible) expect(locs).toContain(postUrl(row));
    for (const row of hidden) expect(locs).not.toContain(postUrl(row));
    expect(locs).toHaveLength(5 + visible.length);
    expect(new Set(locs).size).toBe(locs.length);
    for (const lastmod of texts(xml, "lastmod"))
      expect(Number.isNaN(Date.parse(lastmod))).toBe(false);
  });

  it("rss.xml is an RSS 2.0 feed of the 20 newest visible news posts with absolute links", async () => {
    const response = await get(rssLoader, db, "/rss.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/rss\+xml/);
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toMatch(/<rss version="2\.0"[^>]*>/);
    expect(xml.trim().endsWith("</rss>")).toBe(true);

    const channel = xml.slice(xml.indexOf("<channel>"), xml.indexOf("<item>"));
    expect(texts(channel, "title")[0]).toBeTruthy();
    expect(texts(channel, "link")[0]).toBe(`${SITE}/news`);
    expect(texts(channel, "description")[0]).toBeTruthy();

    const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((match) => match[1] ?? "");
    expect(items).toHaveLength(20);
    // The newest 20 (by creation, as every list of posts is ordered), newest first.
    const expected = news.slice(0, 20);
    expect(items.map((item) => unescapeXml(texts(item, "link")[0] ?? ""))).toEqual(
      expected.map(postUrl),
    );
    for (const item of items) {
      const link = unescapeXml(texts(item, "link")[0] ?? "");
      expect(link.startsWith(`${SITE}/blog/`)).toBe(true);
      expect(unescapeXml(texts(item, "guid")[0] ?? "")).toBe(link);
      const pubDate = texts(item, "pubDate")[0] ?? "";
      // RFC 822 dates, as RSS 2.0 requires.
      expect(pubDate).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    }
    // Titles are escaped, not dropped.
    expect(xml).toContain("<title>Dragons &amp; &lt;Knights&gt; &quot;live&quot;</title>");
    expect(xml).toContain("<category>a&amp;b</category>");
    for (const row of hidden) expect(xml).not.toContain(row.slug);
    expect(xml).not.toContain(visible.find((row) => row.category === "youtube")?.slug ?? "-");
  });
});
