import type { App } from "#common/types/app.ts";
import { expect, expectNoSeriousA11yViolations, MOBILE, test } from "./fixtures.ts";

/**
 * How long the Apps & Tools menu stays open after the pointer leaves
 * (docs/product/public-site.md#navigation).
 */
const CLOSE_DELAY_MS = 300;

test.describe("top navigation", () => {
  test("links to every public section and highlights the current one", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await nav.getByRole("link", { name: "Studio", exact: true }).click();
    await expect(page).toHaveURL("/studio");
    await expect(nav.getByRole("link", { name: "Studio", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(nav.getByRole("link", { name: "Home", exact: true })).not.toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(nav.getByRole("link", { name: "YouTube", exact: true })).toHaveAttribute(
      "href",
      "/videos",
    );
  });

  test("a link from the home page, which React does not hydrate, loads the next page as a document that works", async ({
    page,
  }) => {
    await page.goto("/");
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = "home page";
    });
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Studio", exact: true }).click();
    await expect(page).toHaveURL("/studio");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Ready for a person: hydrated by React, or taken over by the site script.
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    // A new document: nothing the home page's window held is left.
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
      undefined,
    );
    await expect(nav.getByRole("link", { name: "Studio", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    // The new page's parts work: its Apps & Tools menu opens.
    const toggle = page.getByRole("button", { name: "Show apps and tools" });
    await toggle.click();
    await expect(page.locator("#apps-menu")).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
  });

  test("Support and Contact open the community invite in a new tab", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of ["Support", "Contact"]) {
      const link = nav.getByRole("link", { name });
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("href", /^https:\/\//);
      await expect(link).toHaveAttribute("rel", /noopener/);
    }
  });

  test("the logo sends a signed-out visitor to the login endpoint", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: /staff sign in/ })).toHaveAttribute(
      "href",
      "/api/login",
    );
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Logout" })).toHaveCount(0);
  });

  test("Apps & Tools opens on hover with the first 6 apps and closes 300 ms after leaving", async ({
    page,
    request,
  }) => {
    const apps: App[] = await (await request.get("/api/apps")).json();
    // The page's timers run on a clock the test moves, so the delay is measured in the page's own
    // time, however slowly this machine happens to run.
    await page.clock.install();
    await page.goto("/");
    const menu = page.locator("#apps-menu");
    await page.getByRole("link", { name: "Apps & Tools", exact: true }).hover();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "View All Apps & Tools" })).toHaveAttribute(
      "href",
      "/apps",
    );
    const shown = apps.slice(0, 6);
    for (const app of shown) {
      const link = menu.getByRole("link", { name: app.name, exact: true });
      if (app.websiteUrl) {
        await expect(link).toHaveAttribute("href", app.websiteUrl);
        await expect(link).toHaveAttribute("target", "_blank");
      } else {
        await expect(link).toHaveAttribute("href", `/apps#${app.slug}`);
      }
    }
    for (const app of apps.slice(6)) {
      await expect(menu.getByRole("link", { name: app.name, exact: true })).toHaveCount(0);
    }
    if (apps.length > 6) {
      await expect(menu.getByText(`+${apps.length - 6} more apps`)).toBeVisible();
    }

    // Leaving starts the close delay: still open 1 ms before it ends, closed once it has.
    await page.clock.pauseAt(Date.now() + 1000);
    await page.mouse.move(640, 600);
    await page.clock.runFor(CLOSE_DELAY_MS - 1);
    await expect(menu).toBeVisible();
    await page.clock.runFor(1);
    await expect(menu).toBeHidden();

    // Coming back within the delay keeps it open.
    await page.getByRole("link", { name: "Apps & Tools", exact: true }).hover();
    await expect(menu).toBeVisible();
    await page.mouse.move(640, 600);
    await page.clock.runFor(CLOSE_DELAY_MS - 1);
    await page.getByRole("link", { name: "Apps & Tools", exact: true }).hover();
    await page.clock.runFor(CLOSE_DELAY_MS * 2);
    await expect(menu).toBeVisible();
  });

  test("a click on the chevron of a menu the pointer just opened keeps it open", async ({
    page,
  }) => {
    await page.goto("/");
    const menu = page.locator("#apps-menu");
    const toggle = page.getByRole("button", { name: "Show apps and tools" });
    await toggle.hover();
    await expect(menu).toBeVisible();
    await toggle.click();
    await page.waitForTimeout(100);
    await expect(menu).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    // A second click closes it.
    await toggle.click();
    await expect(menu).toBeHidden();
  });

  test("Apps & Tools works from the keyboard and closes on Escape", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Show apps and tools" });
    await toggle.focus();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(page.locator("#apps-menu a").first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.locator("#apps-menu")).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test("small screens get a toggle menu with the same items", async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toBeVisible();
    const menu = page.locator("#mobile-menu");
    await expect(menu).toBeHidden();
    await toggle.click();
    for (const name of ["Home", "Studio", "Apps & Tools", "YouTube", "Support", "Contact"]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await menu.getByRole("link", { name: "Studio", exact: true }).click();
    await expect(page).toHaveURL("/studio");
    await expect(menu).toBeHidden();
    // The home page loads the next page as a document: it takes the menu button once ready.
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("not-found page", () => {
  test("any other path answers 404 with the not-found page", async ({ page, request }) => {
    const response = await request.get("/no/such/page");
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain("404 Page Not Found");
    await page.goto("/no/such/page");
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
    await expect(page).toHaveTitle(/404 Page Not Found/);
  });

  test("unknown API paths answer JSON, never a page", async ({ request }) => {
    const response = await request.get("/api/no-such-endpoint");
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ message: expect.any(String) });
  });
});
