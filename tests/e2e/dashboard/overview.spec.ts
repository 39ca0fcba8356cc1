import type { Page } from "@playwright/test";
import type { DashboardStats } from "#common/types/stats.ts";
import { expect, signInAs, test } from "#tests/e2e/fixtures.ts";
import { createPost } from "#tests/factories/post.ts";
import {
  articleNames,
  expectConfirmation,
  expectPageMatchesApi,
  holdResponses,
  pageHeading,
  toast,
  uniqueId,
} from "./helpers.ts";

// The dashboard's overview (docs/product/dashboard.md#overview, #loading-states).

const TILES: [keyof DashboardStats, string][] = [
  ["totalPosts", "Total Posts"],
  ["published", "Published"],
  ["drafts", "Drafts"],
  ["scheduled", "Scheduled"],
  ["marketplace", "Marketplace"],
  ["news", "News Posts"],
  ["youtube", "YouTube"],
];

async function apiJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  return response.json();
}

const recentPosts = (page: Page) => page.getByRole("list", { name: "Recent Posts", exact: true });

test.describe("dashboard overview", () => {
  test("an employee sees the greeting, the seven counters as the API counts them, and the shortcuts", async ({
    page,
    createStaff,
  }) => {
    const employee = await createStaff({ firstName: "Quinn" });
    await signInAs(page, employee);
    await page.goto("/dashboard");
    await expect(pageHeading(page, "Welcome, Quinn!")).toBeVisible();
    await expect(
      page.getByText("Here you can Add/Edit/Delete News and Marketplace Content from the Website."),
    ).toBeVisible();
    // Not the owner before setup: no setup warning.
    await expect(page.getByText(/Initial Setup Mode/)).toHaveCount(0);

    const tiles = page.locator('[data-slot="stat-tile"]');
    await expectPageMatchesApi(
      page,
      () => apiJson<DashboardStats>(page, "/api/dashboard/stats"),
      async (stats) => {
        await expect(tiles).toHaveCount(7);
        await expect(tiles.locator("dt")).toHaveText(TILES.map(([, label]) => label));
        await expect(tiles.locator("dd")).toHaveText(TILES.map(([key]) => String(stats[key])));
      },
    );

    const shortcuts = page.getByRole("navigation", { name: "Shortcuts" });
    await expect(shortcuts.getByRole("link")).toHaveText([
      "View All Posts",
      "Marketplace Posts",
      "YouTube Videos",
      "News Posts",
    ]);
    const targets: [string, string, string][] = [
      ["View All Posts", "/dashboard/posts", "All Content"],
      ["Marketplace Posts", "/dashboard/marketplace", "Marketplace Portfolio"],
      ["YouTube Videos", "/dashboard/videos", "YouTube Videos"],
      ["News Posts", "/dashboard/news", "News Posts"],
    ];
    for (const [label, url, heading] of targets) {
      await shortcuts.getByRole("link", { name: label }).click();
      await expect(page).toHaveURL(url);
      await expect(pageHeading(page, new RegExp(`^${heading}`))).toBeVisible();
      await page.goBack();
      await expect(pageHeading(page, "Welcome, Quinn!")).toBeVisible();
    }

    await expect(page.getByRole("link", { name: "Create New Post" })).toHaveAttribute(
      "href",
      "/dashboard/create",
    );
  });

  test("shows 7 pulsing tiles and 6 placeholder rows until the data arrives", async ({
    page,
    createStaff,
  }) => {
    const employee = await createStaff();
    await signInAs(page, employee);
    const releaseStats = await holdResponses(page, "**/api/dashboard/stats");
    const releasePosts = await holdResponses(page, "**/api/posts*");
    await page.goto("/dashboard");

    const placeholders = page.locator('[data-slot="stat-tile-placeholder"]');
    await expect(placeholders).toHaveCount(7);
    for (const placeholder of await placeholders.all()) {
      await expect(placeholder).toHaveClass(/animate-pulse/);
    }
    await expect(
      page.getByRole("status").filter({ hasText: "Loading statistics..." }),
    ).toBeAttached();
    await expect(page.locator('[data-slot="stat-tile"]')).toHaveCount(0);
    const loadingCards = page
      .getByRole("list", { name: "Recent Posts (loading)" })
      .locator('[data-slot="skeleton-row"]');
    await expect(loadingCards).toHaveCount(6);

    releaseStats();
    await expect(page.locator('[data-slot="stat-tile"]')).toHaveCount(7);
    await expect(placeholders).toHaveCount(0);
    // The posts are still held: their placeholders stay.
    await expect(loadingCards).toHaveCount(6);

    releasePosts();
    await expect(recentPosts(page).getByRole("article")).not.toHaveCount(0);
    await expect(loadingCards).toHaveCount(0);
  });

  test("Recent Posts shows the six newest posts from one small page; deleting one there asks first", async ({
    page,
    createStaff,
    db,
  }) => {
    const admin = await createStaff({ role: "admin" });
    await signInAs(page, admin);
    const post = await createPost(db, { title: `Recent ${uniqueId()}`, status: "draft" });
    const asked: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/api/posts") asked.push(url.search);
    });
    await page.goto("/dashboard");

    await expectPageMatchesApi(
      page,
      () =>
        apiJson<{ items: { title: string }[] }>(page, "/api/posts?page=1&limit=6&sort=-createdAt"),
      async (recent) => {
        expect(await articleNames(recentPosts(page))).toEqual(recent.items.map((p) => p.title));
      },
    );
    // Never every post: one page of six.
    expect(asked.length).toBeGreaterThan(0);
    for (const search of asked) expect(search).toBe("?page=1&limit=6&sort=-createdAt");
    await expect(recentPosts(page).getByRole("article")).toHaveCount(6);
    // The overview's list has no search box.
    await expect(page.getByRole("searchbox")).toHaveCount(0);

    const row = recentPosts(page).getByRole("article", { name: post.title });
    await expect(row.getByText("draft", { exact: true })).toBeVisible();

    // The title opens the editor for this post.
    await row.getByRole("link", { name: post.title }).click();
    await expect(page).toHaveURL(`/dashboard/create?id=${post.id}&type=post`);
    await page.goto("/dashboard");

    // Cancel keeps the post.
    const actions = row.getByRole("button", { name: `Actions for ${post.title}` });
    await actions.click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const description = `Are you sure you want to delete "${post.title}"? This action cannot be undone.`;
    let dialog = await expectConfirmation(page, description);
    await expect(dialog.getByRole("heading", { name: "Delete this post?" })).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();

    await actions.click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    dialog = await expectConfirmation(page, description);
    await dialog.getByRole("button", { name: "Delete" }).click();
    const done = toast(page, "status", "Post deleted");
    await expect(done).toBeVisible();
    await expect(done).toContainText("The post has been successfully deleted.");
    await expect(row).toHaveCount(0);
    expect((await page.request.get(`/api/posts/${post.id}`)).status()).toBe(404);
  });
});
