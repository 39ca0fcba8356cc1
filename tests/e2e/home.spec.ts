import { SUBSCRIBE_ANSWERS } from "#common/schemas/subscriber.ts";
import type { Post } from "#common/types/post.ts";
import {
  DESKTOP,
  expect,
  expectNoSeriousA11yViolations,
  hasHorizontalScroll,
  MOBILE,
  test,
} from "./fixtures.ts";

test.describe("home page", () => {
  test("shows the hero with the published count, the stats and the Innovation Hub", async ({
    page,
    request,
  }) => {
    const { published } = await (await request.get("/api/portfolio/stats")).json();
    await page.goto("/");
    await expect(
      page.getByRole("heading", { level: 1, name: "Override Everything" }),
    ).toBeVisible();
    await expect(page.getByText(`${published} projects published`, { exact: false })).toBeVisible();
    await expect(page.getByRole("link", { name: "Explore", exact: true })).toHaveAttribute(
      "href",
      "/studio",
    );
    const watch = page.getByRole("link", { name: "Watch Videos" });
    await expect(watch).toHaveAttribute("target", "_blank");
    await expect(page.getByText("5+", { exact: true })).toBeVisible();
    await expect(page.getByText("∞", { exact: true })).toBeVisible();

    await expect(page.getByRole("heading", { name: "Innovation Hub" })).toBeVisible();
    await expect(page.getByRole("link", { name: "EXPLORE CONTENT" })).toHaveAttribute(
      "href",
      "/studio",
    );
    await expect(page.getByRole("link", { name: "LEARN MORE" })).toHaveAttribute("href", "/apps");
    await expect(page.getByRole("link", { name: "TRY NOW" })).toHaveAttribute("target", "_blank");
    await expect(page.getByText("STAY TUNED")).toHaveAttribute("aria-disabled", "true");
  });

  test("lists the 3 latest published posts, linking to their pages", async ({ page, request }) => {
    const latest: Post[] = await (await request.get("/api/posts/published?limit=3")).json();
    await page.goto("/");
    const section = page.getByRole("region", { name: "Latest Updates" });
    const links = section.getByRole("link").filter({ has: page.getByRole("heading") });
    await expect(links).toHaveCount(latest.length);
    for (const [i, post] of latest.entries()) {
      await expect(links.nth(i)).toHaveAttribute("href", `/blog/${post.slug}`);
      await expect(links.nth(i)).toContainText(post.title);
    }
  });

  test("the newsletter form validates, subscribes and reports each state", async ({ page }) => {
    await page.goto("/");
    await expect(
      page.getByText("No spam, just epic content updates. Unsubscribe anytime."),
    ).toBeVisible();
    const email = page.getByRole("textbox", { name: "Email address" });
    const button = page.getByRole("button", { name: "Subscribe" });
    await expect(email).toHaveAttribute("type", "email");

    await email.fill("not-an-address");
    await button.click();
    const toast = page.getByRole("alert");
    await expect(toast).toContainText("Invalid Email");
    await expect(toast).toContainText("Please enter a valid email address.");

    // Hold the request so the submitting state can be seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/newsletter/subscribe", async (route) => {
      await held;
      await route.continue();
    });
    const address = `reader-${Date.now()}@example.com`;
    await email.fill(address);
    await button.click();
    await expect(page.getByRole("button", { name: "Subscribing..." })).toBeDisabled();
    await expect(email).toBeDisabled();
    release();
    const status = page.getByRole("status");
    await expect(status).toContainText("Success!");
    // Double opt-in is on (the default): the answer says a confirmation link may be on its way.
    await expect(status).toContainText(SUBSCRIBE_ANSWERS.confirm);
    await expect(email).toHaveValue("");
    // At most one toast at a time.
    await expect(page.locator('[data-slot="toast"]')).toHaveCount(1);
  });

  test("a toast leaves after 5 seconds, stays while the pointer is on it, and goes with Dismiss", async ({
    page,
  }) => {
    // The page's timers run on a clock the test moves, so 5 seconds are the page's own.
    await page.clock.install();
    await page.goto("/");
    await page.clock.pauseAt(Date.now() + 1000);
    const email = page.getByRole("textbox", { name: "Email address" });
    const toast = page.locator('[data-slot="toast"]');
    // Sent from the keyboard: the toast may appear where a click would have left the pointer.
    await page.mouse.move(10, 10);
    await email.fill("not-an-address");
    await email.press("Enter");
    await expect(toast).toContainText("Invalid Email");
    await page.clock.runFor(4999);
    await expect(toast).toBeVisible();
    await page.clock.runFor(1);
    await expect(toast).toHaveCount(0);

    await email.press("Enter");
    await expect(toast).toBeVisible();
    await toast.hover();
    await page.clock.runFor(20_000);
    await expect(toast).toBeVisible();
    // Its 5 seconds start again once the pointer has left.
    await page.mouse.move(10, 10);
    await page.clock.runFor(4999);
    await expect(toast).toBeVisible();
    await page.clock.runFor(1);
    await expect(toast).toHaveCount(0);

    await email.press("Enter");
    await page.getByRole("button", { name: "Dismiss notification" }).click();
    await expect(toast).toHaveCount(0);
  });

  test("a refused subscription shows the server's message", async ({ page }) => {
    await page.route("**/api/newsletter/subscribe", (route) =>
      route.fulfill({ status: 429, json: { message: "Too many newsletter requests." } }),
    );
    await page.goto("/");
    await page.getByRole("textbox", { name: "Email address" }).fill("someone@example.com");
    await page.getByRole("button", { name: "Subscribe" }).click();
    const toast = page.getByRole("alert");
    await expect(toast).toContainText("Subscription Failed");
    await expect(toast).toContainText("Too many newsletter requests.");
  });

  test("is a page React does not hydrate, whose form the site script runs", async ({ page }) => {
    const response = await page.goto("/");
    const html = (await response?.text()) ?? "";
    // No React Router in the page: neither its scripts nor the loaders' data.
    expect(html).not.toContain("__reactRouterContext");
    expect(html).toMatch(/<script type="module" src="\/assets\/main\.client-[\w-]+\.js">/);
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    // Plain markup in standards mode: the doctype, and none of the comments React puts
    // between adjacent texts for its hydration.
    expect(html).toMatch(/^<!DOCTYPE html><html/);
    expect(html).not.toContain("<!-- -->");
    expect(await page.evaluate(() => document.compatMode)).toBe("CSS1Compat");
    // The toasts' live region is in the server's HTML, ready to announce the form's outcome.
    await expect(page.getByRole("region", { name: "Notifications" })).toBeAttached();
    await page.getByRole("textbox", { name: "Email address" }).fill("not-an-address");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(
      page.getByRole("region", { name: "Notifications" }).getByRole("alert"),
    ).toContainText("Please enter a valid email address.");
  });

  test("the server-rendered HTML carries the page's main text", async ({ request }) => {
    const html = await (await request.get("/")).text();
    for (const text of ["Override Everything", "Innovation Hub", "Latest Updates"]) {
      expect(html).toContain(text);
    }
    expect(html).toContain(
      `© ${new Date().getFullYear()} Override Studios LLC. All rights reserved.`,
    );
  });

  for (const viewport of [DESKTOP, MOBILE]) {
    test(`has no serious accessibility violations and no sideways scroll at ${viewport.width}px`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto("/");
      expect(await hasHorizontalScroll(page)).toBe(false);
      await expectNoSeriousA11yViolations(page);
    });
  }
});
