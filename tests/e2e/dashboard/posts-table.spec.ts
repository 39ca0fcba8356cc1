import type { APIRequestContext, Locator, Page, Route } from "@playwright/test";
import type { Db } from "#server/db/db.server.ts";
import type { PostRow } from "#server/db/tables.ts";
import {
  expect,
  expectNoSeriousA11yViolations,
  hasHorizontalScroll,
  signInAs,
  test,
} from "#tests/e2e/fixtures.ts";
import { createManyPosts } from "#tests/factories/post.ts";
import { expectConfirmation, pageHeading, toast, uniqueId } from "./helpers.ts";

// The staff post tables (docs/product/dashboard.md#content-lists): one page at a time from the
// server, the view in the address, the row menu and the bulk actions. Other specs change content on
// the same server meanwhile, so each test gives its posts a tag of their own and looks at that
// tag's view, which nobody else's posts can enter.

const MINUTE = 60_000;

/** `count` posts under a new tag, titled "{prefix} 00", "{prefix} 01", ...; later ones made later. */
async function seedTagged(
  db: Db,
  count: number,
  shape: (index: number) => Partial<PostRow> = () => ({}),
): Promise<{ tag: string; prefix: string; posts: PostRow[] }> {
  const id = uniqueId();
  const tag = `t${id}`;
  const prefix = `Row ${id}`;
  const start = Date.now() - 24 * 60 * MINUTE;
  const posts = await createManyPosts(db, count, (index) => {
    const at = new Date(start + index * MINUTE).toISOString();
    return {
      title: `${prefix} ${String(index).padStart(2, "0")}`,
      tags: JSON.stringify([tag]),
      createdAt: at,
      updatedAt: at,
      publishedAt: at,
      ...shape(index),
    };
  });
  return { tag, prefix, posts };
}

const table = (page: Page, name: string) => page.getByRole("table", { name, exact: true });

/** The titles of the table's rows, in order. */
async function rowTitles(rows: Locator): Promise<string[]> {
  return rows.evaluateAll((found) => found.map((row) => row.getAttribute("aria-label") ?? ""));
}

/** Waits until the table shows exactly these titles, in this order. */
async function expectRows(page: Page, name: string, titles: string[]) {
  const rows = table(page, name).locator("tbody tr");
  await expect(async () => expect(await rowTitles(rows)).toEqual(titles)).toPass({
    timeout: 5_000,
  });
}

const titles = (prefix: string, indexes: number[]) =>
  indexes.map((i) => `${prefix} ${String(i).padStart(2, "0")}`);
const range = (from: number, to: number, step = 1) =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, k) => from + k * step);

/** What the public (no session) gets for a post's page. */
async function publicStatus(request: APIRequestContext, slug: string): Promise<number> {
  return (await request.get(`/blog/${slug}`, { maxRedirects: 0 })).status();
}

