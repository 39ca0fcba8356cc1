import type { Page } from "@playwright/test";
import { formatShortDate } from "#common/format.ts";
import type { PortfolioItem } from "#common/types/portfolio-item.ts";
import { expect, signInAs, test } from "#tests/e2e/fixtures.ts";
import { createPost, fromNow } from "#tests/factories/post.ts";
import {
  articleNames,
  expectConfirmation,
  expectPageMatchesApi,
  holdResponses,
  pageHeading,
  toast,
  uniqueId,
} from "./helpers.ts";

// Marketplace Content (docs/product/dashboard.md#marketplace-section, portfolio delete messages
// included).

async function listPortfolio(page: Page): Promise<PortfolioItem[]> {
  const response = await page.request.get("/api/portfolio");
  expect(response.status()).toBe(200);
  return response.json();
}

const items = (page: Page) =>
  page.getByRole("list", { name: "Marketplace Portfolio", exact: true });
const row = (page: Page, title: string) => items(page).getByRole("article", { name: title });

test.describe("marketplace content", () => {
  test("lists every portfolio item as the API has them, drafts included, with their details", async ({
    page,
    createStaff,
    db,
  }) => {
    const employee = await createStaff();
    await signInAs(page, employee);
    const id = uniqueId();
    const draft = await createPost(db, {
      title: `Glacier Skins ${id}`,
      category: "marketplace-content",
      status: "draft",
      packType: "skin-pack",
      excerpt: "Twelve frosty explorer skins.",
      marketplaceUrl: `https://marketplace.example/glacier-${id}`,
      releaseDate: "2031-02-03T00:00:00.000Z",
    });
    const published = await createPost(db, {
      title: `Canyon World ${id}`,
      category: "marketplace-content",
      status: "published",
      packType: "world",
      excerpt: "",
    });
    const scheduled = await createPost(db, {
      title: `Lantern Addon ${id}`,
      category: "marketplace-content",
      status: "scheduled",
      scheduledAt: fromNow(5 * 24 * 3600 * 1000),
      timezone: "UTC",
      packType: "addon",
    });

    await page.goto("/dashboard/marketplace");
    await expect(page.getByRole("link", { name: "Create Content Post" })).toHaveAttribute(
      "href",
      "/dashboard/create?category=marketplace-content",
    );
    await expectPageMatchesApi(
      page,
      () => listPortfolio(page),
      async (portfolio) => {
        await expect(pageHeading(page, "Marketplace Portfolio")).toHaveText(
          `Marketplace Portfolio (${portfolio.length})`,
        );
        expect(await articleNames(items(page))).toEqual(portfolio.map((item) => item.title));
      },
    );

    const glacier = row(page, draft.title);
    await expect(glacier.getByRole("heading", { name: draft.title })).toBeVisible();
    await expect(glacier.getByText("Skin Pack", { exact: true })).toBeVisible();
    await expect(glacier.getByText("draft", { exact: true })).toHaveClass(/text-gold-300/);
    await expect(glacier.getByText("Twelve frosty explorer skins.")).toBeVisible();
    await expect(glacier).toContainText(`Launch:${formatShortDate(draft.releaseDate)}`);
    await expect(glacier).toContainText(`Created:${formatShortDate(draft.createdAt)}`);
    const marketplace = glacier.getByRole("link", { name: /on the marketplace \(new tab\)/ });
    await expect(marketplace).toHaveAttribute("href", draft.marketplaceUrl ?? "");
    await expect(marketplace).toHaveAttribute("target", "_blank");
    await expect(glacier.getByRole("link", { name: `Edit ${draft.title}` })).toHaveAttribute(
      "href",
      `/dashboard/create?id=${draft.id}&type=portfolio`,
    );

    const canyon = row(page, published.title);
    await expect(canyon.getByText("World/Map", { exact: true })).toBeVisible();
    await expect(canyon.getByText("published", { exact: true })).toHaveClass(/text-grass-300/);
    await expect(canyon.getByText("No description available.")).toBeVisible();
    await expect(canyon).toContainText("Launch:Not set");
    await expect(canyon.getByRole("link", { name: /on the marketplace/ })).toHaveCount(0);

    const lantern = row(page, scheduled.title);
    await expect(lantern.getByText("Add-On", { exact: true })).toBeVisible();
    await expect(lantern.getByText("scheduled", { exact: true })).toHaveClass(/text-diamond-300/);

    // The edit button leads to the editor's address for portfolio items.
    await glacier.getByRole("link", { name: `Edit ${draft.title}` }).click();
    await expect(page).toHaveURL(`/dashboard/create?id=${draft.id}&type=portfolio`);
  });

  test("deleting asks with the exact text; the toasts say how it went", async ({
    page,
    createStaff,
    db,
  }) => {
    const admin = await createStaff({ role: "admin" });
    await signInAs(page, admin);
    const item = await createPost(db, {
      title: `Doomed Pack ${uniqueId()}`,
      category: "marketplace-content",
      status: "draft",
      packType: "texture-pack",
    });
    await page.goto("/dashboard/marketplace");
    const target = row(page, item.title);
    const description = `Are you sure you want to delete "${item.title}"? This action cannot be undone.`;

    await target.getByRole("button", { name: `Delete ${item.title}` }).click();
    let dialog = await expectConfirmation(page, description);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(target).toBeVisible();

    // The server fails: the item stays, and the toast says so.
    await page.route(`**/api/portfolio/${item.id}`, (route) =>
      route.request().method() === "DELETE"
        ? route.fulfill({ status: 500, json: { message: "Something went wrong." } })
        : route.continue(),
    );
    await target.getByRole("button", { name: `Delete ${item.title}` }).click();
    dialog = await expectConfirmation(page, description);
    await dialog.getByRole("button", { name: "Delete" }).click();
    const failure = toast(page, "alert", "Error");
    await expect(failure).toContainText("Failed to delete portfolio item. Please try again.");
    await expect(target).toBeVisible();
    await page.unroute(`**/api/portfolio/${item.id}`);

    await target.getByRole("button", { name: `Delete ${item.title}` }).click();
    dialog = await expectConfirmation(page, description);
    await dialog.getByRole("button", { name: "Delete" }).click();
    const done = toast(page, "status", "Portfolio item deleted");
    await expect(done).toContainText("The portfolio item has been successfully deleted.");
    await expect(target).toHaveCount(0);
    expect((await page.request.get(`/api/portfolio/${item.id}`)).status()).toBe(404);
    // The count follows the list. Both are read in each try: the list may still be refreshed
    // after the deletion, with what other workers added meanwhile.
    await expect(async () => {
      const left = await items(page).getByRole("article").count();
      await expect(pageHeading(page, "Marketplace Portfolio")).toContainText(`(${left})`, {
        timeout: 100,
      });
    }).toPass({ timeout: 10_000 });
  });

  test("shows 3 placeholder rows while the portfolio loads", async ({ page, createStaff }) => {
    const employee = await createStaff();
    await signInAs(page, employee);
    const release = await holdResponses(page, "**/api/portfolio");
    await page.goto("/dashboard/marketplace");
    const placeholders = page
      .getByRole("list", { name: "Marketplace Portfolio (loading)" })
      .locator('[data-slot="skeleton-row"]');
    await expect(placeholders).toHaveCount(3);
    await expect(pageHeading(page, "Marketplace Portfolio")).toHaveText("Marketplace Portfolio");
    release();
    await expect(items(page).getByRole("article").first()).toBeVisible();
    await expect(placeholders).toHaveCount(0);
  });
});
