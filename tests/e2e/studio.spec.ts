import type { APIRequestContext, Page } from "@playwright/test";
import { formatShortDate } from "#common/format.ts";
import type { PortfolioItem } from "#common/types/portfolio-item.ts";
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

const TABS = [
  { slug: "all", key: null, label: "All" },
  { slug: "world", key: "world", label: "Worlds" },
  { slug: "skin-pack", key: "Skin Pack", label: "Skin Packs" },
  { slug: "addon", key: "Addon", label: "Add-Ons" },
] as const;

type Tab = (typeof TABS)[number];

async function portfolio(request: APIRequestContext) {
  return (await (await request.get("/api/portfolio")).json()) as PortfolioItem[];
}

const inTab = (items: PortfolioItem[], tab: Tab) =>
  tab.key === null ? items : items.filter((item) => item.packType === tab.key);

const matches = (item: PortfolioItem, term: string) =>
  [item.title, item.shortDescription ?? "", item.fullDescription].some((field) =>
    field.toLowerCase().includes(term.toLowerCase()),
  );

const isFutureRelease = (item: PortfolioItem) =>
  item.releaseDate !== null && Date.parse(item.releaseDate) > Date.now();

/** The cards on the page, in order. */
const cards = (page: Page) => page.locator('[data-slot="studio-card"]');

/** The titles of the cards on the page, in order. */
async function cardTitles(page: Page) {
  return cards(page).getByRole("heading", { level: 3 }).allInnerTexts();
}

