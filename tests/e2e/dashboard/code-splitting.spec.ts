import type { Page } from "@playwright/test";
import type { Post } from "#common/types/post.ts";
import { expect, signInAs, test } from "#tests/e2e/fixtures.ts";

// Which code a browser downloads where: visitors never get the dashboard's code or the editor,
// nor the schema library (zod) before the newsletter form is used; staff get the editor (TipTap,
// its own chunk) only when they open Create / Edit.

const DASHBOARD_CHUNK = /\/assets\/dashboard-[\w-]+\.js$/;
const EDITOR_CHUNK = /\/assets\/rich-text-editor-[\w-]+\.js$/;
/** The site script of the pages React does not hydrate: its entry and its shared chunk. */
const SITE_SCRIPT_FILE = /\/assets\/(?:main\.client|site-script)-[\w-]+\.js$/;
/** The newsletter form's schema and the schema library, fetched when the form is first used. */
const SCHEMA_FILE = /\/assets\/(?:subscriber|zod)-[\w-]+\.js$/;

/** Every script the page downloads from now on, by URL. */
function recordScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") urls.push(response.url());
  });
  return urls;
}

test.describe("code splitting", () => {
  test("a visitor going through the public pages never downloads dashboard or editor code", async ({
    page,
  }) => {
    const scripts = recordScripts(page);
    const response = await page.request.get("/api/posts/published?limit=1");
    const [post] = (await response.json()) as Post[];
    if (!post) throw new Error("the demo content has a published post");

    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    // Each page's code comes when the visitor gets there (from the home page, with the page).
    for (const [link, path] of [
      ["Studio", "/studio"],
      ["YouTube", "/videos"],
      ["Apps & Tools", "/apps"],
    ] as const) {
      await nav.getByRole("link", { name: link, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
    await page.goto("/news");
    await page.getByRole("link", { name: post.title }).first().click();
    await expect(page).toHaveURL(`/blog/${post.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: post.title })).toBeVisible();

    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => DASHBOARD_CHUNK.test(url) || EDITOR_CHUNK.test(url))).toEqual(
      [],
    );
  });

  test("a post page, which React does not hydrate, downloads the site script and no framework", async ({
    page,
  }) => {
    const scripts = recordScripts(page);
    const [post] = (await (
      await page.request.get("/api/posts/published?limit=1")
    ).json()) as Post[];
    if (!post) throw new Error("the demo content has a published post");
    await page.goto(`/blog/${post.slug}`);
    // The site script runs the page's parts: the Apps & Tools menu opens.
    await page.getByRole("button", { name: "Show apps and tools" }).click();
    await expect(page.locator("#apps-menu")).toBeVisible();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((url) => SITE_SCRIPT_FILE.test(url))).toBe(true);
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
  });

  test("the home page, which React does not hydrate, downloads the site script, and the schema only for its form", async ({
    page,
  }) => {
    const scripts = recordScripts(page);
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => !SITE_SCRIPT_FILE.test(url))).toEqual([]);
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    // The site script runs the page's parts: the Apps & Tools menu opens.
    await page.getByRole("button", { name: "Show apps and tools" }).click();
    await expect(page.locator("#apps-menu")).toBeVisible();

    // About to type an address: the form fetches its schema (and the schema library), no more.
    const loaded = scripts.length;
    await page.getByRole("textbox", { name: "Email address" }).focus();
    await expect
      .poll(() => scripts.slice(loaded).some((url) => /\/assets\/zod-/.test(url)))
      .toBe(true);
    await page.waitForLoadState("networkidle");
    expect(scripts.slice(loaded).filter((url) => !SCHEMA_FILE.test(url))).toEqual([]);
  });

  test("staff download the editor only when they open Create Post", async ({
    page,
    createStaff,
  }) => {
    await signInAs(page, await createStaff());
    const scripts = recordScripts(page);
    await page.goto("/dashboard/posts");
    await expect(page.getByRole("heading", { level: 1, name: "All Content" })).toBeVisible();
    expect(scripts.some((url) => DASHBOARD_CHUNK.test(url))).toBe(true);
    expect(scripts.filter((url) => EDITOR_CHUNK.test(url))).toEqual([]);

    await page
      .getByRole("navigation", { name: "Dashboard sections" })
      .getByRole("link", { name: "Create Post" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Create New Post" })).toBeVisible();
    await expect.poll(() => scripts.filter((url) => EDITOR_CHUNK.test(url)).length).toBe(1);
  });

  test("public pages leave the schema library out; the home page fetches it for its form", async ({
    page,
  }) => {
    // What each downloaded script holds: zod names its error class in its own code.
    const withZod: string[] = [];
    let bodies: Promise<void>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      bodies.push(
        response.text().then((text) => {
          if (text.includes("ZodError")) withZod.push(response.url());
        }),
      );
    });
    const response = await page.request.get("/api/posts/published?limit=1");
    const [post] = (await response.json()) as Post[];
    if (!post) throw new Error("the demo content has a published post");
    // Each page as a first visit: a new page in a new context would download its code anew too.
    for (const path of ["/studio", "/news", "/apps", "/videos", `/blog/${post.slug}`, "/"]) {
      bodies = [];
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await Promise.all(bodies);
      expect(bodies.length, path).toBeGreaterThan(0);
      expect(withZod, path).toEqual([]);
    }

    // About to type an address: the form fetches the schema it checks it with.
    await page.getByRole("textbox", { name: "Email address" }).focus();
    await expect
      .poll(async () => {
        await Promise.all(bodies);
        return withZod.length;
      })
      .toBe(1);
  });
});
