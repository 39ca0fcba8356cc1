import type { APIRequestContext, Page } from "@playwright/test";
import type { Post } from "#common/types/post.ts";
import { expect, MOBILE, test } from "./fixtures.ts";

// Images and fonts of the public pages, as a browser gets them: every image has its shape
// (width and height) and, when it is an uploaded file, AVIF and WebP variants to choose from by
// size; the largest image of a page is preloaded, the others wait until they are near; fonts are
// preloaded and nothing moves while the page loads.

/** The address of a published post with a featured image (the demo content has several). */
async function postWithImage(request: APIRequestContext): Promise<string> {
  const response = await request.get("/api/posts/published?limit=50");
  const post = ((await response.json()) as Post[]).find((p) => p.featuredImage);
  if (!post) throw new Error("the demo content has a published post with a featured image");
  return `/blog/${post.slug}`;
}

type ImageFacts = {
  src: string;
  width: string | null;
  height: string | null;
  loading: string | null;
  fetchPriority: string | null;
  inPicture: boolean;
  sources: { type: string | null; srcset: string | null; sizes: string | null }[];
};

/** What each image of the page's main content and header says about itself. */
function imagesOf(page: Page): Promise<ImageFacts[]> {
  return page.locator("body img").evaluateAll((images) =>
    (images as HTMLImageElement[]).map((img) => {
      const picture = img.parentElement?.tagName === "PICTURE" ? img.parentElement : null;
      return {
        src: img.getAttribute("src") ?? "",
        width: img.getAttribute("width"),
        height: img.getAttribute("height"),
        loading: img.getAttribute("loading"),
        fetchPriority: img.getAttribute("fetchpriority"),
        inPicture: picture !== null,
        sources: [...(picture?.querySelectorAll("source") ?? [])].map((source) => ({
          type: source.getAttribute("type"),
          srcset: source.getAttribute("srcset"),
          sizes: source.getAttribute("sizes"),
        })),
      };
    }),
  );
}

const UPLOADED = /^\/uploads\/[\w-]+\.(?:png|jpe?g)$/;

test.describe("images on public pages", () => {
  for (const path of ["/", "/studio", "/news", "/apps", "/videos", "{post}"]) {
    test(`${path}: every image has width and height; uploaded ones have AVIF and WebP srcset with sizes`, async ({
      page,
      request,
    }) => {
      await page.goto(path === "{post}" ? await postWithImage(request) : path);
      const images = await imagesOf(page);
      if (path !== "/") expect(images.length, "images on the page").toBeGreaterThan(0);
      for (const image of images) {
        expect(Number(image.width), image.src).toBeGreaterThan(0);
        expect(Number(image.height), image.src).toBeGreaterThan(0);
        if (!UPLOADED.test(image.src)) continue;
        expect(image.inPicture, image.src).toBe(true);
        expect(image.sources.map((s) => s.type)).toEqual(["image/avif", "image/webp"]);
        const stem = image.src.replace(/^\/uploads\//, "").replace(/\.\w+$/, "");
        for (const source of image.sources) {
          const format = source.type?.replace("image/", "");
          expect(source.srcset, image.src).toBe(
            [480, 960, 1440].map((w) => `/uploads/${stem}-${w}w.${format} ${w}w`).join(", "),
          );
          expect(source.sizes, image.src).toBeTruthy();
        }
      }
    });
  }

  test("the post's featured image is preloaded with high priority; list images after the first row load lazily", async ({
    page,
    request,
  }) => {
    await page.goto(await postWithImage(request));
    const featured = (await imagesOf(page)).find((image) => UPLOADED.test(image.src));
    expect(featured).toMatchObject({ fetchPriority: "high", loading: "eager" });
    const preload = page.locator('head link[rel="preload"][as="image"]');
    await expect(preload).toHaveCount(1);
    await expect(preload).toHaveAttribute("fetchpriority", "high");
    await expect(preload).toHaveAttribute("imagesrcset", featured?.sources[0]?.srcset ?? "-");
    await expect(preload).toHaveAttribute("imagesizes", featured?.sources[0]?.sizes ?? "-");

    await page.goto("/studio");
    const covers = (await imagesOf(page)).filter((image) => UPLOADED.test(image.src));
    expect(covers.length).toBeGreaterThan(3);
    expect(covers[0]).toMatchObject({ fetchPriority: "high", loading: "eager" });
    expect(covers.slice(1, 3).map((c) => c.loading)).toEqual(["eager", "eager"]);
    expect(new Set(covers.slice(3).map((c) => c.loading))).toEqual(new Set(["lazy"]));
    await expect(page.locator('head link[rel="preload"][as="image"]')).toHaveAttribute(
      "imagesrcset",
      covers[0]?.sources[0]?.srcset ?? "-",
    );
  });

  test("the browser downloads the AVIF variant at the width it needs, served as image/avif", async ({
    page,
  }) => {
    const images: { url: string; type: string | undefined }[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname.startsWith("/uploads/")) {
        images.push({ url: response.url(), type: response.headers()["content-type"] });
      }
    });
    await page.setViewportSize(MOBILE);
    await page.goto("/studio");
    await expect.poll(() => images.length).toBeGreaterThan(0);
    for (const image of images) {
      expect(image.url).toMatch(/-(?:480|960)w\.avif$/);
      expect(image.type, image.url).toBe("image/avif");
    }

    const [first] = images;
    const webp = await page.request.get((first?.url ?? "").replace(/\.avif$/, ".webp"));
    expect(webp.status()).toBe(200);
    expect(webp.headers()["content-type"]).toBe("image/webp");
  });
});

