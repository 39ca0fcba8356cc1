import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, expectNoSeriousA11yViolations, signInAs, test } from "#tests/e2e/fixtures.ts";
import {
  autosaveStatus,
  expectSaved,
  fillBasics,
  openEditor,
  SAVED_STATE,
  staffPostTitled,
  uniqueTitle,
  visitorPage,
} from "./editor-helpers.ts";

// The editor's SEO and social section and where its settings end up: the public page's head,
// its JSON-LD, the sitemap and the RSS feed (docs/product/editor.md#seo-and-social,
// docs/product/public-site.md#post-detail).

function cardPng(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 630, channels: 3, background: "#2563eb" } })
    .png()
    .toBuffer();
}

/** Every address the sitemap lists: the index's parts, read one by one. */
async function sitemapAddresses(request: APIRequestContext): Promise<string[]> {
  const index = await (await request.get("/sitemap.xml")).text();
  const parts = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? "");
  const addresses: string[] = [];
  for (const part of parts) {
    const url = new URL(part.replaceAll("&amp;", "&"));
    const xml = await (await request.get(url.pathname + url.search)).text();
    addresses.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? ""));
  }
  return addresses;
}

async function openSeoSection(page: Page) {
  await page.getByRole("button", { name: "SEO and social" }).click();
  await expect(page.getByLabel("Meta title")).toBeVisible();
}

test.describe("SEO and social settings", () => {
  test("an employee fills the section, sees the previews follow, publishes, and the head, JSON-LD, sitemap and RSS say it", async ({
    page,
    browser,
    baseURL,
    createStaff,
  }) => {
    test.slow();
    await signInAs(page, await createStaff());
    await openEditor(page);
    const title = uniqueTitle("Sky Harbour");
    await fillBasics(page, title, "Airships dock above the clouds.");
    await page.getByLabel("Excerpt").fill("Ships that sail the sky.");
    await openSeoSection(page);

    const search = page.getByRole("figure", { name: "Search result preview" });
    const card = page.getByRole("figure", { name: "Social card preview" });
    // Defaults from the post, in the placeholders and the previews.
    await expect(page.getByLabel("Meta title")).toHaveAttribute(
      "placeholder",
      new RegExp(`^${title} \\| `),
    );
    await expect(search).toContainText("Ships that sail the sky.");
    await expect(card).toContainText(title);

    const metaTitle = "Sky Harbour: where airships dock";
    await page.getByLabel("Meta title").fill(metaTitle);
    await expect(page.getByText(`${metaTitle.length}/60 characters`)).toBeVisible();
    await expect(search.locator('[data-slot="search-title"]')).toHaveText(metaTitle);
    // The social card's title follows the meta title until it has its own.
    await expect(card.locator('[data-slot="card-title"]')).toHaveText(metaTitle);

    const long =
      `Build a harbour in the sky. ${"Airships, docks and lighthouses. ".repeat(6)}`.trim();
    await page.getByLabel("Meta description").fill(long);
    await expect(page.getByText(`${long.length}/160 characters`)).toBeVisible();
    const cut = await search.locator('[data-slot="search-description"]').textContent();
    expect(cut?.endsWith("…")).toBe(true);
    expect(Array.from(cut ?? "").length).toBeLessThanOrEqual(160);

    await page.getByLabel("Social title").fill("Sail the sky");
    await page.getByLabel("Social description").fill("Airships, docks and a lighthouse.");
    await expect(card.locator('[data-slot="card-title"]')).toHaveText("Sail the sky");
    await expect(card.locator('[data-slot="card-description"]')).toHaveText(
      "Airships, docks and a lighthouse.",
    );
    await page.getByLabel("Social image").setInputFiles({
      name: "card.png",
      mimeType: "image/png",
      buffer: await cardPng(),
    });
    await expect(card.getByRole("img", { name: "Social card" })).toHaveAttribute(
      "src",
      /^\/uploads\/[0-9a-f]{32}\.png$/,
    );
    await page.getByLabel("Canonical URL").fill("https://partner.example/sky-harbour");
    await expect(card.locator('[data-slot="card-host"]')).toHaveText("partner.example");
    await expectNoSeriousA11yViolations(page);
    // Publish once the autosave that creates the draft has finished: a Publish pressed while that
    // autosave was on its way has been seen refused (409, the slug taken by that very draft).
    await expect(autosaveStatus(page)).toHaveText(SAVED_STATE, { timeout: 20_000 });

    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expectSaved(page, "Content created successfully!");
    const saved = await staffPostTitled(page, title);
    expect(saved).toMatchObject({ metaTitle, metaDescription: long, noIndex: false });
    const image = `${baseURL}/uploads/${saved.socialImage}`;

    const visitor = await visitorPage(browser);
    await visitor.goto(`/blog/${saved.slug}`);
    await expect(visitor).toHaveTitle(metaTitle);
    const head = visitor.locator("head");
    const meta = (attribute: string, value: string) =>
      head.locator(`meta[${attribute}="${value}"]`);
    await expect(meta("name", "description")).toHaveAttribute("content", long);
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      "https://partner.example/sky-harbour",
    );
    for (const [attribute, prefix] of [
      ["property", "og"],
      ["name", "twitter"],
    ] as const) {
      await expect(meta(attribute, `${prefix}:title`)).toHaveAttribute("content", "Sail the sky");
      await expect(meta(attribute, `${prefix}:description`)).toHaveAttribute(
        "content",
        "Airships, docks and a lighthouse.",
      );
      await expect(meta(attribute, `${prefix}:image`)).toHaveAttribute("content", image);
    }
    await expect(meta("name", "twitter:card")).toHaveAttribute("content", "summary_large_image");
    await expect(meta("name", "robots")).toHaveCount(0);
    const ld = JSON.parse(
      (await head.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
    );
    expect(ld).toMatchObject({
      headline: metaTitle,
      description: long,
      image: [image],
      url: "https://partner.example/sky-harbour",
    });

    expect(await sitemapAddresses(visitor.request)).toContain(`${baseURL}/blog/${saved.slug}`);
    const rss = await (await visitor.request.get("/rss.xml")).text();
    const item = rss.split("<item>").find((part) => part.includes(`/blog/${saved.slug}<`));
    expect(item).toContain(`<description>${long}</description>`);
    await visitor.context().close();
  });

  test("a post hidden from search engines says noindex and stays out of the sitemap", async ({
    page,
    browser,
    baseURL,
    createStaff,
  }) => {
    await signInAs(page, await createStaff());
    await openEditor(page);
    const title = uniqueTitle("Hidden Hangar");
    await fillBasics(page, title);
    await openSeoSection(page);
    await page.getByRole("switch", { name: "Hide from search engines" }).click();
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expectSaved(page, "Content created successfully!");
    const saved = await staffPostTitled(page, title);
    expect(saved.noIndex).toBe(true);

    const visitor = await visitorPage(browser);
    await visitor.goto(`/blog/${saved.slug}`);
    await expect(visitor.locator('head meta[name="robots"]')).toHaveAttribute("content", "noindex");
    expect(await sitemapAddresses(visitor.request)).not.toContain(`${baseURL}/blog/${saved.slug}`);
    await visitor.context().close();
  });
});
