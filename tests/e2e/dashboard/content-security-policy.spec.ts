import type { Page } from "@playwright/test";
import { SECTION_IDS } from "#app/components/dashboard/sections.ts";
import { expect, signInAs, test } from "#tests/e2e/fixtures.ts";
import { contentArea, openEditor } from "./editor-helpers.ts";

// The site's Content-Security-Policy (docs/product/access.md#security-headers) allows no eval.
// Nothing the pages do may trip it: a violation is reported to the browser (and to any report
// endpoint added later) even when the code that tried catches the refusal, as zod's probe for `new
// Function` used to.

/** Records every CSP violation of every document the page loads, across navigations. */
async function watchCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const seen = JSON.parse(sessionStorage.getItem("csp-violations") ?? "[]") as string[];
      seen.push(`${location.pathname}: ${event.effectiveDirective} ${event.blockedURI}`);
      sessionStorage.setItem("csp-violations", JSON.stringify(seen));
    });
  });
  const consoleReports: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|unsafe-eval/i.test(message.text())) {
      consoleReports.push(message.text());
    }
  });
  return async () => [
    ...(await page.evaluate(
      () => JSON.parse(sessionStorage.getItem("csp-violations") ?? "[]") as string[],
    )),
    ...consoleReports,
  ];
}

test("the dashboard, its forms and their validation cause no CSP violation", async ({
  page,
  createStaff,
}) => {
  test.slow();
  const violations = await watchCspViolations(page);
  await signInAs(page, await createStaff({ role: "admin" }));
  for (const id of SECTION_IDS) {
    await page.goto(id === "overview" ? "/dashboard" : `/dashboard/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  // The post editor's form runs its zod schema when an empty post is published.
  await openEditor(page);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("Title is required").first()).toBeVisible();
  await contentArea(page).click();
  await page.keyboard.type("Words");
  expect(await violations()).toEqual([]);
});

test("the newsletter form checks an address with zod, subscribes it and causes no CSP violation", async ({
  page,
}) => {
  const violations = await watchCspViolations(page);
  await page.goto("/");
  // The home page is not hydrated: the site script runs the form, loading zod on first use.
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
  const email = page.getByRole("textbox", { name: "Email address" });
  await email.fill("not-an-address");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("alert")).toContainText("Please enter a valid email address.");
  // The toast of a success is the site script's too; the answer is stood in for, so this test
  // leaves the newsletter's rate limit to the specs about subscribing.
  await page.route("**/api/newsletter/subscribe", (route) =>
    route.fulfill({ json: { message: "Please check your inbox." } }),
  );
  await email.fill("csp@example.com");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("status")).toContainText("Please check your inbox.");
  expect(await violations()).toEqual([]);
});

test("an uploaded image opened on its own is shown in a sandbox, without a CSP violation", async ({
  page,
}) => {
  const apps = (await (await page.request.get("/api/apps")).json()) as { logoUrl: string | null }[];
  const upload = apps.map((app) => app.logoUrl).find((url) => url?.startsWith("/uploads/"));
  expect(upload, "a demo app logo among the uploads").toBeDefined();
  // A sandboxed document has no storage to note violations in; the browser reports each one,
  // and each script it blocks, in the console.
  const messages: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || /Content Security Policy|sandbox/i.test(message.text())) {
      messages.push(message.text());
    }
  });
  const response = await page.goto(String(upload));
  expect(response?.headers()["content-security-policy"]).toBe(
    "sandbox; default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'",
  );
  const size = await page.evaluate(() => document.images[0]?.naturalWidth ?? 0);
  expect(size).toBeGreaterThan(0);
  expect(messages).toEqual([]);
});
