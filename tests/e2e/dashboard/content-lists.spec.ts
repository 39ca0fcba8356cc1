import type { Page } from "@playwright/test";
import { expect, signInAs, test } from "#tests/e2e/fixtures.ts";
import { createPost } from "#tests/factories/post.ts";
import { holdResponses, pageHeading, sidebar, toast, uniqueId } from "./helpers.ts";

// What every staff post table shares (docs/product/dashboard.md#content-lists): a delete from the
// row menu that fails, placeholders while the first page loads, and each section at its own
// address. Sorting, filtering, paging and the bulk actions are in posts-table.spec.ts.

/** A post's row in a table, found through its own title as the search. */
async function openRow(page: Page, path: string, name: string, title: string) {
  await page.goto(`${path}?q=${encodeURIComponent(title)}`);
  const row = page.getByRole("table", { name, exact: true }).getByRole("row", { name: title });
  await expect(row).toBeVisible();
  return row;
}

async function deleteFromMenu(page: Page, title: string) {
  await page.getByRole("button", { name: `Actions for ${title}` }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
}

test.describe("dashboard content lists", () => {
  test("a post deleted elsewhere meanwhile: the server's message, and the list catches up", async ({
    page,
    createStaff,
    db,
  }) => {
    const employee = await createStaff();
    await signInAs(page, employee);
    const post = await createPost(db, { title: `Gone ${uniqueId()}`, status: "draft" });
    const card = await openRow(page, "/dashboard/drafts", "Drafts", post.title);
    await db.deleteFrom("posts").where("id", "=", post.id).execute();
    await deleteFromMenu(page, post.title);
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
    const card = await openRow(page, "/dashboard/drafts", "Drafts", post.title);
    await deleteFromMenu(page, post.title);
    await expect(toast(page, "alert", "Error")).toContainText(
      "Failed to delete the post. Please try again.",
    );
    await expect(card).toBeVisible();
    expect((await page.request.get(`/api/posts/${post.id}`)).status()).toBe(200);
  });

  test("shows 6 placeholder rows while the first page loads", async ({ page, createStaff, db }) => {
    const employee = await createStaff();
    await signInAs(page, employee);
    await createPost(db, { title: `Waiting draft ${uniqueId()}`, status: "draft" });
    const release = await holdResponses(page, "**/api/posts*");
    await page.goto("/dashboard/drafts");
    const placeholders = page
      .getByRole("list", { name: "Drafts (loading)", exact: true })
      .locator('[data-slot="skeleton-row"]');
    await expect(placeholders).toHaveCount(6);
    await expect(placeholders.first().locator('[data-slot="skeleton"]').first()).toHaveClass(
      /animate-pulse/,
    );
    release();
    await expect(
      page.getByRole("table", { name: "Drafts", exact: true }).locator("tbody tr").first(),
    ).toBeVisible();
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
