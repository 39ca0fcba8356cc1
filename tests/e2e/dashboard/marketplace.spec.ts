import type { Page } from "@playwright/test";
import { formatShortDate } from "#common/format.ts";
import type { Paged } from "#common/types/post-list.ts";
import { expect, signInAs, test } from "#tests/e2e/fixtures.ts";
import { createPost, fromNow } from "#tests/factories/post.ts";
import {
  expectConfirmation,
  expectPageMatchesApi,
  holdResponses,
  pageHeading,
  toast,
  uniqueId,
} from "./helpers.ts";
import { chooseRowAction } from "./table-helpers.ts";

// Marketplace Content on the shared server (docs/product/dashboard.md#marketplace-section): what
// a row shows, the row's Delete with the spec's words, the loading rows. The table's search,
// filters, sort, pages and bulk actions, on both databases: marketplace-table.spec.ts. Other
// specs add content meanwhile, so each test looks at a search for its own items.

const DAY = 24 * 3_600_000;

/** How many marketplace items there are now, any status (the heading's count). */
async function portfolioTotal(page: Page): Promise<number> {
  const response = await page.request.get("/api/portfolio?page=1&limit=1");
  expect(response.status()).toBe(200);
  return ((await response.json()) as Paged<unknown>).total;
}

const table = (page: Page) =>
  page.getByRole("table", { name: "Marketplace Portfolio", exact: true });
const row = (page: Page, title: string) => table(page).getByRole("row", { name: title });

