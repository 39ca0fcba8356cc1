import type { Page } from "@playwright/test";
import type { Post } from "#common/types/post.ts";
import { expect, signInAs, test } from "#tests/e2e/fixtures.ts";
import { createPost, fromNow } from "#tests/factories/post.ts";
import {
  articleNames,
  expectConfirmation,
  expectPageMatchesApi,
  holdResponses,
  pageHeading,
  sidebar,
  toast,
  uniqueId,
} from "./helpers.ts";

// The shared content list in the All Posts, Scheduled, Drafts and News Posts sections
// (docs/product.md#content-lists: the list, its search rules and its placeholders).

type Order = (a: Post, b: Post) => number;
const time = (value: string | null) => Date.parse(value ?? "");
const byId = (a: Post, b: Post) => (a.id < b.id ? -1 : 1);
/** Newest creation first: lists that mix states. */
const newestFirst: Order = (a, b) => time(b.createdAt) - time(a.createdAt) || byId(b, a);
/** What goes live next first. */
const soonestFirst: Order = (a, b) => time(a.scheduledAt) - time(b.scheduledAt) || byId(a, b);
/** What was worked on last first. */
const lastEditedFirst: Order = (a, b) => time(b.updatedAt) - time(a.updatedAt) || byId(b, a);

const LISTS = [
  {
    path: "/dashboard/posts",
    heading: "All Content",
    keeps: (_: Post) => true,
    order: newestFirst,
    search: true,
  },
  {
    path: "/dashboard/scheduled",
    heading: "Scheduled Posts",
    keeps: (p: Post) => p.status === "scheduled",
    order: soonestFirst,
    search: false,
  },
  {
    path: "/dashboard/drafts",
    heading: "Drafts",
    keeps: (p: Post) => p.status === "draft",
    order: lastEditedFirst,
    search: true,
  },
  {
    path: "/dashboard/news",
    heading: "News Posts",
    keeps: (p: Post) => p.category === "news",
    order: newestFirst,
    search: false,
  },
] as const;

async function listPosts(page: Page): Promise<Post[]> {
  const response = await page.request.get("/api/posts");
  expect(response.status()).toBe(200);
  return response.json();
}

const list = (page: Page, name: string) => page.getByRole("list", { name, exact: true });
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search content" });

