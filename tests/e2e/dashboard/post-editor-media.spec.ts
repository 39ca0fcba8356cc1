import sharp from "sharp";
import { expect, signInAs, test } from "#tests/e2e/fixtures.ts";
import { startOwnServer } from "#tests/e2e/own-server.ts";
import { FAKE_VIDEOS, startFakeYouTube } from "#tests/fakes/youtube-server.ts";
import {
  contentArea,
  expectSaved,
  fillBasics,
  openEditor,
  staffPostTitled,
  toast,
  uniqueTitle,
  visitorPage,
} from "./editor-helpers.ts";

// The editor's featured image upload and YouTube auto-fill (docs/product/editor.md#editor,
// docs/product/content-model.md#images, docs/product/editor.md#youtube-auto-fill).

/** A real PNG, 1200 x 630 like the size the editor recommends. */
function featuredPng(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 630, channels: 3, background: "#16a34a" } })
    .png()
    .toBuffer();
}

test.describe("featured image", () => {
  test("an uploaded image is previewed, saved as a file and shown on the public page", async ({
    page,
    browser,
    createStaff,
  }) => {
    test.slow();
    await signInAs(page, await createStaff());
    await openEditor(page);
    const title = uniqueTitle("With a picture");
    await fillBasics(page, title);
    const input = page.getByLabel("Featured image");
    await expect(input).toHaveAttribute("accept", /\.png,\.jpg,\.jpeg/);
    await expect(page.getByText("Recommended size: 1200x630 px.")).toBeVisible();

    await input.setInputFiles({
      name: "citadel.png",
      mimeType: "image/png",
      buffer: await featuredPng(),
    });
    const preview = page.getByRole("img", { name: `Featured image of ${title}` });
    await expect(preview).toHaveAttribute("src", /^\/uploads\/[0-9a-f]{32}\.png$/);
    await expect(page.getByLabel("Upload progress")).toHaveCount(0);
    await page.getByLabel("Image description (alt text)").fill("The citadel at dusk");
    await expect(page.getByRole("img", { name: "The citadel at dusk" })).toBeVisible();

    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expectSaved(page, "Content created successfully!");
    const saved = await staffPostTitled(page, title);
    expect(saved.featuredImage).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(saved.featuredImageAlt).toBe("The citadel at dusk");

    const visitor = await visitorPage(browser);
    // The page shows one of the AVIF variants made at upload (the browser takes AVIF first).
    const stem = String(saved.featuredImage).replace(/\.png$/, "");
    const variant = new RegExp(`/uploads/${stem}-\\d+w\\.avif$`);
    const imageResponse = visitor.waitForResponse((response) => variant.test(response.url()));
    await visitor.goto(`/blog/${saved.slug}`);
    const image = visitor.getByRole("img", { name: "The citadel at dusk" });
    await expect(image).toHaveAttribute("src", `/uploads/${saved.featuredImage}`);
    expect((await imageResponse).headers()["content-type"]).toBe("image/avif");
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(variant);
    await visitor.context().close();
  });

  test("the image can be removed again", async ({ page, createStaff }) => {
    await signInAs(page, await createStaff());
    await openEditor(page);
    await page.getByLabel("Title", { exact: true }).fill("Removable");
    await page.getByLabel("Featured image").setInputFiles({
      name: "x.png",
      mimeType: "image/png",
      buffer: await featuredPng(),
    });
    await expect(page.getByRole("img", { name: "Featured image of Removable" })).toBeVisible();
    await page.getByRole("button", { name: "Remove image" }).click();
    await expect(page.getByRole("img", { name: "Featured image of Removable" })).toHaveCount(0);
    await expect(page.getByLabel("Image description (alt text)")).toHaveCount(0);
  });

  test.describe("a file that is not an image", () => {
    test.use({ allowedConsoleErrors: [/^Failed to upload image/] });

    test("is refused, and the server's reason shows by the input", async ({
      page,
      createStaff,
    }) => {
      await signInAs(page, await createStaff());
      await openEditor(page);
      const logged = page.waitForEvent(
        "console",
        (message) =>
          message.type() === "error" && message.text().startsWith("Failed to upload image"),
      );
      await page.getByLabel("Featured image").setInputFiles({
        name: "notes.png",
        mimeType: "image/png",
        buffer: Buffer.from("These are notes, not a picture."),
      });
      await logged;
      const reason = page.getByRole("alert").filter({
        hasText: "Only PNG and JPEG images can be uploaded.",
      });
      await expect(reason).toBeVisible();
      await expect(page.getByLabel("Featured image")).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByRole("button", { name: "Remove image" })).toHaveCount(0);
    });
  });
});

