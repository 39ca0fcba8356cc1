import type { Page } from "@playwright/test";
import { APP_MESSAGES } from "#common/schemas/app.ts";
import {
  DESKTOP,
  expect,
  expectNoSeriousA11yViolations,
  hasHorizontalScroll,
  MOBILE,
  signInAs,
  test,
} from "#tests/e2e/fixtures.ts";
import { pageHeading } from "./helpers.ts";

// Every dashboard section at desktop width, as an admin: no serious accessibility violation
// (axe-core) and no sideways scrolling, once its data has arrived. The same sections on a phone
// are in phone-layout.spec.ts; the posts table (All Posts, Scheduled, Drafts and News Posts show
// the same table) is scanned at both widths in posts-table.spec.ts, Employees in its own spec.

const SECTIONS: [string, RegExp][] = [
  ["/dashboard", /^Welcome, /],
  ["/dashboard/marketplace", /^Marketplace Portfolio/],
  ["/dashboard/apps", /^Apps & Tools$/],
  ["/dashboard/videos", /^YouTube Videos$/],
  ["/dashboard/mailing-list", /^Mailing List$/],
  ["/dashboard/newsletters", /^Newsletters$/],
  ["/dashboard/account", /^My account$/],
];

/** Waits until nothing on the page is loading any more. */
async function waitForData(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

async function expectSound(page: Page) {
  expect(await hasHorizontalScroll(page)).toBe(false);
  await expectNoSeriousA11yViolations(page);
}

test.describe("at 1280px as an admin", () => {
  test.beforeEach(async ({ page, createStaff }) => {
    await signInAs(page, await createStaff({ role: "admin" }));
    await page.setViewportSize(DESKTOP);
  });

  for (const [path, heading] of SECTIONS) {
    test(`${path} is accessible and fits`, async ({ page }) => {
      await page.goto(path);
      await expect(pageHeading(page, heading)).toBeVisible();
      await waitForData(page);
      await expectSound(page);
    });
  }
});

// The app form and a confirmation: on the desktop as an admin, on a small screen as a plain
// employee.
const SETUPS = [
  [DESKTOP, "admin"],
  [MOBILE, "employee"],
] as const;

for (const [viewport, role] of SETUPS) {
  test.describe(`at ${viewport.width}px as ${role === "admin" ? "an admin" : "an employee"}`, () => {
    test.beforeEach(async ({ page, createStaff }) => {
      await signInAs(page, await createStaff({ role }));
      await page.setViewportSize(viewport);
    });

    test("the app form with its messages, and a confirmation, are accessible and fit", async ({
      page,
    }) => {
      await page.goto("/dashboard/apps");
      await waitForData(page);
      await page.getByRole("button", { name: "Add App" }).click();
      const dialog = page.getByRole("dialog", { name: "Add App" });
      await dialog.getByRole("button", { name: "Add App" }).click();
      await expect(dialog.getByText(APP_MESSAGES.nameRequired)).toBeVisible();
      await expectSound(page);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await page
        .getByRole("button", { name: /^Actions for / })
        .first()
        .click();
      await page.getByRole("menuitem", { name: "Delete" }).click();
      await expect(page.getByRole("alertdialog")).toBeVisible();
      await expectSound(page);
      await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
    });
  });
}
