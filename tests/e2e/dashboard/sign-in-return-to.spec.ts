import type { Page } from "@playwright/test";
import { expect, signInAs, test } from "#tests/e2e/fixtures.ts";

// Where the browser goes after signing in (docs/product/access.md#sign-in): only ever a path on
// this site. A returnTo whose dot segments resolve to "//host" must not take the browser to that
// host.

/** The hosts other than the site's that the page asks for, redirects included. */
function watchOtherHosts(page: Page): string[] {
  const site = new URL(String(test.info().project.use.baseURL)).host;
  const others: string[] = [];
  page.on("request", (request) => {
    const { host } = new URL(request.url());
    if (host !== site) others.push(request.url());
  });
  return others;
}

async function expectOnTheSiteDashboard(page: Page, otherHosts: string[]) {
  await expect(page).toHaveURL("/dashboard");
  expect(new URL(page.url()).origin).toBe(new URL(String(test.info().project.use.baseURL)).origin);
  expect(otherHosts).toEqual([]);
}

test.describe("returnTo after sign-in", () => {
  for (const returnTo of ["/.//evil.test", "/..//evil.test", "/%2e//evil.test"]) {
    test(`a signed-in staff member sent to /login?returnTo=${returnTo} stays on the site`, async ({
      page,
      createStaff,
    }) => {
      const otherHosts = watchOtherHosts(page);
      await signInAs(page, await createStaff());
      // Before the fix this navigation ended at evil.test (or failed to reach it).
      await page.goto(`/login?returnTo=${encodeURIComponent(returnTo)}`).catch(() => null);
      await expectOnTheSiteDashboard(page, otherHosts);
    });
  }

  test("a sign-in form sent with returnTo=/.//evil.test lands on the dashboard of this site", async ({
    page,
    createStaff,
  }) => {
    const otherHosts = watchOtherHosts(page);
    const staff = await createStaff();
    await page.goto("/login");
    await page.getByLabel("Email").fill(staff.email);
    await page.getByLabel("Password").fill(staff.password);
    // The form as a page could send it: its returnTo changed to one that resolves elsewhere.
    await page.locator('input[name="returnTo"]').evaluate((input: HTMLInputElement) => {
      input.value = "/.//evil.test";
    });
    await page.getByRole("button", { name: "Sign in" }).click();
    await expectOnTheSiteDashboard(page, otherHosts);
  });
});