test.describe("YouTube auto-fill", () => {
  test("a lookup that fails falls back to 'YouTube Video - {id}' with the standard thumbnail", async ({
    page,
    createStaff,
  }) => {
    await signInAs(page, await createStaff());
    // The e2e server's YouTube address is a closed local port: every lookup fails.
    await openEditor(page, "?category=youtube");
    await expect(page.getByLabel("Category")).toHaveValue("youtube");
    await page.getByLabel("YouTube URL").fill("https://youtu.be/dQw4w9WgXcQ");
    await expect(toast(page, "Basic Info Set")).toContainText(
      "Set basic video info. Please add title and description manually.",
    );
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(
      "YouTube Video - dQw4w9WgXcQ",
    );
    await expect(page.getByLabel("Slug")).toHaveValue("youtube-video-dqw4w9wgxcq");
    const editor = contentArea(page);
    await expect(editor.locator("img")).toHaveAttribute(
      "src",
      "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
    );
    await expect(editor.getByRole("link", { name: "Watch on YouTube" })).toHaveAttribute(
      "href",
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    );
  });

  test("an address that names no video says the details must be entered by hand", async ({
    page,
    createStaff,
  }) => {
    await signInAs(page, await createStaff());
    await openEditor(page, "?category=youtube");
    await page.getByLabel("YouTube URL").fill("https://vimeo.com/123456");
    await expect(toast(page, "Error")).toContainText(
      "Failed to fetch video information. Please enter details manually.",
    );
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");
  });

  test.describe("against a server that reaches a stand-in for YouTube", () => {
    // The stand-in serves thumbnails over plain http on 127.0.0.1, which the page's CSP (https
    // images only, as YouTube's are) refuses to show inside the editor.
    test.use({ allowedConsoleErrors: [/^Loading the image .* violates .*"img-src/] });

    test("a video's details fill the title, excerpt, content and featured image", async ({
      page,
    }) => {
      test.slow();
      const youtube = await startFakeYouTube();
      const server = await startOwnServer({
        ...youtube.env,
        ADMIN_EMAIL: "owner@example.com",
        ADMIN_PASSWORD: "a long owner password",
      });
      try {
        const response = await page.request.post(`${server.url}/api/auth/sign-in/email`, {
          data: { email: "owner@example.com", password: "a long owner password" },
          headers: { origin: server.url },
        });
        expect(response.status()).toBe(200);
        await page.goto(`${server.url}/dashboard/create?category=youtube`);
        await expect(contentArea(page)).toBeVisible();
        await page
          .getByLabel("YouTube URL")
          .fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s");
        await expect(toast(page, "Video Info Loaded")).toContainText(
          "YouTube video details have been automatically populated.",
        );
        const video = FAKE_VIDEOS.dQw4w9WgXcQ;
        if (!video) throw new Error("the fake has no such video");
        await expect(page.getByLabel("Title", { exact: true })).toHaveValue(video.title);
        await expect(page.getByLabel("Excerpt")).toHaveValue(video.description);
        const editor = contentArea(page);
        await expect(editor.getByRole("heading", { level: 2 })).toHaveText(video.title);
        await expect(editor).toContainText('Out now on the "Marketplace" <3');
        await expect(editor.getByRole("link", { name: "Watch on YouTube" })).toBeVisible();
        await expect(
          page.getByRole("img", { name: `Featured image of ${video.title}` }),
        ).toHaveAttribute("src", /^data:image\/jpeg;base64,/);

        await page.getByRole("button", { name: "Publish", exact: true }).click();
        await expect(page).toHaveURL(`${server.url}/dashboard/posts`);
        await expect(toast(page, "Content created successfully!")).toBeVisible();
        const posts = (await (await page.request.get(`${server.url}/api/posts`)).json()) as {
          title: string;
          featuredImage: string | null;
          youtubeUrl: string | null;
        }[];
        const saved = posts.find((post) => post.title === video.title);
        // The thumbnail sent as a data: URL is stored as an uploaded file.
        expect(saved?.featuredImage).toMatch(/^[0-9a-f]{32}\.jpg$/);
        expect(saved?.youtubeUrl).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s");
        expect(youtube.requests.some((path) => path.startsWith("/oembed"))).toBe(true);
      } finally {
        // Off the server's pages first: a page left open keeps asking it for route manifests.
        await page.goto("about:blank");
        await server.stop();
        await youtube.close();
      }
    });
  });
});
