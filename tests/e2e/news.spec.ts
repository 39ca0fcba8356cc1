import type { APIRequestContext, Locator, Page } from "@playwright/test";
import type { Post } from "#common/types/post.ts";
import {
  DESKTOP,
  expect,
  expectNoSeriousA11yViolations,
  hasHorizontalScroll,
  MOBILE,
  test,
} from "./fixtures.ts";
import { NEWS_SPEC_CONTENT } from "./news-content.ts";
import { type OwnServer, startOwnServer } from "./own-server.ts";

// The rules are written out here rather than imported from the page's code, so the test says
// what the page must do independently of how it does it.

/** What readers see as each category's name on the cards. */
const CATEGORY_NAMES: Record<string, string> = {
  news: "News",
  "marketplace-content": "Marketplace",
  youtube: "YouTube",
};

function countText(n: number, term = ""): string {
  const count = `${n} ${n === 1 ? "article" : "articles"} found`;
  return term ? `${count} for "${term}"` : count;
}

function matches(post: Post, term: string): boolean {
  const needle = term.toLowerCase();
  return [post.title, post.excerpt ?? "", post.category, CATEGORY_NAMES[post.category] ?? ""].some(
    (text) => text.toLowerCase().includes(needle),
  );
}

/** When a post went public: the date its card shows. */
const publishedTime = (post: Post) => Date.parse(post.publishedAt ?? post.createdAt);
const newest = (a: Post, b: Post) => publishedTime(b) - publishedTime(a) || (b.id < a.id ? -1 : 1);
/** Alphabetical: the titles in lower case, character by character; the same titles newest first. */
const titleKey = (post: Post) => post.title.toLowerCase();
const alphabetical = (a: Post, b: Post) =>
  titleKey(a) < titleKey(b) ? -1 : titleKey(a) > titleKey(b) ? 1 : newest(a, b);

async function publishedPosts(request: APIRequestContext): Promise<Post[]> {
  const response = await request.get("/api/posts/published");
  expect(response.ok()).toBe(true);
  return response.json();
}

/** The article links on the page, in order. */
function articleLinks(page: Page): Locator {
  return page
    .getByRole("region", { name: "Articles" })
    .getByRole("listitem")
    .getByRole("link")
    .filter({ has: page.getByRole("heading", { level: 3 }) });
}

/** Articles to a page of the list (docs/product/public-site.md#paged-lists). */
const PAGE_SIZE = 12;

/** The page shows the first page of `expected`: its first 12 articles, in order. */
async function expectArticles(page: Page, expected: Post[]) {
  const posts = expected.slice(0, PAGE_SIZE);
  const links = articleLinks(page);
  await expect(links).toHaveCount(posts.length);
  await expect
    .poll(() =>
      links.evaluateAll((elements) => elements.map((element) => element.getAttribute("href"))),
    )
    .toEqual(posts.map((post) => `/blog/${post.slug}`));
  for (const [i, post] of posts.entries()) {
    await expect(links.nth(i).getByRole("heading", { level: 3 })).toHaveText(post.title);
  }
}

/** Text as React writes it into HTML. */
function htmlText(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");
}

/** A word of the text at least five letters long, for searching. */
function wordOf(text: string): string {
  const word = text.split(/[^A-Za-z]+/).find((w) => w.length >= 5);
  if (!word) throw new Error(`no usable word in "${text}"`);
  return word;
}