test.describe("studio page", () => {
  test("shows the title, the search box and every published pack, each linking to its post", async ({
    page,
    request,
  }) => {
    const items = await portfolio(request);
    expect(items.length).toBeGreaterThan(0);
    await page.goto("/studio");
    await expect(page).toHaveTitle(/Studio Portfolio/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /\S{10}/);
    await expect(page.getByRole("heading", { level: 1, name: "Studio Portfolio" })).toBeVisible();
    const search = page.getByRole("searchbox", { name: "Search content" });
    await expect(search).toHaveAttribute("placeholder", "Search content...");

    expect(await cardTitles(page)).toEqual(items.map((item) => item.title));
    for (const item of items) {
      const card = cards(page).filter({ hasText: item.title });
      await expect(card.getByRole("link", { name: item.title, exact: true })).toHaveAttribute(
        "href",
        `/post/${item.slug}`,
      );
    }
  });

  test("each tab shows its count from the API and only its packs", async ({ page, request }) => {
    const items = await portfolio(request);
    await page.goto("/studio");
    const tabs = page.getByRole("navigation", { name: "Categories" });
    for (const tab of TABS) {
      const expected = inTab(items, tab);
      const link = tabs.getByRole("link", { name: `${tab.label} (${expected.length})` });
      await link.click();
      await expect(page).toHaveURL(tab.key === null ? "/studio" : `/studio?category=${tab.slug}`);
      await expect(link).toHaveAttribute("aria-current", "page");
      await expect.poll(() => cardTitles(page)).toEqual(expected.map((item) => item.title));
    }
  });

  test("the whole card opens the post page", async ({ page, request }) => {
    const [first] = await portfolio(request);
    if (!first) throw new Error("demo content has no portfolio items");
    await page.goto("/studio");
    // Anywhere on the card, not only the title.
    await cards(page).first().click();
    await expect(page).toHaveURL(`/post/${first.slug}`);
  });

  test("cards show the pack badge, launch date, Live or Coming Soon, and Get Pack by release date", async ({
    page,
    request,
  }) => {
    const items = await portfolio(request);
    const upcoming = items.filter(isFutureRelease);
    const released = items.filter((item) => !isFutureRelease(item));
    // The demo content has both kinds; without them this test would prove nothing.
    expect(upcoming.length).toBeGreaterThan(0);
    expect(released.length).toBeGreaterThan(0);
    await page.goto("/studio");

    for (const item of items) {
      const card = cards(page).filter({
        has: page.getByRole("link", { name: item.title, exact: true }),
      });
      const comingSoon = isFutureRelease(item);
      await expect(card.locator("[data-status]")).toHaveText(comingSoon ? "Coming Soon" : "Live");
      if (item.launchDate) {
        await expect(card).toContainText(
          `${comingSoon ? "Launches" : "Launched"} ${formatShortDate(item.launchDate)}`,
        );
      }
      if (item.shortDescription) await expect(card).toContainText(item.shortDescription);
      const getPackLink = card.getByRole("link", { name: /^Get Pack/ });
      const getPackButton = card.getByRole("button", { name: "Get Pack" });
      if (comingSoon || !item.marketplaceLink) {
        await expect(getPackButton).toBeDisabled();
        await expect(getPackLink).toHaveCount(0);
      } else {
        await expect(getPackLink).toHaveAttribute("href", item.marketplaceLink);
        await expect(getPackLink).toHaveAttribute("target", "_blank");
        await expect(getPackLink).toHaveAttribute("rel", /noopener/);
      }
    }

    // Badges name the pack type by its filter key.
    const labels: Record<string, string> = {
      world: "World/Map",
      "Skin Pack": "Skin Pack",
      Addon: "Add-On",
    };
    for (const item of items.filter((i) => i.packType && labels[i.packType])) {
      const card = cards(page).filter({
        has: page.getByRole("link", { name: item.title, exact: true }),
      });
      await expect(
        card.getByText(labels[item.packType as string] as string, { exact: true }),
      ).toBeVisible();
    }
  });

  test("images have their size set and a placeholder stands in for a missing or broken one", async ({
    page,
    request,
  }) => {
    const items = await portfolio(request);
    // Tall enough for every card, so lazy images load too.
    await page.setViewportSize({ width: DESKTOP.width, height: 6000 });
    await page.route("**/uploads/**", (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto("/studio");
    await expect(page.locator('[data-slot="image-placeholder"]')).toHaveCount(items.length);
    await page.unroute("**/uploads/**");
    await page.goto("/studio");
    const withImages = items.filter((item) => item.imageUrl);
    const images = cards(page).locator("img");
    await expect(images).toHaveCount(withImages.length);
    for (const image of await images.all()) {
      await expect(image).toHaveAttribute("width", "1200");
      await expect(image).toHaveAttribute("height", "630");
    }
  });

  test("search matches title, short and full description ignoring case, and lives in the URL", async ({
    page,
    request,
  }) => {
    const items = await portfolio(request);
    const target = items.find((item) => item.fullDescription.split(/\s+/).length > 4);
    if (!target) throw new Error("no portfolio item with a full description");
    // A word from deep in the full description, in upper case.
    const term = (
      target.fullDescription.split(/\s+/).find((word) => /^[a-z]{6,}$/i.test(word)) ?? target.title
    ).toUpperCase();
    const expected = items.filter((item) => matches(item, term));

    await page.goto("/studio");
    const search = page.getByRole("searchbox", { name: "Search content" });
    await search.fill(term);
    // The server searches once the address follows the typing.
    await expect.poll(() => cardTitles(page)).toEqual(expected.map((item) => item.title));
    await expect(page.getByText(`for "${term}"`)).toBeVisible();
    await expect(page).toHaveURL(`/studio?q=${encodeURIComponent(term)}`);

    // Counts follow the search.
    const tabs = page.getByRole("navigation", { name: "Categories" });
    for (const tab of TABS) {
      await expect(
        tabs.getByRole("link", { name: `${tab.label} (${inTab(expected, tab).length})` }),
      ).toBeVisible();
    }

    // The address can be shared: opening it shows the same result.
    await page.reload();
    await expect(search).toHaveValue(term);
    expect(await cardTitles(page)).toEqual(expected.map((item) => item.title));

    // Titles and short descriptions match too.
    await search.fill(target.title.toLowerCase());
    await expect(cards(page).getByRole("link", { name: target.title, exact: true })).toBeVisible();
    if (target.shortDescription) {
      await search.fill(target.shortDescription.slice(0, 20).toUpperCase());
      await expect(
        cards(page).getByRole("link", { name: target.title, exact: true }),
      ).toBeVisible();
    }
  });

  test("a search that matches nothing says so and can be cleared", async ({ page, request }) => {
    const items = await portfolio(request);
    await page.goto("/studio?category=world");
    const search = page.getByRole("searchbox", { name: "Search content" });
    await search.fill("zzqx-nothing-matches");
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "No matching projects" })).toBeVisible();
    await expect(page.getByText('Nothing in Worlds matches "zzqx-nothing-matches".')).toBeVisible();
    await expect(page).toHaveURL("/studio?category=world&q=zzqx-nothing-matches");
    await page.getByRole("link", { name: "Clear search" }).click();
    await expect(search).toHaveValue("");
    await expect(page).toHaveURL("/studio?category=world");
    await expect(cards(page)).toHaveCount(inTab(items, TABS[1]).length);

    // The button inside the box clears it too.
    await search.fill("zzqx");
    await page.getByRole("button", { name: "Clear search" }).click();
    await expect(search).toHaveValue("");
    await expect(cards(page)).toHaveCount(inTab(items, TABS[1]).length);
  });

  test("the server renders the view named in the URL, and the search works without JavaScript", async ({
    browser,
    baseURL,
    request,
  }) => {
    const items = await portfolio(request);
    const skins = inTab(items, TABS[2]);
    const [skin] = skins;
    if (!skin) throw new Error("demo content has no skin pack");
    const html = await (await request.get(`/studio?category=skin-pack`)).text();
    expect(html).toContain("Studio Portfolio");
    expect(html).toContain('placeholder="Search content..."');
    expect(html).toContain(skin.title);
    for (const other of items.filter((item) => item.packType !== "Skin Pack")) {
      expect(html).not.toContain(`>${other.title}</a>`);
    }

    const all = await (await request.get("/studio")).text();
    for (const item of items) expect(all).toContain(item.title);
    for (const tab of TABS) expect(all).toContain(tab.label);
    expect(all).toContain("Get Pack");

    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/studio");
    await page.getByRole("searchbox", { name: "Search content" }).fill(skin.title.toUpperCase());
    await page.getByRole("searchbox", { name: "Search content" }).press("Enter");
    await expect(page).toHaveURL(/\/studio\?q=/);
    await expect(cards(page).getByRole("link", { name: skin.title, exact: true })).toBeVisible();
    await page.getByRole("link", { name: /^Worlds/ }).click();
    await expect(page).toHaveURL(/category=world/);
    await context.close();
  });

  test("small screens choose the category from a labelled dropdown instead of tabs", async ({
    page,
    request,
  }) => {
    const items = await portfolio(request);
    await page.setViewportSize(MOBILE);
    await page.goto("/studio");
    await expect(page.getByRole("navigation", { name: "Categories" })).toBeHidden();
    const select = page.getByRole("combobox", { name: "Category" });
    await expect(select).toBeVisible();
    for (const tab of TABS) {
      await expect(select.locator(`option[value="${tab.slug}"]`)).toHaveText(
        `${tab.label} (${inTab(items, tab).length})`,
      );
    }
    await select.selectOption("skin-pack");
    await expect(page).toHaveURL("/studio?category=skin-pack");
    await expect
      .poll(() => cardTitles(page))
      .toEqual(inTab(items, TABS[2]).map((item) => item.title));
    await select.selectOption("all");
    await expect(page).toHaveURL("/studio");
    await expect(cards(page)).toHaveCount(items.length);

    await page.setViewportSize(DESKTOP);
    await expect(select).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Categories" })).toBeVisible();
  });

  test("the call-to-action opens the creator's marketplace page in a new tab", async ({ page }) => {
    await page.goto("/studio");
    const cta = page.getByRole("link", { name: /Visit Our Marketplace Page/ });
    await expect(cta).toHaveAttribute("href", site.marketplaceCreatorUrl);
    await expect(cta).toHaveAttribute("target", "_blank");
    await expect(cta).toHaveAttribute("rel", /noopener/);
  });

  test("shows 6 skeleton cards while the next list loads, in the same page", async ({
    page,
    request,
  }) => {
    const items = await portfolio(request);
    await page.goto("/studio");
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = "same document";
    });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Hold back the tab's list, which the page's own script asks for.
    await page.route(
      (url) => url.pathname === "/studio" && url.searchParams.get("category") === "world",
      async (route) => {
        await held;
        await route.continue();
      },
    );
    const tabs = page.getByRole("navigation", { name: "Categories" });
    await tabs.getByRole("link", { name: /^Worlds/ }).click();
    await expect(page.locator('[data-slot="skeleton-card"]')).toHaveCount(6);
    await expect(page.getByRole("status").filter({ hasText: "Loading projects…" })).toBeAttached();
    release();
    await expect(page.locator('[data-slot="skeleton-card"]')).toHaveCount(0);
    await expect(page).toHaveURL("/studio?category=world");
    await expect
      .poll(() => cardTitles(page))
      .toEqual(inTab(items, TABS[1]).map((item) => item.title));
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
      "same document",
    );
  });

  for (const viewport of [DESKTOP, MOBILE]) {
    test(`has no serious accessibility violations and no sideways scroll at ${viewport.width}px`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto("/studio");
      expect(await hasHorizontalScroll(page)).toBe(false);
      await expectNoSeriousA11yViolations(page);
      await page.getByRole("searchbox", { name: "Search content" }).fill("zzqx");
      await expect(page.getByRole("heading", { name: "No matching projects" })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }
});
