import { expect, test } from "#tests/e2e/fixtures.ts";
import { startOwnServer } from "#tests/e2e/own-server.ts";
import { toast } from "./helpers.ts";

// A site that starts with nothing (SEED_DEMO=0, its own database): every section says so in its
// own words, and the first app added from the empty Apps section reaches the public page.

test.describe("an empty dashboard", () => {
  const owner = { email: "owner@empty-start.test", password: "owner-empty-start-pw" };
  let server: Awaited<ReturnType<typeof startOwnServer>>;
  test.beforeAll(async () => {
    server = await startOwnServer({ ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("each section shows its empty state; the first app can be added from there", async ({
    page,
  }) => {
    test.slow();
    const signIn = await page.request.post(`${server.url}/api/auth/sign-in/email`, {
      data: owner,
      headers: { origin: server.url },
    });
    expect(signIn.status()).toBe(200);

    await page.goto(`${server.url}/dashboard`);
    await expect(page.locator('[data-slot="stat-tile"] dd')).toHaveText(Array(7).fill("0"));
    await expect(page.getByText("No posts yet.")).toBeVisible();

    // The spec's words for an empty content list; nothing to filter, so no Clear filters.
    for (const section of ["posts", "scheduled", "drafts", "news"]) {
      await page.goto(`${server.url}/dashboard/${section}`);
      await expect(
        page.getByText("No content found for the selected filter.", { exact: true }),
      ).toBeVisible();
      await expect(page.getByRole("button", { name: "Clear filters" })).toHaveCount(0);
    }

    await page.goto(`${server.url}/dashboard/marketplace`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Marketplace Portfolio (0)");
    await expect(page.getByText("No portfolio items found")).toBeVisible();

    await page.goto(`${server.url}/dashboard/videos`);
    await expect(page.getByText("No YouTube videos yet")).toBeVisible();
    await expect(page.getByRole("link", { name: "Add YouTube Video" })).toHaveCount(2);

    await page.goto(`${server.url}/dashboard/mailing-list`);
    await expect(page.getByText("No subscribers yet")).toBeVisible();
    await expect(page.locator('[data-slot="subscriber-stat"] dd')).toHaveText(["0", "0", "0"]);

    await page.goto(`${server.url}/apps`);
    await expect(page.getByText("No Apps Found")).toBeVisible();
    await page.goto(`${server.url}/dashboard/apps`);
    await expect(page.getByText("No apps yet")).toBeVisible();
    await page.getByRole("button", { name: "Add First App" }).click();
    const dialog = page.getByRole("dialog", { name: "Add App" });
    await dialog.getByLabel("Name", { exact: true }).fill("First Light");
    await dialog.getByLabel("Category").selectOption("Web Tool");
    await dialog.getByLabel("Relationship").selectOption("developed");
    await dialog.getByRole("checkbox", { name: "Web" }).check();
    await dialog.getByRole("button", { name: "Add App" }).click();
    await expect(toast(page, "status", "App added")).toBeVisible();
    await expect(
      page.getByRole("table", { name: "Apps" }).getByRole("row").filter({ hasText: "First Light" }),
    ).toBeVisible();
    await expect(page.getByText("1 app on the Apps & Tools page, in this order.")).toBeVisible();

    await page.goto(`${server.url}/apps`);
    await expect(page.locator('article[id="first-light"]')).toContainText("First Light");
    await expect(page.getByText("No Apps Found")).toHaveCount(0);
  });
});
