import type { Page } from "@playwright/test";
import {
  DESKTOP,
  expect,
  expectNoSeriousA11yViolations,
  hasHorizontalScroll,
  signInAs,
  test,
} from "#tests/e2e/fixtures.ts";
import { type OwnServer, startOwnServer } from "#tests/e2e/own-server.ts";
import { pageHeading, sidebar, toast } from "./helpers.ts";

// The dashboard's Settings section (docs/product/dashboard.md#settings-section). Saving changes
// what every public page shows, so the admin's test runs on a server of its own: on the shared one,
// specs running beside it would see another company name.

const OWNER = { email: "owner@settings.test", password: "owner-settings-password" };
const DEFAULT_NAME = "Default Blockworks";

async function signInThroughForm(page: Page, server: OwnServer) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Password").fill(OWNER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${server.url}/dashboard`);
}

/** The footer's text, without the decorative line. */
function footer(page: Page) {
  return page.getByRole("contentinfo");
}

test.describe("an admin changes the site settings", () => {
  let server: OwnServer;
  test.beforeAll(async () => {
    server = await startOwnServer({
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      COMPANY_NAME: DEFAULT_NAME,
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("the company name, community link, tagline and a footer link show on the public pages", async ({
    page,
    browser,
  }) => {
    test.slow();
    const year = new Date().getUTCFullYear();
    await signInThroughForm(page, server);
    await sidebar(page).getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(`${server.url}/dashboard/settings`);
    await expect(pageHeading(page, "Settings")).toBeVisible();
    await expect(page.getByText("Never saved: the public pages show the defaults")).toBeVisible();
    const name = page.getByLabel(/^Company name/);
    await expect(name).toHaveValue(DEFAULT_NAME);
    // Every setting is a default until the first save.
    await expect(page.getByText("Default", { exact: true }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await name.fill("Pixel Forge");
    await page.getByLabel(/^Tagline/).fill("Worlds made by hand");
    const invite = page.getByLabel(/^Community chat invite/);
    await invite.fill("http://chat.example/pixel-forge");
    await page.getByRole("button", { name: "Add link" }).click();
    const link = page.getByRole("listitem", { name: "Footer link 1" });
    await link.getByLabel("Label").fill("Press kit");
    await link.getByLabel("Address").fill("press.example/kit");
    await page.getByRole("button", { name: "Save settings" }).click();
    // Plain words on the fields, before anything is sent.
    await expect(
      page.getByText("The community chat invite must be an https:// address."),
    ).toBeVisible();
    await expect(
      link.getByText(
        "A footer link must be an https:// address or a page of this site starting with / (like /news).",
      ),
    ).toBeVisible();

    await invite.fill("https://chat.example/pixel-forge");
    await link.getByLabel("Address").fill("https://press.example/kit");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(toast(page, "status", "Settings saved")).toBeVisible();
    // The owner, not yet on the employee list, by the part of the address before the @.
    await expect(page.getByText("by owner.")).toBeVisible();
    await expect(page.getByText("Default", { exact: true })).toHaveCount(0);
    // The dashboard's own navigation shows the new name at once.
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByText("Pixel Forge", { exact: true }),
    ).toBeVisible();

    // A visitor (no session) sees the new settings on the home page and in the footer.
    const visitor = await browser.newPage({ viewport: DESKTOP });
    await visitor.goto(`${server.url}/`);
    await expect(footer(visitor)).toContainText(`© ${year} Pixel Forge LLC. All rights reserved.`);
    await expect(footer(visitor)).toContainText("Worlds made by hand");
    await expect(footer(visitor).getByRole("link", { name: "Press kit" })).toHaveAttribute(
      "href",
      "https://press.example/kit",
    );
    await expect(visitor.getByText("Worlds made by hand").first()).toBeVisible();
    await expect(visitor.getByRole("link", { name: "Join our community" })).toHaveAttribute(
      "href",
      "https://chat.example/pixel-forge",
    );
    const nav = visitor.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Support" })).toHaveAttribute(
      "href",
      "https://chat.example/pixel-forge",
    );
    await expect(visitor).toHaveTitle(/^Pixel Forge/);
    await expect(visitor.getByText(DEFAULT_NAME)).toHaveCount(0);
    await visitor.close();

    // Saved settings come back when the section is opened again.
    await page.reload();
    await expect(page.getByLabel(/^Company name/)).toHaveValue("Pixel Forge");
    await expect(
      page.getByRole("listitem", { name: "Footer link 1" }).getByLabel("Label"),
    ).toHaveValue("Press kit");
  });

  test("the section fits a phone", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await signInThroughForm(page, server);
    await page.goto(`${server.url}/dashboard/settings`);
    await expect(pageHeading(page, "Settings")).toBeVisible();
    await expect(page.getByLabel(/^Company name/)).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectNoSeriousA11yViolations(page);
  });
});

test("a plain employee has no Settings section", async ({ page, createStaff }) => {
  const employee = await createStaff({ role: "employee" });
  await signInAs(page, employee);
  await page.goto("/dashboard");
  await expect(sidebar(page).getByRole("link", { name: "Dashboard" })).toBeVisible();
  await expect(sidebar(page).getByRole("link", { name: "Settings" })).toHaveCount(0);
  const response = await page.goto("/dashboard/settings");
  expect(response?.status()).toBe(404);
});
