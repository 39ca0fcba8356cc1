import type { Locator, Page } from "@playwright/test";
import { BUILT_IN_VIDEOS } from "#app/routes/site/videos/built-in-videos.ts";
import { formatCount } from "#common/format.ts";
import { imageSrc } from "#common/images.ts";
import type { Post } from "#common/types/post.ts";
import { parseYouTubeId } from "#common/youtube.ts";
import { loadConfig } from "#server/config/env.server.ts";
import {
  DESKTOP,
  expect,
  expectNoSeriousA11yViolations,
  hasHorizontalScroll,
  MOBILE,
  test,
} from "./fixtures.ts";
import { type OwnServer, startOwnServer } from "./own-server.ts";

/** The channel the e2e server links to: its configuration, read the way the server reads it. */
function channelUrl(): string {
  return loadConfig({ ...process.env, DATA_DIR: process.env.E2E_DATA_DIR }).siteDefaults
    .videoChannelUrl;
}

/** The playable YouTube posts the API publishes, newest first (its own order). */
async function publishedVideos(request: import("@playwright/test").APIRequestContext) {
  const posts: Post[] = await (await request.get("/api/posts/published")).json();
  return posts
    .filter((post) => post.category === "youtube")
    .map((post) => ({ post, videoId: parseYouTubeId(post.youtubeUrl) }))
    .filter((entry): entry is { post: Post; videoId: string } => entry.videoId !== null);
}

function videoCards(page: Page): Locator {
  return page.getByRole("region", { name: /videos$/ }).locator('[data-slot="card"]');
}

/** The embedded players that have an address, so load (or play) a video. */
function loadedPlayers(page: Page): Locator {
  return page.locator("iframe[src]");
}

/** Every request the page makes to YouTube's privacy-enhanced player, from now on. */
function recordPlayerRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).hostname === "www.youtube-nocookie.com") urls.push(request.url());
  });
  return urls;
}

/** Every script the page downloads from now on, by URL. */
function recordScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") urls.push(response.url());
  });
  return urls;
}

/** The site script's files: all a page React does not hydrate downloads. */
const SITE_SCRIPT = /\/assets\/(?:main\.client|site-script)-[\w-]+\.js$/;

/** Text as React writes it into HTML. */
function htmlText(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");
}

