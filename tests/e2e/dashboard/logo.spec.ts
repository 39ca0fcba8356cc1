import type { Page } from "@playwright/test";
import { loadConfig } from "#server/config/env.server.ts";
import { expect, signInAs, test } from "#tests/e2e/fixtures.ts";

// The logo in the navigation, the one place it appears, on the public pages and around the
// dashboard alike (docs/product/public-site.md#navigation): signed out it is the staff's way in;
// signed in (with or without staff access) it does nothing.

const company = loadConfig({ DATA_DIR: process.env.E2E_DATA_DIR, SEED_DEMO: "0" }).siteDefaults
  .companyName;

const PAGES = ["/", "/news", "/dashboard"] as const;

function navigation(page: Page) {
  return page.getByRole("navigation", { name: "Main" });
}

/** Checks that the logo is no link or button, and that clicking it leaves the page as it is. */
async function expectInertLogo(page: Page, path: string) {
  const nav = navigation(page);
  await expect(nav.getByRole("link", { name: /staff sign in/ })).toHaveCount(0);
  const name = nav.getByText(company, { exact: true });
  await expect(name).toBeVisible();
  expect(
    await name.evaluate((element) => element.closest("a, button, [role=link], [tabindex]")),
    `the logo on ${path} is not interactive`,
  ).toBeNull();
  await name.click();
  await expect(page).toHaveURL(path);
}

test.describe("the logo", () => {
  test("signed out, it leads to sign-in on public pages and on the dashboard", async ({ page }) => {
    // The dashboard sends a signed-out visitor to sign in 500 ms after showing the page; the
    // clock stands still here, so the page stays while the test reads it.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    for (const path of PAGES) {
      await page.goto(path);
      const logo = navigation(page).getByRole("link", { name: `${company}: staff sign in` });
      await expect(logo, path).toHaveAttribute("href", "/api/login");
      await expect(logo).toContainText(company);
    }
    await expect(page.getByRole("heading", { level: 1, name: "You are logged out" })).toBeVisible();

    await navigation(page)
      .getByRole("link", { name: `${company}: staff sign in` })
      .click();
    await expect(page).toHaveURL("/login");
  });

  test("signed in as staff, it does nothing on public pages and on the dashboard", async ({
    page,
    createStaff,
  }) => {
    await signInAs(page, await createStaff({ firstName: "Logo" }));
    for (const path of PAGES) {
      await page.goto(path);
      await expect(navigation(page).getByRole("link", { name: "Logout" })).toBeVisible();
      await expectInertLogo(page, path);
    }
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Logo!" })).toBeVisible();
  });

  test("signed in without staff access, it does nothing either", async ({ page, createStaff }) => {
    await signInAs(page, await createStaff({ isActive: false }));
    for (const path of PAGES) {
      await page.goto(path);
      await expectInertLogo(page, path);
    }
    await expect(page.getByRole("heading", { level: 1, name: "No access" })).toBeVisible();
  });
});
