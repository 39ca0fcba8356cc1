import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import {
  DESKTOP,
  expect,
  expectNoSeriousA11yViolations,
  hasHorizontalScroll,
  MOBILE,
  test,
} from "./fixtures.ts";

function uniqueAddress(): string {
  return `reader-${randomUUID().slice(0, 8)}@example.com`;
}

function emailField(page: Page) {
  return page.getByRole("textbox", { name: "Email address" });
}

function unsubscribeButton(page: Page) {
  return page.getByRole("button", { name: "Unsubscribe", exact: true });
}

test.describe("unsubscribe page", () => {
  // The newsletter calls share one rate limit per client address, and every test here comes
  // from the same one: start each test that really calls the server with a fresh window.
  test.beforeEach(async ({ db }) => {
    await db.deleteFrom("rate_limits").where("key", "like", "newsletter:%").execute();
  });

  test("shows the form, prefilled from ?email=", async ({ page }) => {
    await page.goto("/unsubscribe?email=reader%40example.com");
    await expect(page).toHaveTitle(/^Unsubscribe \| /);
    await expect(page.getByRole("heading", { level: 1, name: "Unsubscribe" })).toBeVisible();
    await expect(emailField(page)).toHaveValue("reader@example.com");
    await expect(emailField(page)).toHaveAttribute("type", "email");
    await page.goto("/unsubscribe");
    await expect(emailField(page)).toHaveValue("");
  });

  test("takes a subscribed address off the list and says it will get no more newsletters", async ({
    page,
    db,
  }) => {
    const address = uniqueAddress();
    await db
      .insertInto("subscribers")
      .values({ id: randomUUID(), email: address, createdAt: new Date().toISOString() })
      .execute();
    await page.goto(`/unsubscribe?email=${encodeURIComponent(address)}`);

    // Hold the request so the submitting state can be seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let body: unknown;
    await page.route("**/api/newsletter/unsubscribe", async (route) => {
      body = route.request().postDataJSON();
      expect(route.request().method()).toBe("POST");
      expect(route.request().headers()["content-type"]).toBe("application/json");
      await held;
      await route.continue();
    });
    await unsubscribeButton(page).click();
    await expect(page.getByRole("button", { name: "Unsubscribing..." })).toBeDisabled();
    await expect(emailField(page)).toBeDisabled();
    release();

    await expect(
      page.getByRole("heading", { level: 1, name: "You're unsubscribed" }),
    ).toBeFocused();
    await expect(page.getByRole("status")).toHaveText(
      `${address} will no longer receive our newsletter.`,
    );
    expect(body).toEqual({ email: address });
    const row = await db
      .selectFrom("subscribers")
      .select("id")
      .where("email", "=", address)
      .executeTakeFirst();
    expect(row).toBeUndefined();
    await expect(page.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
  });

  test("answers an address that was never subscribed the same way", async ({ page }) => {
    const address = uniqueAddress();
    await page.goto("/unsubscribe");
    await emailField(page).fill(address);
    await emailField(page).press("Enter");
    await expect(page.getByRole("status")).toHaveText(
      `${address} will no longer receive our newsletter.`,
    );
  });

  test("checks the address before sending it", async ({ page }) => {
    let calls = 0;
    await page.route("**/api/newsletter/unsubscribe", (route) => {
      calls += 1;
      return route.continue();
    });
    await page.goto("/unsubscribe");
    await unsubscribeButton(page).click();
    await expect(page.getByRole("alert")).toHaveText("Please enter a valid email address.");
    await expect(emailField(page)).toHaveAttribute("aria-invalid", "true");
    await emailField(page).fill("not-an-address");
    await unsubscribeButton(page).click();
    await expect(page.getByRole("alert")).toHaveText("Please enter a valid email address.");
    expect(calls).toBe(0);
  });

  test("shows the server's message when it refuses the address", async ({ page }) => {
    await page.goto("/unsubscribe");
    // Has an "@", so only the server can tell it is not an address.
    await emailField(page).fill("someone@nowhere");
    const [response] = await Promise.all([
      page.waitForResponse("**/api/newsletter/unsubscribe"),
      unsubscribeButton(page).click(),
    ]);
    expect(response.status()).toBe(400);
    const { message } = (await response.json()) as { message: string };
    expect(message.length).toBeGreaterThan(0);
    await expect(page.getByRole("alert")).toHaveText(message);
    // The form stays, ready for another try.
    await expect(emailField(page)).toBeEnabled();
    await expect(emailField(page)).toHaveValue("someone@nowhere");
  });

  test("shows the server's message when there are too many requests, and other failures", async ({
    page,
  }) => {
    const answers = [
      { status: 429, json: { message: "Too many newsletter requests. Please try again later." } },
    ];
    await page.route("**/api/newsletter/unsubscribe", (route) => {
      const answer = answers.shift();
      return answer
        ? route.fulfill(answer)
        : route.fulfill({ status: 503, contentType: "text/plain", body: "Service Unavailable" });
    });
    await page.goto("/unsubscribe?email=reader%40example.com");
    await unsubscribeButton(page).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Too many newsletter requests. Please try again later.",
    );
    // Without a message in the answer: the status and the body (docs/product/mail.md#unsubscribe).
    await unsubscribeButton(page).click();
    await expect(page.getByRole("alert")).toHaveText("503: Service Unavailable");
    await expect(page.getByRole("heading", { name: "You're unsubscribed" })).toHaveCount(0);
  });

  test("its code is loaded only when the page is visited", async ({ page, browser, baseURL }) => {
    const routeModule = (p: Page) =>
      p.evaluate(
        () =>
          (
            window as unknown as {
              __reactRouterManifest: { routes: Record<string, { module: string } | undefined> };
            }
          ).__reactRouterManifest.routes["routes/site/unsubscribe"]?.module ?? null,
      );
    const scriptsOf = (p: Page) => {
      const scripts: string[] = [];
      p.on("request", (request) => {
        if (request.url().endsWith(".js")) scripts.push(new URL(request.url()).pathname);
      });
      return scripts;
    };

    // Where the page's own code lives, found by visiting it.
    const visitScripts = scriptsOf(page);
    await page.goto("/unsubscribe");
    const module = await routeModule(page);
    expect(module).toMatch(/^\/assets\/unsubscribe-[\w-]+\.js$/);
    expect(visitScripts).toContain(module);

    // Other pages, visited and moved between, never fetch it.
    const context = await browser.newContext({ baseURL });
    try {
      const other = await context.newPage();
      const scripts = scriptsOf(other);
      await other.goto("/");
      const nav = other.getByRole("navigation", { name: "Main" });
      await nav.getByRole("link", { name: "Studio", exact: true }).click();
      await expect(other).toHaveURL("/studio");
      await nav.getByRole("link", { name: "YouTube" }).click();
      await expect(other).toHaveURL("/videos");
      await other.goto("/news");
      await expect(other.getByRole("heading", { level: 1, name: "Latest News" })).toBeVisible();
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts).not.toContain(module);
      for (const path of ["/", "/studio", "/apps", "/videos", "/news"]) {
        expect(await (await other.request.get(path)).text()).not.toContain(module as string);
      }
    } finally {
      await context.close();
    }
  });

  test("the server-rendered HTML carries the form and the prefilled address", async ({
    request,
  }) => {
    const response = await request.get("/unsubscribe?email=reader%40example.com");
    expect(response.status()).toBe(200);
    const html = await response.text();
    for (const text of [
      "Unsubscribe",
      "Email address",
      "Enter your email address to stop receiving the",
      'value="reader@example.com"',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toMatch(/<title>Unsubscribe \| [^<]+<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toContain('<meta name="robots" content="noindex"');
  });

  for (const viewport of [DESKTOP, MOBILE]) {
    test(`has no serious accessibility violations and no sideways scroll at ${viewport.width}px`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto("/unsubscribe");
      expect(await hasHorizontalScroll(page)).toBe(false);
      await expectNoSeriousA11yViolations(page);
      // The error and success states too.
      await unsubscribeButton(page).click();
      await expect(page.getByRole("alert")).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.route("**/api/newsletter/unsubscribe", (route) =>
        route.fulfill({ json: { message: "You have been unsubscribed from our newsletter." } }),
      );
      await emailField(page).fill("a-rather-long-address-for-a-small-screen@example.com");
      await unsubscribeButton(page).click();
      await expect(page.getByRole("heading", { name: "You're unsubscribed" })).toBeVisible();
      expect(await hasHorizontalScroll(page)).toBe(false);
      await expectNoSeriousA11yViolations(page);
    });
  }
});
