import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { formatCount } from "#common/format.ts";
import type { App } from "#common/types/app.ts";
import { loadConfig } from "#server/config/env.server.ts";
import {
  DESKTOP,
  expect,
  expectNoSeriousA11yViolations,
  hasHorizontalScroll,
  MOBILE,
  test,
} from "./fixtures.ts";

/** The site settings the e2e server runs with (the demo defaults unless the environment says otherwise). */
const site = loadConfig({
  ...process.env,
  DATA_DIR: process.env.E2E_DATA_DIR,
  SESSION_SECRET: "e2e-only-secret-that-is-long-enough-0000",
}).siteDefaults;

/** Height of the fixed top navigation. */
const NAV_HEIGHT = 64;

const FILTERS = [
  { slug: "all", label: "All Apps", keeps: (_: App) => true },
  { slug: "developed", label: "Developed", keeps: (a: App) => a.relationship === "developed" },
  {
    slug: "partnerships",
    label: "Partnerships",
    keeps: (a: App) => a.relationship === "partner" || a.relationship === "official-partner",
  },
  {
    slug: "in-development",
    label: "In Development",
    keeps: (a: App) => a.status === "in-development" || a.status === "beta",
  },
] as const;

const PLATFORMS: Record<string, string> = {
  web: "Web",
  ios: "iOS",
  android: "Android",
  windows: "Windows",
  macos: "macOS",
  linux: "Linux",
};

async function listApps(request: APIRequestContext): Promise<App[]> {
  return (await request.get("/api/apps")).json();
}

/** The API's order with banned apps moved to the end. */
const bannedLast = (apps: App[]) => [
  ...apps.filter((a) => a.status !== "banned"),
  ...apps.filter((a) => a.status === "banned"),
];

const cards = (page: Page) => page.locator('[data-slot="app-card"]');
const card = (page: Page, app: App) => page.locator(`article[id="${app.slug}"]`);

async function cardNames(page: Page) {
  return cards(page).getByRole("heading", { level: 3 }).allInnerTexts();
}

/** Where the element's top edge sits in the viewport, in CSS pixels. */
function topOf(locator: Locator) {
  return locator.evaluate((element) => element.getBoundingClientRect().top);
}

