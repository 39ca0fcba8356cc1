import type { APIRequestContext, Page } from "@playwright/test";
import { PACK_TYPE_LABELS } from "#common/constants.ts";
import { formatLongDate, formatShortDate } from "#common/format.ts";
import { imageSrc } from "#common/images.ts";
import type { Post } from "#common/types/post.ts";
import { parseYouTubeId } from "#common/youtube.ts";
import {
  DESKTOP,
  expect,
  expectNoSeriousA11yViolations,
  hasHorizontalScroll,
  MOBILE,
  test,
} from "./fixtures.ts";
import { addPostSpecContent, POST_SPEC_CONTENT } from "./post-content.ts";

const { slugs } = POST_SPEC_CONTENT;
const HOSTILE_TITLE = POST_SPEC_CONTENT.hostileTitle;

// The setup project has added these posts before any public spec ran; this only fills in what
// is missing when the spec is run without it (--no-deps).
test.beforeAll(async ({ db }) => {
  await addPostSpecContent(db);
});

async function publishedPosts(request: APIRequestContext) {
  return (await (await request.get("/api/posts/published")).json()) as Post[];
}

function isFutureRelease(post: Post) {
  return post.releaseDate !== null && Date.parse(post.releaseDate) > Date.now();
}

/** Text as React writes it into HTML. */
function html(text: string) {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");
}