test.describe("videos page", () => {
  test("lists the published YouTube posts, newest first, as playable cards", async ({
    page,
    request,
  }) => {
    const expected = await publishedVideos(request);
    expect(expected.length, "the demo content has YouTube posts").toBeGreaterThan(0);
    await page.goto("/videos");
    await expect(page).toHaveTitle(/^Videos \| /);
    await expect(page.getByRole("heading", { level: 1, name: "Videos" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Latest videos" })).toBeVisible();

    const cards = videoCards(page);
    await expect(cards).toHaveCount(expected.length);
    for (const [i, { post }] of expected.entries()) {
      const card = cards.nth(i);
      await expect(card.getByRole("heading", { level: 3 })).toHaveText(post.title);
      await expect(
        card.getByRole("button", { name: `Play ${post.title}`, exact: true }),
      ).toBeVisible();
      await expect(card.getByRole("link", { name: /Read the post/ })).toHaveAttribute(
        "href",
        `/blog/${post.slug}`,
      );
      // The featured image when there is one, else YouTube's thumbnail.
      const thumbnail = card.locator("img");
      const src =
        imageSrc(post.featuredImage) ??
        `https://i.ytimg.com/vi/${parseYouTubeId(post.youtubeUrl)}/hqdefault.jpg`;
      await expect(thumbnail).toHaveAttribute("src", src);
      await expect(thumbnail).toHaveAttribute("width", /\d+/);
      await expect(thumbnail).toHaveAttribute("height", /\d+/);
    }
    // A post does not say how long its video is, so its card shows no duration.
    await expect(page.locator('[data-slot="video-duration"]')).toHaveCount(0);
    await expect(page.getByText("No videos available")).toHaveCount(0);
  });

  test("links to the channel, its subscribe page and more videos in a new tab", async ({
    page,
  }) => {
    const channel = channelUrl();
    await page.goto("/videos");
    const links = {
      "Visit YouTube Channel": channel,
      Subscribe: `${channel}?sub_confirmation=1`,
      "View More": channel,
    };
    for (const [name, href] of Object.entries(links)) {
      const link = page.getByRole("link", { name, exact: true });
      await expect(link).toHaveAttribute("href", href);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
  });

  for (const viewport of [DESKTOP, MOBILE]) {
    test(`Play opens a full-screen player that the Close button closes, at ${viewport.width}px`, async ({
      page,
      request,
    }) => {
      const [first] = await publishedVideos(request);
      if (!first) throw new Error("no YouTube post to play");
      await page.setViewportSize(viewport);
      const playerRequests = recordPlayerRequests(page);
      await page.goto("/videos");
      // No YouTube player loads with the page: only the one the visitor plays.
      await expect(loadedPlayers(page)).toHaveCount(0);
      expect(playerRequests).toEqual([]);
      const play = page.getByRole("button", { name: `Play ${first.post.title}`, exact: true });
      await play.click();

      const player = page.getByRole("dialog", { name: first.post.title });
      await expect(player).toBeVisible();
      await expect(player).toHaveAccessibleDescription(
        "Video player. Press Escape or the Close button to return to the videos.",
      );
      const frame = player.locator("iframe");
      const address = `https://www.youtube-nocookie.com/embed/${first.videoId}?autoplay=1`;
      await expect(frame).toHaveAttribute("src", address);
      await expect(frame).toHaveAttribute("title", first.post.title);
      await expect(loadedPlayers(page)).toHaveCount(1);
      await expect.poll(() => playerRequests).toEqual([address]);
      expect(await player.boundingBox()).toEqual({
        x: 0,
        y: 0,
        width: viewport.width,
        height: viewport.height,
      });
      await expectNoSeriousA11yViolations(page);

      await player.getByRole("button", { name: "Close", exact: true }).click();
      await expect(player).toHaveCount(0);
      // The video stops: no player keeps its address.
      await expect(loadedPlayers(page)).toHaveCount(0);
      await expect(play).toBeFocused();
    });
  }

  test("the page behind an open player does not scroll, and scrolls again once it closes", async ({
    page,
    request,
  }) => {
    const [first] = await publishedVideos(request);
    if (!first) throw new Error("no YouTube post to play");
    // Short enough for the page to scroll at any number of videos.
    await page.setViewportSize({ width: DESKTOP.width, height: 400 });
    await page.goto("/videos");
    const scrollY = () => page.evaluate(() => window.scrollY);
    const play = page.getByRole("button", { name: `Play ${first.post.title}`, exact: true });
    // Play in view in the middle of the page, so that it can scroll both ways from there.
    await play.evaluate((button) => button.scrollIntoView({ block: "center" }));
    await page.evaluate(() => window.scrollBy(0, -40));
    const at = await scrollY();
    expect(at).toBeGreaterThan(0);
    await play.click();
    const player = page.getByRole("dialog", { name: first.post.title });
    await expect(player).toBeVisible();
    expect(await scrollY()).toBe(at);

    // The wheel over the player's title bar (the pointer moved there: hovering the heading
    // would scroll it into view), and the keyboard: the page stays where it was.
    await page.mouse.move(DESKTOP.width / 3, 20);
    await page.mouse.wheel(0, 600);
    await page.keyboard.press("PageDown");
    await page.waitForTimeout(300);
    expect(await scrollY()).toBe(at);

    await player.getByRole("button", { name: "Close", exact: true }).click();
    await expect(player).toHaveCount(0);
    await page.mouse.wheel(0, -300);
    await expect.poll(scrollY).toBeLessThan(at);
  });

  test("Escape closes the player, and the keyboard alone can play a video", async ({
    page,
    request,
  }) => {
    const videos = await publishedVideos(request);
    const last = videos.at(-1);
    if (!last) throw new Error("no YouTube post to play");
    await page.goto("/videos");
    const play = page.getByRole("button", { name: `Play ${last.post.title}`, exact: true });
    await play.focus();
    await page.keyboard.press("Enter");
    const player = page.getByRole("dialog", { name: last.post.title });
    await expect(player).toBeVisible();
    await expect(player.locator("iframe")).toHaveAttribute(
      "src",
      `https://www.youtube-nocookie.com/embed/${last.videoId}?autoplay=1`,
    );
    // The player takes the focus, so Escape reaches it at once.
    await expect(player.getByRole("button", { name: "Close", exact: true })).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(player).toHaveCount(0);
    await expect(loadedPlayers(page)).toHaveCount(0);
    await expect(play).toBeFocused();

    // Played again, the video starts again.
    await page.keyboard.press("Enter");
    await expect(player.locator("iframe")).toHaveAttribute(
      "src",
      `https://www.youtube-nocookie.com/embed/${last.videoId}?autoplay=1`,
    );
    await page.keyboard.press("Escape");
    await expect(player).toHaveCount(0);
    await expect(loadedPlayers(page)).toHaveCount(0);
  });

  test("a player closed and the Back button pressed does not bring the video back", async ({
    page,
    request,
  }) => {
    const [first] = await publishedVideos(request);
    if (!first) throw new Error("no YouTube post to play");
    await page.goto("/");
    await page.goto("/videos");
    const historyLength = await page.evaluate(() => history.length);
    const play = page.getByRole("button", { name: `Play ${first.post.title}`, exact: true });
    await play.click();
    const player = page.getByRole("dialog", { name: first.post.title });
    await expect(player.locator("iframe")).toHaveAttribute("src", /youtube-nocookie/);
    await player.getByRole("button", { name: "Close", exact: true }).click();
    await expect(player).toHaveCount(0);
    // Closing the player left no step of its own in the history: Back leaves the page.
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    await page.goBack();
    await expect(page).toHaveURL("/");
  });

  test("a click anywhere on a card plays its video", async ({ page, request }) => {
    const [first] = await publishedVideos(request);
    if (!first) throw new Error("no YouTube post to play");
    await page.goto("/videos");
    await videoCards(page)
      .first()
      .click({ position: { x: 40, y: 40 } });
    await expect(page.getByRole("dialog", { name: first.post.title })).toBeVisible();
  });

  test("is a page React does not hydrate: finished HTML and the site script, which runs the player", async ({
    page,
    request,
  }) => {
    const expected = await publishedVideos(request);
    const scripts = recordScripts(page);
    await page.goto("/videos");
    await expect(videoCards(page)).toHaveCount(expected.length);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => !SITE_SCRIPT.test(url))).toEqual([]);
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    // The site script plays the videos.
    const [first] = expected;
    await page.getByRole("button", { name: `Play ${first?.post.title}`, exact: true }).click();
    await expect(page.getByRole("dialog", { name: first?.post.title })).toBeVisible();
  });

  test("a link from another page of the site loads the videos as a page of its own", async ({
    page,
    request,
  }) => {
    const expected = await publishedVideos(request);
    await page.goto("/");
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = "home page";
    });
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "YouTube" })
      .click();
    await expect(page).toHaveURL("/videos");
    await expect(videoCards(page)).toHaveCount(expected.length);
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    expect(
      await page.evaluate(() => ({
        marker: (window as unknown as { marker?: string }).marker,
        router: "__reactRouterContext" in window,
      })),
    ).toEqual({ marker: undefined, router: false });
  });

  test("the server-rendered HTML carries the page's main text and every video", async ({
    request,
  }) => {
    const expected = await publishedVideos(request);
    const response = await request.get("/videos");
    expect(response.status()).toBe(200);
    const html = await response.text();
    for (const text of [
      "Videos",
      "Latest videos",
      "Visit YouTube Channel",
      "Subscribe",
      "View More",
    ]) {
      expect(html).toContain(text);
    }
    for (const { post, videoId } of expected) {
      expect(html).toContain(htmlText(post.title));
      // Each video's player is there, closed, its address kept for when it opens.
      expect(html).toContain(
        `data-video-src="https://www.youtube-nocookie.com/embed/${videoId}?autoplay=1"`,
      );
    }
    expect(html).not.toMatch(/<iframe[^>]* src=/);
    expect(html).toMatch(/<title>Videos \| [^<]+<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
  });

  test("shows every video without JavaScript", async ({ browser, request, baseURL }) => {
    const expected = await publishedVideos(request);
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    try {
      const page = await context.newPage();
      await page.goto("/videos");
      const cards = videoCards(page);
      await expect(cards).toHaveCount(expected.length);
      await expect(cards.first().getByRole("heading", { level: 3 })).toHaveText(
        expected[0]?.post.title ?? "",
      );
      await expect(loadedPlayers(page)).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  for (const viewport of [DESKTOP, MOBILE]) {
    test(`has no serious accessibility violations and no sideways scroll at ${viewport.width}px`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto("/videos");
      await expect(videoCards(page).first()).toBeVisible();
      expect(await hasHorizontalScroll(page)).toBe(false);
      await expectNoSeriousA11yViolations(page);
    });
  }
});

test.describe("videos page without YouTube posts", () => {
  let server: OwnServer;
  test.beforeAll(async () => {
    server = await startOwnServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("shows the studio's three featured videos with duration and views", async ({ page }) => {
    await page.goto(`${server.url}/videos`);
    await expect(page.getByRole("heading", { level: 2, name: "Featured videos" })).toBeVisible();
    const cards = videoCards(page);
    await expect(cards).toHaveCount(BUILT_IN_VIDEOS.length);
    for (const [i, video] of BUILT_IN_VIDEOS.entries()) {
      const card = cards.nth(i);
      await expect(card.getByRole("heading", { level: 3 })).toHaveText(video.title);
      await expect(card.locator('[data-slot="video-duration"]')).toHaveText(
        `Duration ${video.duration}`,
      );
      await expect(card.getByText(`${formatCount(video.viewCount)} views`)).toBeVisible();
      await expect(card.getByText(video.description)).toBeVisible();
      // Outside images are blocked here, so each thumbnail gives way to a placeholder.
      await expect(card.locator("img")).toBeHidden();
      await expect(card.locator("[data-fallback]")).toBeVisible();
      await expect(card.getByRole("link", { name: /Read the post/ })).toHaveCount(0);
    }
    await cards
      .nth(1)
      .getByRole("button", { name: `Play ${BUILT_IN_VIDEOS[1]?.title}` })
      .click();
    const player = page.getByRole("dialog", { name: BUILT_IN_VIDEOS[1]?.title });
    await expect(player.locator("iframe")).toHaveAttribute(
      "src",
      `https://www.youtube-nocookie.com/embed/${BUILT_IN_VIDEOS[1]?.id}?autoplay=1`,
    );
    await page.keyboard.press("Escape");
    await expect(player).toHaveCount(0);
    await expect(loadedPlayers(page)).toHaveCount(0);
    await expect(page.getByText("No videos available")).toHaveCount(0);
  });

  test("its server-rendered HTML lists the featured videos", async ({ request }) => {
    const html = await (await request.get(`${server.url}/videos`)).text();
    expect(html).toContain("Featured videos");
    for (const video of BUILT_IN_VIDEOS) expect(html).toContain(htmlText(video.title));
  });
});
