import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadConfig } from "#server/config/env.server.ts";
import { serverContext } from "#server/context.server.ts";
import { createServerContext } from "#server/create-context.server.ts";
import type { PostRow } from "#server/db/tables.ts";
import {
  reusedSitemapPartStarts,
  SITEMAP_STARTS_REUSE_MS,
} from "#server/services/public-post-lists.server.ts";
import { createManyPosts, createPost, fromNow } from "#tests/factories/post.ts";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import { loader as robotsLoader } from "./robots.ts";
import { loader as rssLoader } from "./rss.ts";
import { loader as sitemapLoader } from "./sitemap.ts";
import { loader as sitemapPagesLoader } from "./sitemap-pages.ts";
import { loader as sitemapPostsLoader } from "./sitemap-posts.ts";

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
  headers: Record<string, string> = {},
  site = SITE,
): Promise<Response> {
  const config = loadConfig({ DATA_DIR: db.dataDir, SEED_DEMO: "0", SITE_URL: site });
  const context = new RouterContextProvider();
  context.set(serverContext, createServerContext({ db: db.handle.db, config }));
  const args: LoaderArgs = {
    request: new Request(`${SITE}${path}`, { headers }),
    params: {},
    context,
  };
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

const SITEMAP_NAMESPACE = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/**
 * Reads /sitemap.xml as a search engine does: the index, then every part it names. Answers the
 * parts' addresses in order, each with the addresses it lists.
 */
async function readSitemap(db: TestDatabase) {
  const index = await get(sitemapLoader, db, "/sitemap.xml");
  expect(index.status).toBe(200);
  expect(index.headers.get("content-type")).toMatch(/^application\/xml/);
  const xml = await index.text();
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  expect(xml).toContain(`<sitemapindex ${SITEMAP_NAMESPACE}>`);
  const parts: { loc: string; urls: string[]; lastmods: string[] }[] = [];
  for (const loc of texts(xml, "loc").map(unescapeXml)) {
    expect(loc.startsWith(SITE)).toBe(true);
    const path = loc.slice(SITE.length);
    const loader = path.startsWith("/sitemap-pages.xml") ? sitemapPagesLoader : sitemapPostsLoader;
    const response = await get(loader, db, path);
    expect(response.status, path).toBe(200);
    const part = await response.text();
    expect(part).toContain(`<urlset ${SITEMAP_NAMESPACE}>`);
    parts.push({
      loc,
      urls: texts(part, "loc").map(unescapeXml),
      lastmods: texts(part, "lastmod"),
    });
  }
  return parts;
}

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

  it("sitemap.xml is an index whose parts list the public pages and every visible post, and nothing hidden", async () => {
    const parts = await readSitemap(db);
    expect(parts.map((part) => part.loc)).toEqual([
      `${SITE}/sitemap-pages.xml`,
      `${SITE}/sitemap-posts.xml`,
    ]);
    expect(parts[0]?.urls).toEqual(
      ["/", "/studio", "/apps", "/videos", "/news"].map((p) => `${SITE}${p}`),
    );
    const locs = parts.flatMap((part) => part.urls);
    for (const row of visible) expect(locs).toContain(postUrl(row));
    for (const row of hidden) expect(locs).not.toContain(postUrl(row));
    expect(locs).toHaveLength(5 + visible.length);
    expect(new Set(locs).size).toBe(locs.length);
    for (const lastmod of parts.flatMap((part) => part.lastmods))
      expect(Number.isNaN(Date.parse(lastmod))).toBe(false);
  });

  it("a part of the sitemap whose address carries no key the index names answers 400", async () => {
    for (const query of [
      "?from=yesterday&id=x",
      "?from=2026-01-01T00:00:00.000Z",
      "?id=abc",
      "?from=2026-01-01T00:00:00.000Z&id=a%27b",
    ]) {
      const response = await get(sitemapPostsLoader, db, `/sitemap-posts.xml${query}`);
      expect(response.status, query).toBe(400);
    }
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

describeEachDatabase("the sitemap of a large site", (kind) => {
  let db: TestDatabase;
  const visible: PostRow[] = [];

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    const d = db.handle.db;
    const start = Date.now() - 3000 * 3_600_000;
    // 2,500 visible posts (some published at the same moment, some due scheduled ones) and 200
    // that are not, in batches the databases take in one statement.
    for (let batch = 0; batch < 27; batch++) {
      const rows = await createManyPosts(d, 100, (j) => {
        const i = batch * 100 + j;
        const at = new Date(start + Math.floor(i / 3) * 3_600_000).toISOString();
        if (i >= 2500)
          return {
            status: i % 2 ? "draft" : "scheduled",
            scheduledAt: i % 2 ? null : fromNow(DAY),
            publishedAt: null,
            createdAt: at,
          };
        if (i % 50 === 7)
          return { status: "scheduled", scheduledAt: at, publishedAt: null, createdAt: at };
        return { createdAt: at };
      });
      visible.push(
        ...rows.filter(
          (row) =>
            row.status !== "draft" &&
            (row.scheduledAt === null || row.scheduledAt < new Date().toISOString()),
        ),
      );
    }
  });
  afterAll(() => db.destroy());

  it("lists every visible post once, in parts of at most 1,000 addresses", async () => {
    expect(visible).toHaveLength(2500);
    const parts = await readSitemap(db);
    expect(parts).toHaveLength(1 + 3);
    expect(parts.slice(1).map((part) => part.urls.length)).toEqual([1000, 1000, 500]);
    const locs = parts.slice(1).flatMap((part) => part.urls);
    expect(new Set(locs).size).toBe(2500);
    expect(new Set(locs)).toEqual(new Set(visible.map(postUrl)));
  });

  it("keeps the earlier parts' addresses and contents when a post is published", async () => {
    const before = await readSitemap(db);
    const added = await createPost(db.handle.db, { createdAt: fromNow(0) });
    const after = await readSitemap(db);
    expect(after.slice(0, 3)).toEqual(before.slice(0, 3));
    expect(after[3]?.urls).toEqual([...(before[3]?.urls ?? []), postUrl(added)]);
  });

  it("answers the index with a validator, and 304 to a client that has it", async () => {
    const plain = await get(sitemapLoader, db, "/sitemap.xml");
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    const etag = plain.headers.get("etag") ?? "";
    expect(etag).toMatch(/^W\/"/);
    // Four addresses are too few bytes to be worth compressing.
    const accepting = await get(sitemapLoader, db, "/sitemap.xml", { "Accept-Encoding": "br" });
    expect(accepting.headers.get("content-encoding")).toBeNull();
    expect(await accepting.text()).toBe(await plain.text());
    const again = await get(sitemapLoader, db, "/sitemap.xml", { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const other = await get(sitemapLoader, db, "/sitemap.xml", { "If-None-Match": 'W/"x"' });
    expect(other.status).toBe(200);
  });

  it("sends an index long enough to be worth it compressed as the client accepts", async () => {
    // A long host name makes four addresses over a kilobyte.
    const site = `https://${["a", "b", "c"].map((c) => c.repeat(60)).join(".")}.example`;
    const plain = await get(sitemapLoader, db, "/sitemap.xml", {}, site);
    expect(plain.headers.get("content-encoding")).toBeNull();
    const xml = await plain.text();
    expect(xml.length).toBeGreaterThan(1024);
    const unpack = { br: brotliDecompressSync, gzip: gunzipSync };
    for (const [accept, encoding] of [
      ["gzip, deflate, br, zstd", "br"],
      ["gzip", "gzip"],
    ] as const) {
      const packed = await get(
        sitemapLoader,
        db,
        "/sitemap.xml",
        { "Accept-Encoding": accept },
        site,
      );
      expect(packed.headers.get("content-encoding")).toBe(encoding);
      expect(packed.headers.get("etag")).toBe(plain.headers.get("etag"));
      expect(unpack[encoding](Buffer.from(await packed.arrayBuffer())).toString()).toBe(xml);
    }
  });

  it("works out where the parts start at most once a minute, then anew", async () => {
    const d = db.handle.db;
    // Later than what the earlier reads kept, so this one works them out.
    const now = new Date(Date.now() + 10 * SITEMAP_STARTS_REUSE_MS);
    const first = await reusedSitemapPartStarts(d, now);
    expect(first).toHaveLength(3);
    // 600 more posts make a fourth part, which the index names only once its minute is over.
    await createManyPosts(d, 600, () => ({ createdAt: fromNow(0) }));
    const soon = new Date(now.getTime() + SITEMAP_STARTS_REUSE_MS - 1);
    expect(await reusedSitemapPartStarts(d, soon)).toBe(first);
    const later = new Date(now.getTime() + SITEMAP_STARTS_REUSE_MS);
    const anew = await reusedSitemapPartStarts(d, later);
    expect(anew).toHaveLength(4);
    expect(anew.slice(0, 3)).toEqual(first);
  });
});