test.describe("staff post tables", () => {
  test("sort by a column, filter, search and page on the server; the address keeps the view for reload and the back button", async ({
    page,
    createStaff,
    db,
  }) => {
    test.slow();
    await signInAs(page, await createStaff());
    // 30 posts: even ones drafts, odd ones published.
    const { tag, prefix } = await seedTagged(db, 30, (i) =>
      i % 2 === 0 ? { status: "draft", publishedAt: null } : {},
    );

    await page.goto(`/dashboard/posts?tag=${tag}`);
    await expect(pageHeading(page, "All Content")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Tag" })).toHaveValue(tag);
    // Newest first by creation, 25 to a page.
    await expectRows(page, "All Content", titles(prefix, range(5, 29).reverse()));
    await expect(page.getByText("Showing 1–25 of 30 posts")).toBeVisible();

    // The title header sorts A to Z, then Z to A.
    const titleHeader = table(page, "All Content").getByRole("columnheader", { name: /^Title/ });
    // From the keyboard.
    await titleHeader.getByRole("button").focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`/dashboard/posts?tag=${tag}&sort=title`);
    await expect(titleHeader).toHaveAttribute("aria-sort", "ascending");
    await expectRows(page, "All Content", titles(prefix, range(0, 24)));

    // Page 2 of that order.
    const pager = page.getByRole("navigation", { name: "All Content pages" });
    await pager.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(`/dashboard/posts?tag=${tag}&sort=title&page=2`);
    await expectRows(page, "All Content", titles(prefix, range(25, 29)));
    await expect(page.getByText("Showing 26–30 of 30 posts")).toBeVisible();

    // A reload shows the same view, controls included.
    await page.reload();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expectRows(page, "All Content", titles(prefix, range(25, 29)));
    await expect(pager.locator('[aria-current="page"]')).toHaveText("Page 2");
    await expect(titleHeader).toHaveAttribute("aria-sort", "ascending");
    await expect(page.getByLabel("Sort by")).toHaveValue("title");

    // Back: page 1 again.
    await page.goBack();
    await expect(page).toHaveURL(`/dashboard/posts?tag=${tag}&sort=title`);
    await expectRows(page, "All Content", titles(prefix, range(0, 24)));

    // A status filter starts at page 1 of the drafts.
    await page.getByRole("combobox", { name: "Status" }).selectOption("draft");
    await expect(page).toHaveURL(`/dashboard/posts?status=draft&tag=${tag}&sort=title`);
    await expectRows(page, "All Content", titles(prefix, range(0, 28, 2)));
    await expect(page.getByText("Showing 1–15 of 15 posts")).toBeVisible();
    await expect(pager).toHaveCount(0);

    // The search follows typing after a pause, on the server, in the title and the content.
    await page.getByRole("searchbox", { name: "Search posts" }).fill(`${prefix} 08`);
    await expect(page).toHaveURL(
      `/dashboard/posts?q=${encodeURIComponent(`${prefix} 08`).replaceAll("%20", "+")}&status=draft&tag=${tag}&sort=title`,
    );
    await expectRows(page, "All Content", titles(prefix, [8]));

    // Typing replaced the drafts view rather than adding to it: back leads to the one before.
    await page.goBack();
    await expect(page).toHaveURL(`/dashboard/posts?tag=${tag}&sort=title`);
    await expectRows(page, "All Content", titles(prefix, range(0, 24)));
    await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("");
    await expect(page.getByRole("searchbox", { name: "Search posts" })).toHaveValue("");

    // A page past the last offers the last one.
    await page.goto(`/dashboard/posts?tag=${tag}&sort=title&page=7`);
    await expect(page.getByText("There is no page 7")).toBeVisible();
    await expect(page.getByText("This list has 2 pages.")).toBeVisible();
    await page.getByRole("button", { name: "Go to the last page" }).click();
    await expect(page).toHaveURL(`/dashboard/posts?tag=${tag}&sort=title&page=2`);
    await expectRows(page, "All Content", titles(prefix, range(25, 29)));

    // The sort select: the published by date, newest first, then the drafts, which have none.
    await page.getByLabel("Sort by").selectOption("-publishedAt");
    await expect(page).toHaveURL(`/dashboard/posts?tag=${tag}&sort=-publishedAt`);
    const drafts = new Set(titles(prefix, range(0, 28, 2)));
    const rows = table(page, "All Content").locator("tbody tr");
    await expect(async () => {
      const shown = await rowTitles(rows);
      expect(shown.slice(0, 15)).toEqual(titles(prefix, range(1, 29, 2).reverse()));
      expect(shown.slice(15)).toHaveLength(10);
      expect(shown.slice(15).every((title) => drafts.has(title))).toBe(true);
    }).toPass({ timeout: 5_000 });
  });

  test("author and pack type filters, and an empty view offers to clear its filters", async ({
    page,
    createStaff,
    db,
  }) => {
    await signInAs(page, await createStaff());
    const me = (await (await page.request.get("/api/auth/user")).json()) as { id: string };
    // Three worlds of mine; one skin pack by nobody known.
    const { tag, prefix } = await seedTagged(db, 4, (i) => ({
      category: "marketplace-content",
      packType: i < 3 ? "world" : "skin-pack",
      authorId: i < 3 ? me.id : null,
    }));

    // The tag box follows typing after a pause.
    await page.goto("/dashboard/posts");
    await page.getByRole("textbox", { name: "Tag" }).fill(tag);
    await expect(page).toHaveURL(`/dashboard/posts?tag=${tag}`);
    await expectRows(page, "All Content", titles(prefix, [3, 2, 1, 0]));
    await page.getByRole("combobox", { name: "Pack type" }).selectOption("skin-pack");
    await expect(page).toHaveURL(`/dashboard/posts?packType=skin-pack&tag=${tag}`);
    await expectRows(page, "All Content", titles(prefix, [3]));
    await expect(
      table(page, "All Content").getByRole("row", { name: `${prefix} 03` }),
    ).toContainText("Marketplace · Skin Pack");

    await page
      .getByRole("combobox", { name: "Pack type" })
      .selectOption({ label: "All pack types" });
    await expect(page).toHaveURL(`/dashboard/posts?tag=${tag}`);
    const author = page.getByRole("combobox", { name: "Author" });
    await expect(author.locator(`option[value="${me.id}"]`)).toHaveCount(1);
    await author.selectOption(me.id);
    await expect(page).toHaveURL(`/dashboard/posts?author=${me.id}&tag=${tag}`);
    await expectRows(page, "All Content", titles(prefix, [2, 1, 0]));

    // Nothing matches: the filters can be cleared from the empty view.
    await page.getByRole("combobox", { name: "Pack type" }).selectOption("skin-pack");
    await expect(page.getByText("No content found for the selected filter.")).toBeVisible();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page).toHaveURL("/dashboard/posts");
    await expect(page.getByRole("textbox", { name: "Tag" })).toHaveValue("");
    // Every post again: more than this test's four.
    await expect(async () =>
      expect(await table(page, "All Content").locator("tbody tr").count()).toBeGreaterThan(4),
    ).toPass({ timeout: 5_000 });
  });

  test("two filters chosen back to back both hold, with no round trip to the server for the page", async ({
    page,
    createStaff,
    db,
  }) => {
    await signInAs(page, await createStaff());
    const { tag, prefix } = await seedTagged(db, 2, (i) => ({
      category: "marketplace-content",
      packType: i === 0 ? "world" : "skin-pack",
    }));
    await page.goto(`/dashboard/posts?tag=${tag}`);
    await expectRows(page, "All Content", titles(prefix, [1, 0]));
    // The page's own data (not the list's API call) is what a filter must not wait for.
    const pageLoads: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith(".data")) pageLoads.push(request.url());
    });
    await page.getByRole("combobox", { name: "Pack type" }).selectOption("skin-pack");
    await page.getByRole("combobox", { name: "Category" }).selectOption("marketplace-content");
    await expect(page).toHaveURL(
      `/dashboard/posts?category=marketplace-content&packType=skin-pack&tag=${tag}`,
    );
    await expectRows(page, "All Content", titles(prefix, [1]));
    expect(pageLoads).toEqual([]);
  });

  test("bulk unpublish asks once, naming how many and what the public will see; their pages then answer 404, until bulk publish brings them back", async ({
    page,
    request,
    createStaff,
    db,
  }) => {
    await signInAs(page, await createStaff());
    const { tag, prefix, posts } = await seedTagged(db, 4, (i) =>
      i === 0 ? { status: "draft", publishedAt: null } : {},
    );
    const published = posts.slice(1);
    for (const post of published) expect(await publicStatus(request, post.slug)).toBe(200);

    await page.goto(`/dashboard/posts?tag=${tag}`);
    await expectRows(page, "All Content", titles(prefix, [3, 2, 1, 0]));
    await page.getByRole("checkbox", { name: "Select all posts on this page" }).check();
    const bar = page.getByRole("region", { name: "Selected posts" });
    await expect(bar).toContainText("4 posts selected");
    await bar.getByRole("button", { name: "Unpublish", exact: true }).click();
    const dialog = await expectConfirmation(
      page,
      "They leave the public site at once: their pages, the news list and the feeds stop showing them until they are published again.",
    );
    await expect(dialog.getByRole("heading", { name: "Unpublish 4 posts?" })).toBeVisible();
    await dialog.getByRole("button", { name: "Unpublish 4 posts" }).click();

    // The draft was left as it was, and the toast says which and why.
    const done = toast(page, "status", "3 posts unpublished");
    await expect(done).toContainText(`Left as it was: "${prefix} 00":`);
    await expect(bar).toHaveCount(0);
    for (const i of [1, 2, 3]) {
      await expect(
        table(page, "All Content").getByRole("row", { name: `${prefix} 0${i}` }),
      ).toContainText("draft");
    }
    for (const post of published) {
      await expect.poll(() => publicStatus(request, post.slug)).toBe(404);
    }

    // Publishing two of them brings just those back.
    await page.getByRole("checkbox", { name: `Select ${prefix} 01` }).check();
    await page.getByRole("checkbox", { name: `Select ${prefix} 02` }).check();
    await bar.getByRole("button", { name: "Publish", exact: true }).click();
    const publish = await expectConfirmation(
      page,
      "They go public at once: their pages, the news list and the feeds show them. Drafts and scheduled posts only; a post that is not ready to publish is left as it is.",
    );
    await publish.getByRole("button", { name: "Publish 2 posts" }).click();
    await expect(toast(page, "status", "2 posts published")).toBeVisible();
    await expect.poll(() => publicStatus(request, published[0]?.slug ?? "")).toBe(200);
    await expect.poll(() => publicStatus(request, published[1]?.slug ?? "")).toBe(200);
    expect(await publicStatus(request, published[2]?.slug ?? "")).toBe(404);
  });

  test("bulk delete removes the selected rows after one confirmation", async ({
    page,
    createStaff,
    db,
  }) => {
    await signInAs(page, await createStaff());
    const { tag, prefix, posts } = await seedTagged(db, 3);
    await page.goto(`/dashboard/posts?tag=${tag}`);
    const rows = table(page, "All Content");
    await rows.getByRole("checkbox", { name: `Select ${prefix} 00` }).check();
    await rows.getByRole("checkbox", { name: `Select ${prefix} 02` }).check();
    await expect(
      rows.getByRole("checkbox", { name: "Select all posts on this page" }),
    ).not.toBeChecked();
    const bar = page.getByRole("region", { name: "Selected posts" });
    await expect(bar).toContainText("2 posts selected");
    await bar.getByRole("button", { name: "Delete" }).click();
    const dialog = await expectConfirmation(
      page,
      "They are deleted for good: their pages disappear from the public site at once. This action cannot be undone.",
    );
    await dialog.getByRole("button", { name: "Delete 2 posts" }).click();
    await expect(toast(page, "status", "2 posts deleted")).toBeVisible();
    await expectRows(page, "All Content", titles(prefix, [1]));
    expect((await page.request.get(`/api/posts/${posts[0]?.id}`)).status()).toBe(404);
    expect((await page.request.get(`/api/posts/${posts[2]?.id}`)).status()).toBe(404);
    expect((await page.request.get(`/api/posts/${posts[1]?.id}`)).status()).toBe(200);
  });

  test("the row menu: Edit, View on the site while public, the marketplace link, and Delete asked first", async ({
    page,
    createStaff,
    db,
  }) => {
    await signInAs(page, await createStaff({ role: "admin" }));
    const marketplaceUrl = "https://www.minecraft.net/marketplace/pdp?id=row-menu";
    const { tag, prefix, posts } = await seedTagged(db, 2, (i) =>
      i === 0
        ? { status: "draft", publishedAt: null }
        : { category: "marketplace-content", packType: "world", marketplaceUrl },
    );
    const [draft, pack] = posts as [PostRow, PostRow];
    await page.goto(`/dashboard/posts?tag=${tag}`);
    await expectRows(page, "All Content", titles(prefix, [1, 0]));

    await page.getByRole("button", { name: `Actions for ${pack.title}` }).click();
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem")).toHaveText([
      "Edit",
      "View on the site",
      "Open on the marketplace",
      "Delete",
    ]);
    await expect(menu.getByRole("menuitem", { name: "View on the site" })).toHaveAttribute(
      "href",
      `/blog/${pack.slug}`,
    );
    await expect(menu.getByRole("menuitem", { name: "Open on the marketplace" })).toHaveAttribute(
      "href",
      marketplaceUrl,
    );
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);

    // A draft is not on the site and has no marketplace link.
    await page.getByRole("button", { name: `Actions for ${draft.title}` }).click();
    await expect(page.getByRole("menu").getByRole("menuitem")).toHaveText(["Edit", "Delete"]);
    await page.getByRole("menuitem", { name: "Edit" }).click();
    await expect(page).toHaveURL(`/dashboard/create?id=${draft.id}&type=post`);

    await page.goto(`/dashboard/posts?tag=${tag}`);
    await page.getByRole("button", { name: `Actions for ${draft.title}` }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const dialog = await expectConfirmation(
      page,
      `Are you sure you want to delete "${draft.title}"? This action cannot be undone.`,
    );
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "status", "Post deleted")).toBeVisible();
    await expectRows(page, "All Content", titles(prefix, [1]));

    // The title leads to the editor too.
    await table(page, "All Content").getByRole("link", { name: pack.title }).click();
    await expect(page).toHaveURL(`/dashboard/create?id=${pack.id}&type=post`);
  });

  test("a search still waiting for its pause never takes the place of a post opened meanwhile", async ({
    page,
    createStaff,
    db,
  }) => {
    await signInAs(page, await createStaff());
    const { tag, prefix, posts } = await seedTagged(db, 2);
    const opened = posts[0] as PostRow;
    await page.goto(`/dashboard/posts?tag=${tag}`);
    await expectRows(page, "All Content", titles(prefix, [1, 0]));

    await expect(page.getByRole("searchbox", { name: "Search posts" })).toHaveAttribute(
      "placeholder",
      "Search content...",
    );
    // Typing, then opening a post before the search's pause is over, on a network slow enough
    // that the editor is still loading when the pause ends.
    const slow = async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.fallback();
    };
    await page.route(/\/dashboard\/create(\.data)?\?|\/api\/posts\/[^/?]+(\?|$)/, slow);
    await page.getByRole("searchbox", { name: "Search posts" }).pressSequentially("zz");
    await table(page, "All Content").getByRole("link", { name: opened.title }).click();
    await expect(pageHeading(page, "Edit Post")).toBeVisible();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(opened.title);
    // Well past the search's pause (300 ms): the editor, and the post, are still what the address shows.
    await page.waitForTimeout(1_000);
    await expect(page).toHaveURL(`/dashboard/create?id=${opened.id}&type=post`);
    await expect(pageHeading(page, "Edit Post")).toBeVisible();
  });

  test("the fixed sections: Scheduled, Drafts, News Posts and YouTube Videos show only their kind", async ({
    page,
    createStaff,
    db,
  }) => {
    await signInAs(page, await createStaff());
    const soon = (days: number) => new Date(Date.now() + days * 24 * 60 * MINUTE).toISOString();
    const { tag, prefix } = await seedTagged(
      db,
      5,
      (i) =>
        [
          { status: "draft", publishedAt: null },
          { status: "scheduled", publishedAt: null, scheduledAt: soon(3), timezone: "UTC" },
          { status: "scheduled", publishedAt: null, scheduledAt: soon(2), timezone: "UTC" },
          { category: "youtube" },
          { category: "news" },
        ][i] as Partial<PostRow>,
    );
    const cases: [string, string, number[]][] = [
      ["/dashboard/scheduled", "Scheduled Posts", [2, 1]],
      ["/dashboard/drafts", "Drafts", [0]],
      ["/dashboard/news", "News Posts", [4, 2, 1, 0]],
      ["/dashboard/videos", "YouTube Videos", [3]],
    ];
    for (const [path, heading, shown] of cases) {
      await page.goto(`${path}?tag=${tag}`);
      await expect(pageHeading(page, heading)).toBeVisible();
      await expectRows(page, heading, titles(prefix, shown));
    }
    // The fixed filter has no control of its own.
    await expect(page.getByRole("combobox", { name: "Category" })).toHaveCount(0);
    await page.goto(`/dashboard/drafts?tag=${tag}`);
    await expect(page.getByRole("combobox", { name: "Status" })).toHaveCount(0);
  });

  test("no serious accessibility problem on the table; phones get compact rows without sideways scrolling", async ({
    page,
    createStaff,
    db,
  }) => {
    await signInAs(page, await createStaff());
    const { tag, prefix } = await seedTagged(db, 3, (i) =>
      i === 0
        ? {
            title: `${"A very long title that must wrap on a phone rather than push the page sideways".repeat(2)} ${uniqueId()}`,
          }
        : {},
    );
    await page.goto(`/dashboard/posts?tag=${tag}`);
    await expect(table(page, "All Content").locator("tbody tr")).toHaveCount(3);
    await page.getByRole("checkbox", { name: `Select ${prefix} 01` }).check();
    await expect(page.getByRole("region", { name: "Selected posts" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(`/dashboard/posts?tag=${tag}`);
    const list = page.getByRole("list", { name: "All Content", exact: true });
    await expect(list.getByRole("article")).toHaveCount(3);
    await expect(table(page, "All Content")).toBeHidden();
    const row = list.getByRole("article", { name: `${prefix} 01` });
    await expect(row.getByRole("button", { name: `Actions for ${prefix} 01` })).toBeVisible();
    await expect(row.getByRole("checkbox", { name: `Select ${prefix} 01` })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectNoSeriousA11yViolations(page);
  });
});