test.describe("marketplace content", () => {
  test("each row shows the title with its thumbnail, pack type, status, launch date, marketplace link and author", async ({
    page,
    createStaff,
    db,
  }) => {
    const employee = await createStaff({ firstName: "Maple" });
    await signInAs(page, employee);
    const me = (await (await page.request.get("/api/auth/user")).json()) as { id: string };
    const id = uniqueId();
    const draft = await createPost(db, {
      title: `A Glacier Skins ${id}`,
      category: "marketplace-content",
      status: "draft",
      packType: "skin-pack",
      excerpt: "Twelve frosty explorer skins.",
      marketplaceUrl: `https://marketplace.example/glacier-${id}`,
      releaseDate: "2031-02-03T00:00:00.000Z",
      featuredImage: "https://images.example/glacier.webp",
      authorId: me.id,
    });
    const live = await createPost(db, {
      title: `B Canyon World ${id}`,
      category: "marketplace-content",
      status: "published",
      packType: "world",
      excerpt: "",
    });
    const comingSoon = await createPost(db, {
      title: `C Ember Mashup ${id}`,
      category: "marketplace-content",
      status: "published",
      packType: "mashup",
      releaseDate: fromNow(30 * DAY),
    });
    const scheduled = await createPost(db, {
      title: `D Lantern Addon ${id}`,
      category: "marketplace-content",
      status: "scheduled",
      scheduledAt: fromNow(5 * DAY),
      timezone: "UTC",
      packType: "addon",
    });

    await page.goto(`/dashboard/marketplace?q=${id}&sort=title`);
    await expect(page.getByRole("link", { name: "Create Content Post" })).toHaveAttribute(
      "href",
      "/dashboard/create?category=marketplace-content",
    );
    await expect(table(page).locator("tbody tr")).toHaveCount(4);
    await expectPageMatchesApi(
      page,
      () => portfolioTotal(page),
      async (total) => {
        await expect(pageHeading(page, /^Marketplace Portfolio/)).toHaveText(
          `Marketplace Portfolio (${total})`,
          { timeout: 1_000 },
        );
      },
    );

    const glacier = row(page, draft.title);
    await expect(glacier.locator("img")).toHaveAttribute(
      "src",
      "https://images.example/glacier.webp",
    );
    await expect(glacier.getByText("Skin Pack", { exact: true })).toBeVisible();
    await expect(glacier.getByText("draft", { exact: true })).toHaveClass(/text-gold-300/);
    await expect(glacier.getByText("Twelve frosty explorer skins.")).toBeVisible();
    await expect(glacier.getByText("Feb 3, 2031", { exact: true })).toBeVisible();
    await expect(glacier).toContainText(`Created ${formatShortDate(draft.createdAt)}`);
    const marketplace = glacier.getByRole("link", { name: /on the marketplace \(new tab\)/ });
    await expect(marketplace).toHaveAttribute("href", draft.marketplaceUrl ?? "");
    await expect(marketplace).toHaveAttribute("target", "_blank");
    await expect(glacier.getByText(`Maple ${employee.lastName}`, { exact: true })).toBeVisible();

    const canyon = row(page, live.title);
    await expect(canyon.getByText("World/Map", { exact: true })).toBeVisible();
    await expect(canyon.getByText("Live", { exact: true })).toHaveClass(/text-grass-300/);
    await expect(canyon.getByText("No description available.")).toBeVisible();
    await expect(canyon.getByText("Not set", { exact: true })).toBeVisible();
    await expect(canyon.getByText("None", { exact: true })).toBeVisible();
    await expect(canyon.getByText("No author", { exact: true })).toBeVisible();

    const ember = row(page, comingSoon.title);
    await expect(ember.getByText("Mashup Pack", { exact: true })).toBeVisible();
    await expect(ember.getByText("Coming Soon", { exact: true })).toHaveClass(/text-diamond-300/);

    const lantern = row(page, scheduled.title);
    await expect(lantern.getByText("Add-On", { exact: true })).toBeVisible();
    await expect(lantern.getByText("scheduled", { exact: true })).toHaveClass(/text-diamond-300/);

    // The title and the menu's Edit lead to the editor's address for portfolio items.
    const editPath = `/dashboard/create?id=${draft.id}&type=portfolio`;
    await expect(glacier.getByRole("link", { name: draft.title, exact: true })).toHaveAttribute(
      "href",
      editPath,
    );
    await chooseRowAction(page, draft.title, "Edit");
    await expect(page).toHaveURL(editPath);
  });

  test("deleting asks with the exact text; the toasts say how it went", async ({
    page,
    createStaff,
    db,
  }) => {
    await signInAs(page, await createStaff({ role: "admin" }));
    const item = await createPost(db, {
      title: `Doomed Pack ${uniqueId()}`,
      category: "marketplace-content",
      status: "draft",
      packType: "texture-pack",
    });
    await page.goto(`/dashboard/marketplace?q=${encodeURIComponent(item.title)}`);
    const target = row(page, item.title);
    const description = `Are you sure you want to delete "${item.title}"? This action cannot be undone.`;

    await chooseRowAction(page, item.title, "Delete");
    let dialog = await expectConfirmation(page, description);
    await expect(dialog.getByRole("heading", { name: "Delete portfolio item?" })).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(target).toBeVisible();

    // The server fails: the item stays, and the toast says so.
    await page.route(`**/api/portfolio/${item.id}`, (route) =>
      route.request().method() === "DELETE"
        ? route.fulfill({ status: 500, json: { message: "Something went wrong." } })
        : route.continue(),
    );
    await chooseRowAction(page, item.title, "Delete");
    dialog = await expectConfirmation(page, description);
    await dialog.getByRole("button", { name: "Delete" }).click();
    const failure = toast(page, "alert", "Error");
    await expect(failure).toContainText("Failed to delete portfolio item. Please try again.");
    await expect(target).toBeVisible();
    await page.unroute(`**/api/portfolio/${item.id}`);

    await chooseRowAction(page, item.title, "Delete");
    dialog = await expectConfirmation(page, description);
    await dialog.getByRole("button", { name: "Delete" }).click();
    const done = toast(page, "status", "Portfolio item deleted");
    await expect(done).toContainText("The portfolio item has been successfully deleted.");
    await expect(page.getByText("No portfolio items found")).toBeVisible();
    expect((await page.request.get(`/api/portfolio/${item.id}`)).status()).toBe(404);
  });

  test("shows 3 placeholder rows while the portfolio loads", async ({ page, createStaff }) => {
    await signInAs(page, await createStaff());
    const release = await holdResponses(page, "**/api/portfolio?*");
    await page.goto("/dashboard/marketplace");
    const placeholders = page
      .getByRole("list", { name: "Marketplace Portfolio (loading)" })
      .locator('[data-slot="skeleton-row"]');
    await expect(placeholders).toHaveCount(3);
    await expect(pageHeading(page, /^Marketplace Portfolio/)).toHaveText("Marketplace Portfolio");
    release();
    await expect(table(page).locator("tbody tr").first()).toBeVisible();
    await expect(placeholders).toHaveCount(0);
  });
});
