import { type Browser, chromium, type Page } from "@playwright/test";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_LAUNCH_OPTIONS } from "#tests/helpers/chromium.ts";
import { builtNewsletter, PICTURES } from "#tests/helpers/newsletter-sample.ts";

// The newsletter as a phone shows it (docs/product/mail.md#newsletters-section): the HTML the
// sending builds, rendered by Chromium at the narrowest phones, a common phone and the column's
// own width, never wider than the screen; and readable in a light and a dark colour scheme. No
// server: every image the e-mail names is answered here with a picture of a known size.

let browser: Browser;
let html: string;
const pictures = new Map<string, Buffer>();

beforeAll(async () => {
  html = await builtNewsletter();
  for (const [name, [width, height]] of Object.entries(PICTURES)) {
    const picture = sharp({ create: { width, height, channels: 3, background: "#16a34a" } });
    pictures.set(name, await picture.png().toBuffer());
  }
  browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
});
afterAll(() => browser?.close());

/** A page at `width` x 800 showing the newsletter, its pictures loaded, nothing else fetched. */
async function openNewsletter(width: number, colorScheme: "light" | "dark" = "light") {
  const context = await browser.newContext({ viewport: { width, height: 800 }, colorScheme });
  const page = await context.newPage();
  await page.route("**/*", (route) => {
    const picture = pictures.get(new URL(route.request().url()).pathname);
    return picture
      ? route.fulfill({ status: 200, contentType: "image/png", body: picture })
      : route.abort();
  });
  await page.setContent(html, { waitUntil: "load" });
  return page;
}

/** Every picture of the page has loaded (so the layout measured is the one readers get). */
async function picturesLoaded(page: Page): Promise<number[]> {
  return page.$$eval("img", (images) => images.map((image) => image.naturalWidth));
}

describe("the newsletter's layout", () => {
  it.each([320, 360, 600])("fits a %i px wide screen without scrolling sideways", async (width) => {
    const page = await openNewsletter(width);
    try {
      const loaded = await picturesLoaded(page);
      expect(loaded).toHaveLength(Object.keys(PICTURES).length);
      for (const naturalWidth of loaded) expect(naturalWidth).toBeGreaterThan(0);
      const sizes = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        bodyScrollWidth: document.body.scrollWidth,
        widest: Math.max(
          ...[...document.querySelectorAll("body *")].map((e) => e.getBoundingClientRect().right),
        ),
      }));
      expect(sizes.scrollWidth).toBeLessThanOrEqual(width);
      expect(sizes.bodyScrollWidth).toBeLessThanOrEqual(width);
      expect(sizes.widest).toBeLessThanOrEqual(width);
      // Readable: the text keeps its size, and the column uses the screen rather than a strip of it.
      const column = await page.locator("table.column").boundingBox();
      expect(column?.width).toBeGreaterThanOrEqual(Math.min(width, 600) - 24);
      const fontSize = await page
        .getByText("is the word of the week")
        .evaluate((p) => Number.parseFloat(getComputedStyle(p).fontSize));
      expect(fontSize).toBeGreaterThanOrEqual(16);
    } finally {
      await page.context().close();
    }
  });

  it.each([600, 1024])("keeps its column at 600 px on a %i px wide screen", async (width) => {
    const page = await openNewsletter(width);
    try {
      for (const part of ["table.column", "table.column-footer"]) {
        const box = await page.locator(part).boundingBox();
        expect(box?.width, part).toBeLessThanOrEqual(600);
        expect(box?.width, part).toBeGreaterThanOrEqual(width >= 648 ? 600 : width - 48);
      }
      const hero = await page.getByRole("img", { name: "The cover" }).boundingBox();
      expect(hero?.width).toBeLessThanOrEqual(600);
    } finally {
      await page.context().close();
    }
  });

  it.each(["light", "dark"] as const)(
    "keeps every text readable in a %s colour scheme",
    async (scheme) => {
      const page = await openNewsletter(360, scheme);
      try {
        const texts = {
          title: page.getByRole("heading", { level: 1 }),
          paragraph: page.getByText("is the word of the week"),
          link: page.getByRole("link", { name: "See it on the Marketplace" }),
          button: page.getByRole("link", { name: "Read on the site" }),
          footer: page.getByText("You get this e-mail because"),
          brand: page.getByRole("link", { name: "Override Studios" }),
        };
        // Clients that honour the scheme get the dark design; the rest invert the light one.
        const column = await page
          .locator("table.column")
          .evaluate((table) => getComputedStyle(table).backgroundColor);
        expect(column).toBe(scheme === "dark" ? "rgb(39, 39, 42)" : "rgb(255, 255, 255)");
        for (const [name, text] of Object.entries(texts)) {
          expect(await contrastOf(text), `${name} in ${scheme}`).toBeGreaterThanOrEqual(4.5);
        }
      } finally {
        await page.context().close();
      }
    },
  );
});

/**
 * The contrast ratio (WCAG) of an element's text colour against the first opaque background
 * behind it, walking up from the element.
 */
function contrastOf(text: ReturnType<Page["locator"]>): Promise<number> {
  return text.evaluate((element) => {
    const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const [lr, lg, lb] = [r, g, b].map((c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * (lr ?? 0) + 0.7152 * (lg ?? 0) + 0.0722 * (lb ?? 0);
    };
    let background = [255, 255, 255];
    for (let at: Element | null = element; at; at = at.parentElement) {
      const [r, g, b, a = 1] = rgb(getComputedStyle(at).backgroundColor);
      if (a === 1 && r !== undefined) {
        background = [r, g ?? 0, b ?? 0];
        break;
      }
    }
    const fore = luminance(rgb(getComputedStyle(element).color));
    const back = luminance(background);
    return (Math.max(fore, back) + 0.05) / (Math.min(fore, back) + 0.05);
  });
}