test.describe("post page", () => {
  test("marketplace content with a future release: every element of the page", async ({
    page,
    request,
    baseURL,
  }) => {
    const post = (await publishedPosts(request)).find(
      (p) =>
        p.category === "marketplace-content" &&
        isFutureRelease(p) &&
        p.youtubeUrl &&
        p.marketplaceUrl &&
        p.featuredImage &&
        p.packType,
    );
    if (!post) throw new Error("the demo content has an upcoming marketplace release");
    await page.goto(`/blog/${post.slug}`);
    const header = page.locator("article header").first();

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
    await expect(header.getByText(post.excerpt ?? "", { exact: true })).toBeVisible();
    await expect(header.getByText("Marketplace", { exact: true })).toBeVisible();
    await expect(
      header.getByText(PACK_TYPE_LABELS[post.packType ?? ""] ?? "", { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Studio" })).toHaveAttribute(
      "href",
      "/studio",
    );

    // The release badge: yellow while the release is still to come.
    const badge = header.getByText(`Releases ${formatShortDate(post.releaseDate)}`, {
      exact: true,
    });
    await expect(badge).toBeVisible();
    await expect(badge).toHaveClass(/gold/);
    await expect(header.getByText(/^Released /)).toHaveCount(0);

    const tags = header.getByRole("list", { name: "Tags" }).getByRole("listitem");
    await expect(tags).toHaveText(post.tags.map((tag) => `#${tag}`));

    const image = page.locator("article img").first();
    await expect(image).toHaveAttribute("src", imageSrc(post.featuredImage) ?? "");
    await expect(image).toHaveAttribute("alt", post.featuredImageAlt || post.title);
    await expect(image).toHaveAttribute("width", "1200");
    await expect(image).toHaveAttribute("height", "630");
    await expect(page.getByText("Featured image not available")).toBeHidden();

    await expect(page.getByRole("heading", { level: 2, name: "Trailer Video" })).toBeVisible();
    const trailer = page.locator("iframe").first();
    await expect(trailer).toHaveAttribute(
      "src",
      `https://www.youtube-nocookie.com/embed/${parseYouTubeId(post.youtubeUrl)}`,
    );
    await expect(trailer).toHaveAttribute("loading", "lazy");
    await expect(trailer).toHaveAttribute("title", /.+/);

    await expect(
      page.getByRole("heading", { level: 2, name: "Available on Minecraft Marketplace" }),
    ).toBeVisible();
    const get = page.getByRole("link", { name: "Get on Marketplace" });
    await expect(get).toHaveAttribute("href", post.marketplaceUrl ?? "");
    await expect(get).toHaveAttribute("target", "_blank");
    await expect(get).toHaveAttribute("rel", "noopener noreferrer");

    // The content, rendered with the post typography.
    const content = page.locator(".prose-post");
    for (const [, heading] of post.content.matchAll(/<h2>([^<]+)<\/h2>/g)) {
      await expect(content.getByRole("heading", { name: heading ?? "" })).toBeVisible();
    }

    const footer = page.locator("article footer");
    await expect(
      footer.getByText(`Published on ${formatLongDate(post.publishedAt ?? post.createdAt)}`),
    ).toBeVisible();
    await expect(footer.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(
      post.tags.map((tag) => `#${tag}`),
    );

    // Share links for {SITE_URL}/blog/{slug}.
    const url = encodeURIComponent(`${baseURL}/blog/${post.slug}`);
    const title = encodeURIComponent(post.title);
    const shares = {
      "Share on X": `https://twitter.com/intent/tweet?url=${url}&text=${title}`,
      "Share on Facebook": `https://www.facebook.com/sharer/sharer.php?u=${url}`,
      "Share on Reddit": `https://www.reddit.com/submit?url=${url}&title=${title}`,
    };
    for (const [name, href] of Object.entries(shares)) {
      const link = page.getByRole("link", { name, exact: true });
      await expect(link).toHaveAttribute("href", href);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
    await expect(page.getByRole("link", { name: "Share on X" })).toContainText("X");
    await expect(page.getByRole("link", { name: "Share on Facebook" })).toContainText("Facebook");
    await expect(page.getByRole("link", { name: "Share on Reddit" })).toContainText("Reddit");
    await expect(page.getByRole("button", { name: "Copy Link" })).toBeVisible();
  });

  test("marketplace content released in the past shows a green 'Released' badge", async ({
    page,
    request,
  }) => {
    const post = (await publishedPosts(request)).find(
      (p) => p.category === "marketplace-content" && p.releaseDate && !isFutureRelease(p),
    );
    if (!post) throw new Error("the demo content has a released marketplace pack");
    await page.goto(`/post/${post.slug}`);
    const header = page.locator("article header").first();
    const badge = header.getByText(`Released ${formatShortDate(post.releaseDate)}`, {
      exact: true,
    });
    await expect(badge).toBeVisible();
    await expect(badge).toHaveClass(/grass/);
    await expect(header.getByText(/^Releases /)).toHaveCount(0);
    await expect(
      header.getByText(PACK_TYPE_LABELS[post.packType ?? ""] ?? post.packType ?? "", {
        exact: true,
      }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Studio" })).toBeVisible();
    if (!post.youtubeUrl) {
      await expect(page.getByRole("heading", { name: "Trailer Video" })).toHaveCount(0);
    }
  });

  test("a pack type without a label is shown as it is", async ({ page }) => {
    await page.goto(`/blog/${slugs.rawPackType}`);
    const header = page.locator("article header").first();
    await expect(header.getByText("persona", { exact: true })).toBeVisible();
    // Without a release date, the publication date is shown.
    await expect(header.getByText(/^Release/)).toHaveCount(0);
  });

  test("a news post: category badge and publication date, no marketplace parts", async ({
    page,
    request,
  }) => {
    const post = (await publishedPosts(request)).find(
      (p) => p.category === "news" && p.featuredImage && p.tags.length > 0,
    );
    if (!post) throw new Error("the demo content has a news post");
    await page.goto(`/blog/${post.slug}`);
    const header = page.locator("article header").first();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
    await expect(header.getByText("News", { exact: true })).toBeVisible();
    await expect(
      header.getByText(formatShortDate(post.publishedAt ?? post.createdAt), { exact: true }),
    ).toBeVisible();
    await expect(header.getByText(/^Release/)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Back to Studio" })).toHaveCount(0);
    await expect(page.getByText("Available on Minecraft Marketplace")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Trailer Video" })).toHaveCount(0);
    for (const label of Object.values(PACK_TYPE_LABELS)) {
      await expect(header.getByText(label, { exact: true })).toHaveCount(0);
    }
    await expect(
      page.getByText(`Published on ${formatLongDate(post.publishedAt ?? post.createdAt)}`),
    ).toBeVisible();
  });

  test("YouTube posts embed their video, whatever form its address has", async ({
    page,
    request,
  }) => {
    const videos = (await publishedPosts(request)).filter(
      (p) => p.category === "youtube" && p.youtubeUrl,
    );
    expect(videos.length).toBeGreaterThan(0);
    for (const post of videos) {
      const id = parseYouTubeId(post.youtubeUrl);
      expect(id, post.youtubeUrl ?? "").toMatch(/^[A-Za-z0-9_-]{11}$/);
      await page.goto(`/blog/${post.slug}`);
      await expect(
        page.locator("article header").getByText("YouTube", { exact: true }),
      ).toBeVisible();
      await expect(page.getByRole("heading", { name: "Trailer Video" })).toBeVisible();
      await expect(page.locator("iframe").first()).toHaveAttribute(
        "src",
        `https://www.youtube-nocookie.com/embed/${id}`,
      );
    }
  });

  test("a missing, draft or future post answers 404 with 'Post Not Found'", async ({
    page,
    request,
  }) => {
    for (const path of [
      "/blog/no-such-post",
      "/post/no-such-post",
      `/blog/${slugs.draft}`,
      `/post/${slugs.draft}`,
      `/blog/${slugs.future}`,
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      const body = await response.text();
      expect(body).toContain("Post Not Found");
      expect(body).toContain(
        html("The post you're looking for doesn't exist or has been removed."),
      );
    }
    const response = await page.goto(`/blog/${slugs.draft}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Post Not Found" })).toBeVisible();
    await expect(
      page.getByText("The post you're looking for doesn't exist or has been removed."),
    ).toBeVisible();
    await expect(page).toHaveTitle(/^Post Not Found/);
    await page.getByRole("link", { name: "Back to News" }).click();
    await expect(page).toHaveURL("/news");
  });

  test("Copy Link copies {SITE_URL}/blog/{slug} and confirms with a toast", async ({
    page,
    request,
    baseURL,
  }) => {
    const post = (await publishedPosts(request))[0];
    if (!post) throw new Error("the demo content has posts");
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "clipboard", {
        configurable: true,
        value: {
          writeText: async (text: string) => {
            (window as unknown as { copied: string }).copied = text;
          },
        },
      });
    });
    await page.goto(`/post/${post.slug}`);
    const dialogs: string[] = [];
    page.on("dialog", async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    await page.getByRole("button", { name: "Copy Link" }).click();
    await expect(
      page.getByRole("region", { name: "Notifications" }).getByRole("status"),
    ).toHaveText("Link copied to clipboard!");
    expect(await page.evaluate(() => (window as unknown as { copied?: string }).copied)).toBe(
      `${baseURL}/blog/${post.slug}`,
    );
    // The page is never stopped by a browser dialog.
    expect(dialogs).toEqual([]);
  });

  test("Copy Link works with the browser's real clipboard", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const post = (await publishedPosts(request))[0];
    if (!post) throw new Error("the demo content has posts");
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await page.goto(`/blog/${post.slug}`);
    await page.getByRole("button", { name: "Copy Link" }).click();
    await expect(
      page.getByRole("region", { name: "Notifications" }).getByRole("status"),
    ).toHaveText("Link copied to clipboard!");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${baseURL}/blog/${post.slug}`,
    );
  });

  test("a featured image that fails to load shows 'Featured image not available'", async ({
    page,
  }) => {
    // Fails at once, possibly before the page is interactive.
    await page.goto(`/blog/${slugs.brokenImage}`);
    await expect(page.getByText("Featured image not available")).toBeVisible();
    await expect(page.locator("article img")).toBeHidden();
  });

  test("a featured image that fails after the page is interactive shows the fallback too", async ({
    page,
  }) => {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The original and its AVIF and WebP variants (the browser picks one of those).
    const stem = POST_SPEC_CONTENT.brokenImageFile.replace(/\.png$/, "");
    await page.route(`**/uploads/${stem}*`, async (route) => {
      await released;
      await route.fulfill({ status: 404, body: "" });
    });
    await page.goto(`/blog/${slugs.brokenImage}`, { waitUntil: "domcontentloaded" });
    const image = page.locator("article img").first();
    await expect(image).toHaveAttribute("alt", POST_SPEC_CONTENT.brokenImageTitle);
    release();
    await expect(page.getByText("Featured image not available")).toBeVisible();
    await expect(page.locator("article img")).toBeHidden();
  });

  test("the server-rendered HTML has the post's text without JavaScript", async ({ request }) => {
    const post = (await publishedPosts(request)).find(
      (p) => p.category === "marketplace-content" && p.marketplaceUrl && p.youtubeUrl,
    );
    if (!post) throw new Error("the demo content has a marketplace post with a trailer");
    for (const path of [`/blog/${post.slug}`, `/post/${post.slug}`]) {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const body = await response.text();
      expect(body).toContain(`>${html(post.title)}</h1>`);
      expect(body).toContain(html(post.excerpt ?? ""));
      expect(body).toContain("Trailer Video");
      expect(body).toContain("Available on Minecraft Marketplace");
      expect(body).toContain("Published on");
      expect(body).toContain('class="prose-post');
      // Content HTML escapes only what it must (&, <, >) in text.
      for (const [, text] of post.content.matchAll(/<(?:h2|li)>([^<]+)<\/(?:h2|li)>/g)) {
        expect(body).toContain(text ?? "");
      }
    }
  });

  test("following a link to a post shows 'Loading post...' until the post, a page of its own, arrives", async ({
    page,
    request,
  }) => {
    const [latest] = (await (await request.get("/api/posts/published?limit=3")).json()) as Post[];
    if (!latest) throw new Error("the demo content has posts");
    // While the browser loads the next document, the test cannot read the page it leaves: the
    // page reports what it shows through the console instead.
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        const main = document.querySelector("main");
        if (!main) return;
        new MutationObserver(() => {
          const status = main.querySelector("[role=status]");
          if (status?.textContent?.includes("Loading post..."))
            console.log("shown: Loading post...");
        }).observe(main, { childList: true, subtree: true });
      });
    });
    const shown: string[] = [];
    page.on("console", (message) => {
      if (message.text().startsWith("shown: ")) shown.push(message.text());
    });
    await page.goto("/");
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The post page is not hydrated (docs/decisions/031-static-public-pages.md): the browser
    // loads it as a document, and the page the link was on shows the loading state meanwhile.
    await page.route(
      (url) => url.pathname === `/blog/${latest.slug}`,
      async (route) => {
        await released;
        await route.continue();
      },
    );
    await page
      .getByRole("region", { name: "Latest Updates" })
      .getByRole("link")
      .filter({ hasText: latest.title })
      .first()
      .click({ noWaitAfter: true });
    await expect.poll(() => shown).toEqual(["shown: Loading post..."]);
    release();
    await expect(page).toHaveURL(`/blog/${latest.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(latest.title);
    await expect(page.getByText("Loading post...")).toHaveCount(0);
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
  });

  test("long tags wrap between words on a 360 px phone", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/blog/${slugs.rawPackType}`);
    // The tags under the title and again in the footer.
    const tags = page.getByRole("list", { name: "Tags" }).getByRole("link");
    const shown = POST_SPEC_CONTENT.longTags.map((tag) => `#${tag}`);
    await expect(tags).toHaveText([...shown, ...shown]);
    // The longer tag takes two lines, and every word of every tag stays whole on its line.
    const lines = await tags.evaluateAll((links) =>
      links.map((link) => {
        const range = document.createRange();
        const broken: string[] = [];
        const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
        for (
          let text = walker.nextNode() as Text | null;
          text;
          text = walker.nextNode() as Text | null
        ) {
          for (const word of text.data.matchAll(/\S+/g)) {
            range.setStart(text, word.index);
            range.setEnd(text, word.index + word[0].length);
            if (range.getClientRects().length > 1) broken.push(word[0]);
          }
        }
        return {
          lines: Math.floor(
            link.getBoundingClientRect().height / parseFloat(getComputedStyle(link).lineHeight),
          ),
          broken,
        };
      }),
    );
    expect(lines.map((tag) => tag.broken)).toEqual([[], [], [], []]);
    expect(lines.map((tag) => tag.lines)).toEqual([2, 1, 2, 1]);
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  for (const viewport of [DESKTOP, MOBILE]) {
    test(`is accessible and fits the screen at ${viewport.width} px`, async ({ page, request }) => {
      // Four pages, each loaded, hydrated and checked by axe: more than one page's time.
      test.slow();
      await page.setViewportSize(viewport);
      const posts = await publishedPosts(request);
      const marketplace = posts.find(
        (p) => p.category === "marketplace-content" && p.youtubeUrl && p.marketplaceUrl,
      );
      const news = posts.find((p) => p.category === "news");
      for (const path of [
        `/blog/${marketplace?.slug}`,
        `/blog/${news?.slug}`,
        `/blog/${slugs.brokenImage}`,
        "/blog/no-such-post",
      ]) {
        await page.goto(path);
        expect(await hasHorizontalScroll(page), path).toBe(false);
        await expectNoSeriousA11yViolations(page);
      }
      await page.goto(`/blog/${marketplace?.slug}`);
      // Share buttons and the marketplace link stay usable on small screens.
      for (const name of [
        "Share on X",
        "Share on Facebook",
        "Share on Reddit",
        "Get on Marketplace",
      ]) {
        await expect(page.getByRole("link", { name })).toBeVisible();
      }
    });
  }
});

test.describe("post page: hostile content stays harmless", () => {
  test("a title like </script><script>… cannot break out of the embedded page data", async ({
    request,
  }) => {
    const response = await request.get(`/blog/${slugs.hostile}`);
    expect(response.status()).toBe(200);
    const body = await response.text();
    expect(body).not.toContain("</script><script>alert(");
    expect(body).not.toContain("<script>alert(");
    expect(body).not.toMatch(/onerror=|onload=|onmouseover=/i);
    expect(body).not.toContain("javascript:alert");
    expect(body).not.toContain("evil.example");
    // The title is in the page as text, and in the JSON-LD with "<" escaped.
    expect(body).toContain(`>${html(HOSTILE_TITLE)}</h1>`);
    const ld = body.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1] ?? "";
    expect(ld).toContain("\\u003c/script\\u003e");
    expect(JSON.parse(ld).headline).toBe(HOSTILE_TITLE);
  });

  test("no script in the title, excerpt, tags or content ever runs", async ({ page }) => {
    const dialogs: string[] = [];
    page.on("dialog", async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    await page.goto(`/blog/${slugs.hostile}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(HOSTILE_TITLE);
    await expect(
      page.locator("article header").getByText("</script><script>alert(2)</script> &"),
    ).toBeVisible();
    const content = page.locator(".prose-post");
    await expect(content.getByText("Safe paragraph survives.")).toBeVisible();
    await expect(content.locator("script, img, svg, iframe, form, button, [style]")).toHaveCount(0);
    await expect(content.getByText("bad link")).toBeVisible();
    await expect(content.locator("a")).toHaveCount(1);
    const outside = content.getByRole("link", { name: "outside" });
    await expect(outside).toHaveAttribute("target", "_blank");
    await expect(outside).toHaveAttribute("rel", "noopener noreferrer");
    await content.getByText("hover me").hover();
    await content.getByText("bad link").click();
    await page.waitForTimeout(300);
    expect(dialogs).toEqual([]);
  });

  test("the page sends a Content-Security-Policy with scripts from the site only and YouTube-only frames", async ({
    page,
    request,
  }) => {
    const post = (await publishedPosts(request)).find((p) => p.youtubeUrl);
    if (!post) throw new Error("the demo content has a post with a video");
    const first = await request.get(`/blog/${post.slug}`);
    const second = await request.get(`/blog/${post.slug}`);
    const csp = first.headers()["content-security-policy"] ?? "";
    const directives = new Map(
      csp.split(";").map((part) => {
        const [name = "", ...values] = part.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    // The page is not hydrated: no inline script of React Router's, only the site script's file
    // (JSON-LD is data, which no policy governs).
    expect(directives.get("script-src")).toEqual(["'self'"]);
    // A page React hydrates (the sign-in page) allows React Router's inline scripts by hash.
    const loginPolicy = (await request.get("/login")).headers()["content-security-policy"] ?? "";
    const loginScripts = loginPolicy.match(/script-src ([^;]+)/)?.[1]?.split(" ") ?? [];
    expect(loginScripts[0]).toBe("'self'");
    expect(loginScripts.length).toBeGreaterThan(1);
    for (const source of loginScripts.slice(1)) {
      expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    }
    expect(
      (await first.text()).match(/<script type="module" src="\/assets\/[^"]+\.js">/g),
    ).toHaveLength(1);
    expect(directives.get("frame-src")?.sort()).toEqual([
      "https://www.youtube-nocookie.com",
      "https://www.youtube.com",
    ]);
    expect(directives.get("object-src")).toEqual(["'none'"]);
    // The same page and policy for everyone: nothing in it is made for one response.
    expect(second.headers()["content-security-policy"]).toBe(csp);
    const body = await first.text();
    expect(await second.text()).toBe(body);
    expect(body).not.toContain("nonce=");

    const violations = await violationsOn(page, `/blog/${post.slug}`);
    expect(violations).toEqual([]);
    await expect(page.locator("iframe").first()).toHaveAttribute(
      "src",
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/[A-Za-z0-9_-]{11}$/,
    );
  });

  test.describe("a script that is not the page's own", () => {
    test.use({ allowedConsoleErrors: [/Content Security Policy/] });

    test("does not run, and the page's own scripts still do", async ({ page }) => {
      // As if content had slipped a script into the page on its way out.
      await page.route("**/blog/*", async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace(
          "</body>",
          "<script>window.smuggled = true</script></body>",
        );
        await route.fulfill({ response, body: html });
      });
      const violations = await violationsOn(page, `/blog/${slugs.hostile}`);
      expect(await page.evaluate(() => "smuggled" in window)).toBe(false);
      expect(violations).toEqual(["script-src-elem inline"]);
    });
  });
});

/**
 * Opens a page (waiting until it is interactive, so its own scripts ran) and answers the
 * Content-Security-Policy violations the browser reported on it, as "directive blocked".
 */
async function violationsOn(page: Page, path: string): Promise<string[]> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
  await page.goto(path);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  return page.evaluate(() => (window as unknown as { violations: string[] }).violations);
}

test.describe("post page: share previews", () => {
  test("title, description, canonical link, Open Graph, Twitter card and JSON-LD", async ({
    request,
    page,
    baseURL,
  }) => {
    const post = (await publishedPosts(request)).find((p) => p.featuredImage && p.excerpt);
    if (!post) throw new Error("the demo content has a post with an image");
    const url = `${baseURL}/blog/${post.slug}`;
    const image = `${baseURL}/uploads/${post.featuredImage}`;
    for (const path of [`/blog/${post.slug}`, `/post/${post.slug}`]) {
      await page.goto(path);
      await expect(page).toHaveTitle(
        new RegExp(`^${post.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
      );
      const head = page.locator("head");
      const meta = (attribute: string, value: string) =>
        head.locator(`meta[${attribute}="${value}"]`);
      await expect(meta("name", "description")).toHaveAttribute("content", post.excerpt ?? "");
      await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", url);
      await expect(meta("property", "og:type")).toHaveAttribute("content", "article");
      await expect(meta("property", "og:title")).toHaveAttribute("content", post.title);
      await expect(meta("property", "og:description")).toHaveAttribute(
        "content",
        post.excerpt ?? "",
      );
      await expect(meta("property", "og:url")).toHaveAttribute("content", url);
      await expect(meta("property", "og:image")).toHaveAttribute("content", image);
      await expect(meta("property", "og:site_name")).toHaveAttribute("content", /.+/);
      await expect(meta("name", "twitter:card")).toHaveAttribute("content", "summary_large_image");
      await expect(meta("name", "twitter:title")).toHaveAttribute("content", post.title);
      await expect(meta("name", "twitter:description")).toHaveAttribute(
        "content",
        post.excerpt ?? "",
      );
      await expect(meta("name", "twitter:image")).toHaveAttribute("content", image);

      const ld = JSON.parse(
        (await head.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
      );
      expect(ld["@type"]).toBe("Article");
      expect(ld.headline).toBe(post.title);
      expect(ld.description).toBe(post.excerpt);
      expect(ld.image).toEqual([image]);
      expect(ld.datePublished).toBe(post.publishedAt ?? post.createdAt);
      expect(ld.dateModified).toBe(post.updatedAt);
      // The author is the byline's person (every demo post has one); the studio publishes.
      expect(ld.author).toEqual({ "@type": "Person", name: expect.any(String) });
      await expect(page.getByText(`By ${ld.author.name}`, { exact: true })).toBeVisible();
      expect(ld.publisher["@type"]).toBe("Organization");
      expect(ld.mainEntityOfPage["@id"]).toBe(url);
    }
  });
});