test.describe("card icons", () => {
  for (const path of ["/studio", "/apps"]) {
    test(`${path}: the cards' icons are drawn from the page's one sprite, placeholders too`, async ({
      page,
    }) => {
      // Every image fails, so each card's hidden placeholder icon is shown as well.
      await page.setViewportSize({ width: 1280, height: 6000 });
      await page.route("**/uploads/**", (route) => route.fulfill({ status: 404, body: "" }));
      await page.goto(path);
      const placeholders = page.locator('[data-slot="image-placeholder"]');
      await expect(placeholders.first()).toBeVisible();
      const uses = await page.locator("svg use").evaluateAll((elements) =>
        elements.map((use) => {
          const id = (use.getAttribute("href") ?? "").replace(/^#/, "");
          const box = (use as SVGUseElement).getBoundingClientRect();
          return {
            id,
            definitions: document.querySelectorAll(`[id="${id}"]`).length,
            definedBy: document.getElementById(id)?.tagName ?? null,
            shown: use.closest("[hidden]") === null,
            // The drawing's own extent: zero when the reference leads nowhere.
            drawn: (use as SVGUseElement).getBBox().width,
            width: box.width,
          };
        }),
      );
      expect(uses.length, "icons drawn with <use>").toBeGreaterThan(0);
      expect(uses.map((use) => use.id)).toContain("icon-image-off");
      for (const use of uses) {
        expect(use.definitions, use.id).toBe(1);
        expect(use.definedBy, use.id).toBe("symbol");
        if (!use.shown) continue;
        expect(use.drawn, use.id).toBeGreaterThan(0);
        expect(use.width, use.id).toBeGreaterThan(0);
      }
      // The placeholders' icons are among them, at their size (size-10: 40 px).
      const icon = placeholders.first().locator("svg");
      await expect(icon).toBeVisible();
      expect((await icon.boundingBox())?.width).toBe(40);
    });
  }
});

test.describe("fonts and layout shifts", () => {
  for (const viewport of [MOBILE, { width: 1280, height: 900 }]) {
    test(`the two font files are preloaded and nothing shifts while the home page loads (${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[]) {
            if (!entry.hadRecentInput) shifts.push(entry.value);
          }
        }).observe({ type: "layout-shift", buffered: true });
      });
      await page.goto("/", { waitUntil: "load" });
      const fonts = page.locator('head link[rel="preload"][as="font"]');
      await expect(fonts).toHaveCount(2);
      for (const font of await fonts.all()) {
        await expect(font).toHaveAttribute("type", "font/woff2");
        await expect(font).toHaveAttribute("crossorigin", "anonymous");
        await expect(font).toHaveAttribute("href", /^\/assets\/.+\.woff2$/);
      }
      await page.evaluate(() => document.fonts.ready);
      // Settle: hydration and a few frames.
      await page.waitForTimeout(500);
      const shifts = await page.evaluate(
        () => (window as unknown as { layoutShifts: number[] }).layoutShifts,
      );
      expect(shifts).toEqual([]);
    });
  }
});