test.describe("apps page", () => {
  test("lists every app with banned apps last", async ({ page, request }) => {
    const apps = await listApps(request);
    expect(apps.length).toBeGreaterThan(0);
    await page.goto("/apps");
    await expect(page).toHaveTitle(/Apps & Tools/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /\S{10}/);
    await expect(page.getByRole("heading", { level: 1, name: "Apps & Tools" })).toBeVisible();
    expect(await cardNames(page)).toEqual(bannedLast(apps).map((a) => a.name));
  });

  test("each filter shows its count from the API and only its apps", async ({ page, request }) => {
    const apps = await listApps(request);
    await page.goto("/apps");
    const filters = page.getByRole("navigation", { name: "Filter apps" });
    for (const filter of FILTERS) {
      const expected = bannedLast(apps.filter(filter.keeps));
      const link = filters.getByRole("link", { name: `${filter.label} (${expected.length})` });
      await link.click();
      await expect(page).toHaveURL(filter.slug === "all" ? "/apps" : `/apps?filter=${filter.slug}`);
      await expect(link).toHaveAttribute("aria-current", "page");
      await expect(cards(page)).toHaveCount(expected.length);
      expect(await cardNames(page)).toEqual(expected.map((a) => a.name));
    }
    // A filtered view can be shared.
    await page.goto("/apps?filter=partnerships");
    expect(await cardNames(page)).toEqual(
      bannedLast(apps.filter(FILTERS[2].keeps)).map((a) => a.name),
    );
  });

  test("cards show logo, name, category, image, description, downloads, rating, year, platforms and links", async ({
    page,
    request,
  }) => {
    const apps = await listApps(request);
    // Tall enough for every card, so lazy images load too.
    await page.setViewportSize({ width: DESKTOP.width, height: 8000 });
    await page.goto("/apps");
    for (const app of apps) {
      const c = card(page, app);
      await expect(c.getByRole("heading", { level: 3, name: app.name })).toBeVisible();
      await expect(c.getByText(app.category, { exact: true })).toBeVisible();
      await expect(c).toContainText(app.shortDescription);
      await expect(c).toContainText(app.description);
      await expect(c).toContainText(`Downloads${formatCount(app.downloadCount)}`);
      if (app.rating === null) {
        await expect(c).toContainText("Not rated");
      } else {
        await expect(c.getByText(`Rated ${app.rating} out of 5`)).toHaveCount(1);
      }
      if (app.releaseDate) {
        await expect(c).toContainText(String(new Date(app.releaseDate).getUTCFullYear()));
      }
      const platforms = c.getByRole("list", { name: "Platforms" }).getByRole("listitem");
      await expect(platforms).toHaveText(app.platforms.map((p) => PLATFORMS[p] ?? p));

      const images = c.locator("img");
      await expect(images).toHaveCount([app.imageUrl, app.logoUrl].filter(Boolean).length);
      for (const image of await images.all()) {
        await expect(image).toHaveAttribute("width", /\d+/);
        await expect(image).toHaveAttribute("height", /\d+/);
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
          .toBeGreaterThan(0);
      }

      for (const [label, url] of [
        ["Visit", app.websiteUrl],
        ["Download", app.downloadUrl],
      ] as const) {
        if (url) {
          const link = c.getByRole("link", { name: new RegExp(`^${label}`) });
          await expect(link).toHaveAttribute("href", url);
          await expect(link).toHaveAttribute("target", "_blank");
          await expect(link).toHaveAttribute("rel", /noopener/);
        } else {
          await expect(c.getByRole("button", { name: label })).toBeDisabled();
        }
      }
    }
  });

  test("download counts read K and M", async ({ page, request }) => {
    const apps = await listApps(request);
    // The demo content spans all three forms; check each one shows as written.
    const big = apps.find((a) => a.downloadCount >= 1_000_000);
    const mid = apps.find((a) => a.downloadCount >= 1000 && a.downloadCount < 1_000_000);
    expect(big && mid).toBeTruthy();
    await page.goto("/apps");
    await expect(card(page, big as App)).toContainText(/\d(\.\d)?M/);
    await expect(card(page, mid as App)).toContainText(/\d(\.\d)?K/);
  });

  test("banned apps carry the overlay linking to the petition in a new tab", async ({
    page,
    request,
  }) => {
    const apps = await listApps(request);
    const banned = apps.filter((a) => a.status === "banned");
    expect(banned.length).toBeGreaterThan(0);
    await page.goto("/apps");
    await expect(page.getByText("BANNED BY MICROSOFT NOV 2021", { exact: true })).toHaveCount(
      banned.length,
    );
    for (const app of banned) {
      const overlay = card(page, app).getByRole("link", { name: /BANNED BY MICROSOFT NOV 2021/ });
      await expect(overlay).toBeVisible();
      await expect(overlay).toHaveAttribute("href", site.petitionUrl);
      await expect(overlay).toHaveAttribute("target", "_blank");
      await expect(overlay).toHaveAttribute("rel", /noopener/);
    }
  });

  test("/apps#{slug} brings that card into view below the fixed navigation", async ({
    page,
    request,
  }) => {
    const apps = bannedLast(await listApps(request));
    const last = apps.at(-1) as App;
    await page.goto(`/apps#${last.slug}`);
    const target = card(page, last);
    await expect(target).toBeInViewport();
    await expect.poll(() => topOf(target)).toBeGreaterThanOrEqual(NAV_HEIGHT);
    expect(await topOf(target)).toBeLessThan(NAV_HEIGHT + 40);
    // The navigation does not cover the card's top edge.
    const covering = await target.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + 2);
      return hit !== null && element.contains(hit);
    });
    expect(covering).toBe(true);
  });

  test("an app in the Apps & Tools menu without a website scrolls to its card on the apps page", async ({
    page,
    request,
  }) => {
    const apps = await listApps(request);
    // The menu lists the first 6 apps; those without a website link to /apps#{slug}.
    const inMenu = apps.slice(0, 6).filter((a) => !a.websiteUrl);
    if (inMenu.length === 0)
      throw new Error("demo content has no app without a website in the menu");
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    // From another page (which loads the apps page), then from the apps page itself (which
    // only scrolls: the page stays).
    for (const [i, app] of ([inMenu[0], inMenu.at(-1)] as App[]).entries()) {
      if (i === 1) {
        await page.evaluate(() => {
          (window as unknown as { marker: string }).marker = "no reload";
        });
      }
      await nav.getByRole("button", { name: "Show apps and tools" }).click();
      await nav.getByRole("link", { name: app.name, exact: true }).click();
      await expect(page).toHaveURL(`/apps#${app.slug}`);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      const target = card(page, app);
      await expect(target).toBeInViewport();
      await expect.poll(() => topOf(target)).toBeGreaterThanOrEqual(NAV_HEIGHT);
      expect(await topOf(target)).toBeLessThan(NAV_HEIGHT + 40);
    }
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
      "no reload",
    );
  });

  test("the partnership call-to-action opens the community invite in a new tab", async ({
    page,
  }) => {
    await page.goto("/apps");
    await expect(page.getByRole("heading", { name: "Interested in Partnership?" })).toBeVisible();
    const button = page.getByRole("link", { name: /Get in Touch/ });
    await expect(button).toHaveAttribute("href", site.communityInviteUrl);
    await expect(button).toHaveAttribute("target", "_blank");
    await expect(button).toHaveAttribute("rel", /noopener/);
  });

  test("the server-rendered HTML carries the page's main text", async ({ request }) => {
    const apps = await listApps(request);
    const html = await (await request.get("/apps")).text();
    expect(html).toContain("Apps &amp; Tools");
    expect(html).toContain("Interested in Partnership?");
    expect(html).toContain("Get in Touch");
    for (const filter of FILTERS) expect(html).toContain(filter.label);
    for (const app of apps) {
      expect(html).toContain(`id="${app.slug}"`);
      expect(html).toContain(app.name);
    }
    if (apps.some((a) => a.status === "banned")) {
      expect(html).toContain("BANNED BY MICROSOFT NOV 2021");
    }
  });

  for (const viewport of [DESKTOP, MOBILE]) {
    test(`has no serious accessibility violations and no sideways scroll at ${viewport.width}px`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto("/apps");
      expect(await hasHorizontalScroll(page)).toBe(false);
      await expectNoSeriousA11yViolations(page);
    });
  }
});