test.describe("news page", () => {
  test("orders articles by the date they went public, not the date they were written", async ({
    page,
    request,
  }) => {
    const { writtenFirst, writtenLater } = NEWS_SPEC_CONTENT;
    const titles = async () =>
      (await articleLinks(page).getByRole("heading", { level: 3 }).allTextContents()).filter(
        (title) => title === writtenFirst.title || title === writtenLater.title,
      );
    // Both are years old, so they are on the last page of the newest first.
    const count = (await publishedPosts(request)).length;
    await page.goto(`/news?page=${Math.ceil(count / PAGE_SIZE)}`);
    // Written in January and published in September, it is the newer article of the two.
    await expect.poll(titles).toEqual([writtenFirst.title, writtenLater.title]);
    const card = articleLinks(page).filter({ hasText: writtenFirst.title });
    await expect(card.locator("time")).toHaveText("Sep 1, 2019");
    await expect(card.locator("time")).toHaveAttribute("datetime", writtenFirst.publishedAt);

    await page.getByRole("combobox", { name: "Sort by" }).selectOption({ label: "Oldest First" });
    await expect(page).toHaveURL("/news?sort=oldest");
    await expect.poll(titles).toEqual([writtenLater.title, writtenFirst.title]);

    // The API lists them in the same order, newest publication first.
    const slugs = (await publishedPosts(request))
      .map((post) => post.slug)
      .filter((slug) => slug === writtenFirst.slug || slug === writtenLater.slug);
    expect(slugs).toEqual([writtenFirst.slug, writtenLater.slug]);
  });

  test("lists the published posts, newest first, 12 to a page, with the count, linking to /blog/{slug}", async ({
    page,
    request,
  }) => {
    const posts = await publishedPosts(request);
    expect(posts.length, "the demo content has published posts").toBeGreaterThan(1);
    expect(new Set(posts.map((post) => post.category)).size).toBeGreaterThan(1);
    await page.goto("/news");
    await expect(page).toHaveTitle(/^Latest News \| /);
    await expect(page.getByRole("heading", { level: 1, name: "Latest News" })).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Search articles" })).toHaveAttribute(
      "placeholder",
      "Search articles...",
    );
    await expect(page.getByText(countText(posts.length), { exact: true })).toBeVisible();
    await expectArticles(page, [...posts].sort(newest));
    // The API's own order is newest first too.
    await expectArticles(page, posts);
  });

  test("sorts newest first, oldest first and alphabetically, keeping the sort in the address", async ({
    page,
    request,
  }) => {
    const posts = await publishedPosts(request);
    await page.goto("/news");
    const sort = page.getByRole("combobox", { name: "Sort by" });
    await expect(sort).toHaveValue("newest");
    await expect(sort.locator("option")).toHaveText([
      "Newest First",
      "Oldest First",
      "Alphabetical",
    ]);

    await sort.selectOption({ label: "Oldest First" });
    await expectArticles(page, [...posts].sort(newest).reverse());
    await expect(page).toHaveURL("/news?sort=oldest");

    await sort.selectOption({ label: "Alphabetical" });
    const byTitle = [...posts].sort(alphabetical);
    await expectArticles(page, byTitle);
    await expect(page).toHaveURL("/news?sort=title");
    // The count does not change with the order.
    await expect(page.getByText(countText(posts.length), { exact: true })).toBeVisible();

    await sort.selectOption({ label: "Newest First" });
    await expectArticles(page, [...posts].sort(newest));
    await expect(page).toHaveURL("/news");
  });

  test("searches titles, excerpts and categories ignoring case, with the count and the term", async ({
    page,
    request,
  }) => {
    const posts = await publishedPosts(request);
    await page.goto("/news");
    const search = page.getByRole("searchbox", { name: "Search articles" });

    // A word from a title, typed in capitals.
    const titleWord = wordOf(posts[0]?.title ?? "").toUpperCase();
    await search.fill(titleWord);
    const byTitle = posts.filter((post) => matches(post, titleWord));
    await expect(
      page.getByText(countText(byTitle.length, titleWord), { exact: true }),
    ).toBeVisible();
    await expectArticles(page, byTitle);
    await expect(page).toHaveURL(`/news?q=${encodeURIComponent(titleWord)}`);

    // A word only an excerpt holds.
    const excerptOnly = posts
      .flatMap((post) => (post.excerpt ?? "").split(/[^A-Za-z]+/))
      .find(
        (word) =>
          word.length >= 6 &&
          posts.every((post) => !post.title.toLowerCase().includes(word.toLowerCase())),
      );
    if (!excerptOnly) throw new Error("no word found only in excerpts");
    await search.fill(excerptOnly.toLowerCase());
    const byExcerpt = posts.filter((post) => matches(post, excerptOnly));
    expect(byExcerpt.length).toBeGreaterThan(0);
    await expect(
      page.getByText(countText(byExcerpt.length, excerptOnly.toLowerCase()), { exact: true }),
    ).toBeVisible();
    await expectArticles(page, byExcerpt);

    // A category, by its stored name.
    await search.fill("Marketplace-Content");
    const byCategory = posts.filter((post) => matches(post, "marketplace-content"));
    expect(byCategory.length).toBeGreaterThan(0);
    expect(byCategory.every((post) => post.category === "marketplace-content")).toBe(true);
    await expect(
      page.getByText(countText(byCategory.length, "Marketplace-Content"), { exact: true }),
    ).toBeVisible();
    await expectArticles(page, byCategory);

    // A search with one result says "article".
    const unique = posts.find(
      (post) => posts.filter((other) => matches(other, post.title)).length === 1,
    );
    if (!unique) throw new Error("no post with a unique title");
    await search.fill(unique.title);
    await expect(
      page.getByText(`1 article found for "${unique.title}"`, { exact: true }),
    ).toBeVisible();
    await expectArticles(page, [unique]);

    // Search and sort work together.
    await search.fill("youtube");
    await page.getByRole("combobox", { name: "Sort by" }).selectOption("title");
    const youtube = posts.filter((post) => matches(post, "youtube")).sort(alphabetical);
    await expectArticles(page, youtube);
    await expect(page).toHaveURL("/news?q=youtube&sort=title");
  });

  test("a search nobody matches shows the empty state, and Clear Search brings every article back", async ({
    page,
    request,
  }) => {
    const posts = await publishedPosts(request);
    await page.goto("/news?sort=oldest");
    const search = page.getByRole("searchbox", { name: "Search articles" });
    const term = "zqxv-no-such-article";
    await search.fill(term);
    await expect(page.getByText(countText(0, term), { exact: true })).toBeVisible();
    await expect(page.getByText("No articles found matching your search.")).toBeVisible();
    await expect(articleLinks(page)).toHaveCount(0);
    await expect(page).toHaveURL(`/news?q=${term}&sort=oldest`);

    await page.getByRole("button", { name: "Clear Search" }).click();
    await expect(search).toHaveValue("");
    await expect(search).toBeFocused();
    await expect(page.getByText("No articles found matching your search.")).toHaveCount(0);
    await expect(page.getByText(countText(posts.length), { exact: true })).toBeVisible();
    // The sort stays as it was.
    await expectArticles(page, [...posts].sort(newest).reverse());
    await expect(page).toHaveURL("/news?sort=oldest");
  });

  test("a shared address opens the same search and sort, rendered on the server", async ({
    page,
    request,
  }) => {
    const posts = await publishedPosts(request);
    const term = "dragon";
    const expected = posts.filter((post) => matches(post, term)).sort(alphabetical);
    expect(expected.length).toBeGreaterThan(1);
    expect(expected.length).toBeLessThanOrEqual(PAGE_SIZE);

    const html = await (await request.get(`/news?q=${term}&sort=title`)).text();
    expect(html).toContain(htmlText(countText(expected.length, term)));
    const positions = expected.map((post) => html.indexOf(`href="/blog/${post.slug}"`));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const post of posts.filter((p) => !matches(p, term))) {
      expect(html).not.toContain(`href="/blog/${post.slug}"`);
    }

    await page.goto(`/news?q=${term}&sort=title`);
    await expect(page.getByRole("searchbox", { name: "Search articles" })).toHaveValue(term);
    await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveValue("title");
    await expectArticles(page, expected);
  });

  test("searches without JavaScript as a plain form", async ({ browser, request, baseURL }) => {
    const posts = await publishedPosts(request);
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    try {
      const page = await context.newPage();
      await page.goto("/news");
      await page.getByRole("searchbox", { name: "Search articles" }).fill("youtube");
      await page.getByRole("combobox", { name: "Sort by" }).selectOption("oldest");
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL("/news?q=youtube&sort=oldest");
      const expected = posts
        .filter((post) => matches(post, "youtube"))
        .sort(newest)
        .reverse();
      await expect(
        page.getByText(countText(expected.length, "youtube"), { exact: true }),
      ).toBeVisible();
      await expectArticles(page, expected);

      await page.getByRole("searchbox", { name: "Search articles" }).fill("zqxv-nothing");
      await page.keyboard.press("Enter");
      await expect(page.getByText("No articles found matching your search.")).toBeVisible();
      await page.getByRole("button", { name: "Clear Search" }).click();
      await expect(page).toHaveURL("/news?sort=oldest");
      await expect(articleLinks(page)).toHaveCount(Math.min(posts.length, PAGE_SIZE));
    } finally {
      await context.close();
    }
  });

  test("going back to a search shows it again", async ({ page, request }) => {
    const posts = await publishedPosts(request);
    const expected = posts.filter((post) => matches(post, "youtube"));
    await page.goto("/");
    await page.getByRole("link", { name: "All news" }).click();
    await expect(page).toHaveURL("/news");
    await page.getByRole("searchbox", { name: "Search articles" }).fill("youtube");
    await expect(page).toHaveURL("/news?q=youtube");
    await articleLinks(page).first().click();
    await expect(page).toHaveURL(`/blog/${expected[0]?.slug}`);
    await page.goBack();
    await expect(page).toHaveURL("/news?q=youtube");
    await expect(page.getByRole("searchbox", { name: "Search articles" })).toHaveValue("youtube");
    await expectArticles(page, expected);
    // Typing replaced the history entry rather than adding one per keystroke.
    await page.goBack();
    await expect(page).toHaveURL("/");
  });

  test("shows placeholder cards while the next articles load, in the same page", async ({
    page,
    request,
  }) => {
    const posts = await publishedPosts(request);
    await page.goto("/news");
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = "same document";
    });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Hold back the next list, which the page's own script asks for.
    await page.route(
      (url) => url.pathname === "/news" && url.searchParams.get("q") === "youtube",
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.getByRole("searchbox", { name: "Search articles" }).fill("youtube");
    const loading = page.getByRole("status").filter({ hasText: "Loading articles…" });
    await expect(loading).toBeVisible();
    await expect(page.locator('[data-slot="skeleton-card"]')).toHaveCount(6);
    // The controls stay usable, with what was typed.
    await expect(page.getByRole("searchbox", { name: "Search articles" })).toHaveValue("youtube");
    release();
    await expectArticles(
      page,
      posts.filter((post) => matches(post, "youtube")),
    );
    await expect(loading).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
      "same document",
    );
  });

  test("the server-rendered HTML carries the page's main text and the first page's articles", async ({
    request,
  }) => {
    const posts = await publishedPosts(request);
    const response = await request.get("/news");
    expect(response.status()).toBe(200);
    const html = await response.text();
    for (const text of [
      "Latest News",
      'placeholder="Search articles..."',
      "Newest First",
      "Oldest First",
      "Alphabetical",
      countText(posts.length),
    ]) {
      expect(html).toContain(text);
    }
    for (const post of posts.slice(0, PAGE_SIZE)) {
      expect(html).toContain(`href="/blog/${post.slug}"`);
      expect(html).toContain(htmlText(post.title));
    }
    // The rest are on the next pages, not in this one.
    for (const post of posts.slice(PAGE_SIZE))
      expect(html).not.toContain(`href="/blog/${post.slug}"`);
    expect(html).toMatch(/<title>Latest News \| [^<]+<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
  });

  for (const viewport of [DESKTOP, MOBILE]) {
    test(`has no serious accessibility violations and no sideways scroll at ${viewport.width}px`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto("/news");
      await expect(articleLinks(page).first()).toBeVisible();
      expect(await hasHorizontalScroll(page)).toBe(false);
      await expectNoSeriousA11yViolations(page);
      await page.goto("/news?q=zqxv-nothing");
      await expect(page.getByText("No articles found matching your search.")).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }
});