test.describe("dashboard content lists", () => {
  test("each list shows its posts in its own order, as the API has them", async ({
    page,
    createStaff,
    db,
  }) => {
    const employee = await createStaff();
    await signInAs(page, employee);
    // One post of each kind, so no list is empty.
    const id = uniqueId();
    await createPost(db, { title: `Lists draft ${id}`, status: "draft" });
    await createPost(db, {
      title: `Lists scheduled ${id}`,
      status: "scheduled",
      scheduledAt: fromNow(7 * 24 * 3600 * 1000),
      timezone: "UTC",
    });
    for (const { path, heading, keeps, order } of LISTS) {
      await page.goto(path);
      await expect(pageHeading(page, heading)).toBeVisible();
      await expectPageMatchesApi(
        page,
        () => listPosts(page),
        async (posts) => {
          const expected = posts
            .filter(keeps)
            .sort(order)
            .map((p) => p.title);
          expect(expected.length).toBeGreaterThan(0);
          expect(await articleNames(list(page, heading))).toEqual(expected);
        },
      );
    }
  });

  test("only the full list and Drafts search, by title or excerpt, ignoring case", async ({
    page,
    createStaff,
    db,
  }) => {
    const employee = await createStaff();
    await signInAs(page, employee);
    const word = `Zephyr${uniqueId()}`;
    // Created a second apart: two posts made in the same millisecond would be ordered by id.
    const draft = await createPost(db, {
      title: `${word} draft`,
      status: "draft",
      createdAt: fromNow(-2000),
    });
    const scheduled = await createPost(db, {
      createdAt: fromNow(-1000),
      title: `Scheduled news ${uniqueId()}`,
      excerpt: `Mentions ${word.toLowerCase()} in the excerpt only.`,
      status: "scheduled",
      scheduledAt: fromNow(3 * 24 * 3600 * 1000),
      timezone: "UTC",
    });

    await page.goto("/dashboard/posts");
    await searchBox(page).fill(word.toUpperCase());
    await expect(list(page, "All Content").getByRole("article")).toHaveCount(2);
    expect(await articleNames(list(page, "All Content"))).toEqual([scheduled.title, draft.title]);
    await searchBox(page).fill(`${word}-nothing-matches`);
    await expect(page.getByText("No content found for the selected filter.")).toBeVisible();

    await page.goto("/dashboard/drafts");
    await searchBox(page).fill(word);
    expect(await articleNames(list(page, "Drafts"))).toEqual([draft.title]);
    await searchBox(page).fill("");
    await expect(list(page, "Drafts").getByRole("article", { name: draft.title })).toBeVisible();
    await expect(list(page, "Drafts").getByRole("article")).not.toHaveCount(1);

    // Scheduled and News Posts list everything of their kind, with no search box.
    for (const [path, name] of [
      ["/dashboard/scheduled", "Scheduled Posts"],
      ["/dashboard/news", "News Posts"],
    ] as const) {
      await page.goto(path);
      await expect(list(page, name).getByRole("article", { name: scheduled.title })).toBeVisible();
      await expect(page.getByRole("searchbox")).toHaveCount(0);
    }
  });

  test("All Posts: edit leads to the editor; delete asks with the post's title, then removes it", async ({
    page,
    createStaff,
    db,
  }) => {
    const admin = await createStaff({ role: "admin" });
    await signInAs(page, admin);
    const post = await createPost(db, { title: `Delete me ${uniqueId()}`, category: "news" });
    await page.goto("/dashboard/posts");
    // The section's own button (the sidebar has a "Create Post" link too).
    const section = page.getByRole("region", { name: "All Content" });
    await expect(section.getByRole("link", { name: "Create Post" })).toHaveAttribute(
      "href",
      "/dashboard/create",
    );
    await searchBox(page).fill(post.title);
    const card = list(page, "All Content").getByRole("article", { name: post.title });
    await expect(card.getByRole("link", { name: post.title })).toHaveAttribute(
      "href",
      `/blog/${post.slug}`,
    );
    await expect(card.getByText("published", { exact: true })).toBeVisible();

    await card.getByRole("button", { name: `Edit ${post.title}` }).click();
    await expect(page).toHaveURL(`/dashboard/create?id=${post.id}&type=post`);

    await page.goto("/dashboard/posts");
    await searchBox(page).fill(post.title);
    await card.getByRole("button", { name: `Delete ${post.title}` }).click();
    const dialog = await expectConfirmation(
      page,
      `Are you sure you want to delete "${post.title}"? This action cannot be undone.`,
    );
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "status", "Post deleted")).toContainText(
      "The post has been successfully deleted.",
    );
    await expect(card).toHaveCount(0);
    await expect(page.getByText("No content found for the selected filter.")).toBeVisible();
    expect((await page.request.get(`/api/posts/${post.id}`)).status()).toBe(404);
  });

  test("a post deleted elsewhere meanwhile: the server's message, and the list catches up", async ({
    page,
    createStaff,
    db,
  }) => {
    const employee = await createStaff();
    await signInAs(page, employee);
    const post = await createPost(db, { title: `Gone ${uniqueId()}`, status: "draft" });
    await page.goto("/dashboard/drafts");
    await searchBox(page).fill(post.title);
    const card = list(page, "Drafts").getByRole("article", { name: post.title });
    await expect(card).toBeVisible();
    await db.deleteFrom("posts").where("id", "=", post.id).execute();
    await card.getByRole("button", { name: `Delete ${post.title}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "alert", "Error")).toContainText(
      "That post does not exist. It may have been deleted.",
    );
    await expect(card).toHaveCount(0);
  });

  test("a delete the server fails keeps the post and says so", async ({
    page,
    createStaff,
    db,
  }) => {
    const employee = await createStaff();
    await signInAs(page, employee);
    const post = await createPost(db, { title: `Stays ${uniqueId()}`, status: "draft" });
    // A proxy in front of the server answers with a page of its own, not our JSON.
    await page.route(`**/api/posts/${post.id}`, (route) =>
      route.request().method() === "DELETE"
        ? route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad Gateway</h1>" })
        : route.continue(),
    );
    await page.goto("/dashboard/drafts");
    await searchBox(page).fill(post.title);
    const card = list(page, "Drafts").getByRole("article", { name: post.title });
    await card.getByRole("button", { name: `Delete ${post.title}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "alert", "Error")).toContainText(
      "Failed to delete the post. Please try again.",
    );
    await expect(card).toBeVisible();
    expect((await page.request.get(`/api/posts/${post.id}`)).status()).toBe(200);
  });

  test("shows 6 placeholder cards while the posts load", async ({ page, createStaff }) => {
    const employee = await createStaff();
    await signInAs(page, employee);
    const release = await holdResponses(page, "**/api/posts");
    await page.goto("/dashboard/drafts");
    const placeholders = list(page, "Drafts (loading)").locator('[data-slot="skeleton-card"]');
    await expect(placeholders).toHaveCount(6);
    await expect(placeholders.first().locator('[data-slot="skeleton"]').first()).toHaveClass(
      /animate-pulse/,
    );
    release();
    await expect(list(page, "Drafts").getByRole("article").first()).toBeVisible();
    await expect(placeholders).toHaveCount(0);
  });

  test("every section has its own address, opens from a deep link and switches without a reload", async ({
    page,
    createStaff,
  }) => {
    // Sixteen navigations and a sign-in: about 23 s on a quiet machine, near the default limit.
    test.slow();
    const employee = await createStaff();
    await signInAs(page, employee);
    const sections: [string, string, RegExp][] = [
      ["All Posts", "/dashboard/posts", /^All Content$/],
      ["Scheduled", "/dashboard/scheduled", /^Scheduled Posts$/],
      ["Drafts", "/dashboard/drafts", /^Drafts$/],
      ["Marketplace Content", "/dashboard/marketplace", /^Marketplace Portfolio/],
      ["News Posts", "/dashboard/news", /^News Posts$/],
      ["Apps & Tools", "/dashboard/apps", /^Apps & Tools$/],
      ["YouTube Videos", "/dashboard/videos", /^YouTube Videos$/],
      ["Mailing List", "/dashboard/mailing-list", /^Mailing List$/],
    ];
    for (const [label, path, heading] of sections) {
      await page.goto(path);
      await expect(pageHeading(page, heading)).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^${label} \\| Dashboard`));
      await expect(sidebar(page).getByRole("link", { name: label })).toHaveAttribute(
        "aria-current",
        "page",
      );
    }

    await page.goto("/dashboard");
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = "no reload";
    });
    for (const [label, path, heading] of sections) {
      await sidebar(page).getByRole("link", { name: label }).click();
      await expect(page).toHaveURL(path);
      await expect(pageHeading(page, heading)).toBeVisible();
    }
    await page.goBack();
    await expect(page).toHaveURL("/dashboard/videos");
    await expect(pageHeading(page, "YouTube Videos")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
      "no reload",
    );
  });
});
