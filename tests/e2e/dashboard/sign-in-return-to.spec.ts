import type { Page } from "@playwright/test";
import { expect, signInAs, test } from "#tests/e2e/fixtures.ts";

// Where the browser goes after signing in (docs/product.md#sign-in): only ever a path on this
// site. A returnTo whose dot segments resolve to "//host" must not take the browser to that host.

const OTHER_HOST = "evil.test";

/** Answers any request to the other host with a page, and lists the addresses asked for. */
async function watchOtherHost(page: Page): Promise<string[]> {
  const visited: string[] = [];
  await page.route(
    (url) => url.hostname === OTHER_HOST,
    (route) => {
      visited.push(route.request().url());
      return route.fulfill({ status: 200, contentType: "text/html", body: "<h1>Elsewhere</h1>" });
    },
  );
  return visited;
}

function siteOrigin(): string {
  return new URL(String(test.info().project.use.baseURL)).origin;
}

test.describe("returnTo after sign-in", () => {
  for (const returnTo of ["/.//evil.test", "/..//evil.test", "/%2e//evil.test", "/./\\evil.test"]) {
    test(`a signed-in staff member sent to /login?returnTo=${returnTo} stays on the site`, async ({
      page,
      createStaff,
    }) => {
      const visited = await watchOtherHost(page);
      await signInAs(page, await createStaff());
      await page.goto(`/login?returnTo=${encodeURIComponent(returnTo)}`);
      await expect(page).toHaveURL("/dashboard");
      expect(new URL(page.url()).origin).toBe(siteOrigin());
      expect(visited).toEqual([]);
    });
  }

  test("a sign-in form that carries returnTo=/.//evil.test lands on the dashboard of this site", async ({
    page,
    createStaff,
  }) => {
    const visited = await watchOtherHost(page);
    const staff = await createStaff();
    await page.goto("/login");
    // The form as a page could post it: the hidden returnTo changed to one that resolves elsewhere.
    await page.locator('input[name="returnTo"]').evaluate((input: HTMLInputElement) => {
      input.value = "/.//evil.test";
    });
    await page.getByLabel("Email").fill(staff.email);
    await page.getByLabel("Password").fill(staff.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL("/dashboard");
    expect(new URL(page.url()).origin).toBe(siteOrigin());
    expect(visited).toEqual([]);
  });
});