test.describe("news pages", () => {
  /** The href of the page head's `<link rel={rel}>`, or null without one. */
  async function headLink(page: Page, rel: string): Promise<string | null> {
    const link = page.locator(`head link[rel="${rel}"]`);
    if ((await link.count()) === 0) return null;
    return (
      new URL((await link.getAttribute("href")) ?? "").pathname +
      new URL((await link.getAttribute("href")) ?? "").search
    );
  }

  test("pages through the list with the page links, without reloading, naming prev, next and canonical in the head", async ({
    page,
    request,
  }) => {
    const posts = await publishedPosts(request);
    expect(posts.length, "the demo content fills more than one page").toBeGreaterThan(PAGE_SIZE);
    const pages = Math.ceil(posts.length / PAGE_SIZE);
    await page.goto("/news");
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = "same document";
    });
    expect(await headLink(page, "canonical")).toBe("/news");
    expect(await headLink(page, "prev")).toBeNull();
    expect(await headLink(page, "next")).toBe("/news?page=2");
    const pager = page.getByRole("navigation", { name: "Article pages" });
    await expect(pager.locator('[aria-current="page"]')).toHaveText("Page 1");

    await pager.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL("/news?page=2");
    await expectArticles(page, posts.slice(PAGE_SIZE));
    await expect(pager.locator('[aria-current="page"]')).toHaveText("Page 2");
    if (pages === 2) await expect(pager.getByRole("link", { name: "Next" })).toHaveCount(0);
    await expect.poll(() => headLink(page, "canonical")).toBe("/news?page=2");
    expect(await headLink(page, "prev")).toBe("/news");
    expect(await headLink(page, "next")).toBe(pages > 2 ? "/news?page=3" : null);
    // The count is the whole list's.
    await expect(page.getByText(countText(posts.length), { exact: true })).toBeVisible();

    await pager.getByRole("link", { name: "Page 1", exact: true }).click();
    await expect(page).toHaveURL("/news");
    await expectArticles(page, posts);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
      "same document",
    );
  });

  test("a new search or sort starts at the first page; the page links keep them", async ({
    page,
    request,
  }) => {
    const posts = await publishedPosts(request);
    await page.goto("/news?page=2");
    await page.getByRole("combobox", { name: "Sort by" }).selectOption("oldest");
    await expect(page).toHaveURL("/news?sort=oldest");
    const oldest = [...posts].sort(newest).reverse();
    await expectArticles(page, oldest);
    await page
      .getByRole("navigation", { name: "Article pages" })
      .getByRole("link", { name: "Next" })
      .click();
    await expect(page).toHaveURL("/news?sort=oldest&page=2");
    await expectArticles(page, oldest.slice(PAGE_SIZE));
    // A sorted view points search engines to the plain list.
    await expect.poll(() => headLink(page, "canonical")).toBe("/news");
  });

  test("pages without JavaScript as plain links", async ({ browser, request, baseURL }) => {
    const posts = await publishedPosts(request);
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    try {
      const page = await context.newPage();
      await page.goto("/news");
      await expectArticles(page, posts);
      const pager = page.getByRole("navigation", { name: "Article pages" });
      await pager.getByRole("link", { name: "Next" }).click();
      await expect(page).toHaveURL("/news?page=2");
      await expectArticles(page, posts.slice(PAGE_SIZE));
      expect(await headLink(page, "prev")).toBe("/news");
      await pager.getByRole("link", { name: "Previous" }).click();
      await expect(page).toHaveURL("/news");
      await expectArticles(page, posts);
    } finally {
      await context.close();
    }
  });

  test("a page past the last, or one that is not a number, is not found", async ({ request }) => {
    const posts = await publishedPosts(request);
    const last = Math.ceil(posts.length / PAGE_SIZE);
    expect((await request.get(`/news?page=${last}`)).status()).toBe(200);
    for (const query of [`page=${last + 1}`, "page=0", "page=two", "page=1.5"]) {
      const response = await request.get(`/news?${query}`);
      expect(response.status(), query).toBe(404);
      expect(await response.text()).toContain("404 Page Not Found");
    }
  });
});

test.describe("news page with nothing published", () => {
  let server: OwnServer;
  test.beforeAll(async () => {
    server = await startOwnServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("says so", async ({ page, request }) => {
    const posts: Post[] = await (await request.get(`${server.url}/api/posts/published`)).json();
    expect(posts).toEqual([]);
    await page.goto(`${server.url}/news`);
    await expect(page.getByText("No articles published yet.")).toBeVisible();
    await expect(page.getByText(countText(0), { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Clear Search" })).toHaveCount(0);
    // Searching an empty list still says nothing is published, not that nothing matched.
    await page.getByRole("searchbox", { name: "Search articles" }).fill("anything");
    await expect(page.getByText(countText(0, "anything"), { exact: true })).toBeVisible();
    await expect(page.getByText("No articles published yet.")).toBeVisible();
    const html = await (await request.get(`${server.url}/news`)).text();
    expect(html).toContain("No articles published yet.");
  });
});
