import type { Page } from "@playwright/test";
import { formatShortDate } from "#common/format.ts";
import type { Post } from "#common/types/post.ts";
import { expect, signInAs, test } from "#tests/e2e/fixtures.ts";
import { createPost, fromNow } from "#tests/factories/post.ts";
import { solidImage } from "#tests/helpers/images.ts";
import {
  articleNames,
  expectConfirmation,
  expectPageMatchesApi,
  holdResponses,
  toast,
  uniqueId,
} from "./helpers.ts";

// YouTube Videos (docs/product.md#videos-section): the youtube-category posts with their
// thumbnails.

const videos = (page: Page) => page.getByRole("list", { name: "YouTube Videos", exact: true });

test.describe("youtube videos section", () => {
  test("lists the video posts newest first, with their thumbnails, status and date", async ({
    page,
    createStaff,
    db,
  }) => {
    const employee = await createStaff();
    await signInAs(page, employee);
    // Outside hosts are unreachable in tests; answer the two image hosts with a picture.
    const picture = await solidImage("jpeg", 48, 27);
    for (const host of ["https://i.ytimg.com/**", "https://images.example/**"]) {
      await page.route(host, (route) =>
        route.fulfill({ status: 200, contentType: "image/jpeg", body: picture }),
      );
    }
    const id = uniqueId();
    const fromUrl = await createPost(db, {
      title: `Build Along ${id}`,
      category: "youtube",
      status: "draft",
      youtubeUrl: "https://youtu.be/dQw4w9WgXcQ",
      updatedAt: fromNow(-3 * 24 * 3_600_000 - 60_000),
    });
    const withImage = await createPost(db, {
      title: `Speed Build ${id}`,
      category: "youtube",
      status: "published",
      youtubeUrl: "https://www.youtube.com/watch?v=aBcDeFgHiJk",
      featuredImage: "https://images.example/speed-build.jpg",
    });

    await page.goto("/dashboard/videos");
    await expect(page.getByRole("link", { name: "Add YouTube Video" })).toHaveAttribute(
      "href",
      "/dashboard/create?category=youtube",
    );
    await expectPageMatchesApi(
      page,
      async () => (await (await page.request.get("/api/posts")).json()) as Post[],
      async (posts) => {
        const expected = posts
          .filter((post) => post.category === "youtube")
          .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
          .map((post) => post.title);
        expect(await articleNames(videos(page))).toEqual(expected);
      },
    );

    const draft = videos(page).getByRole("article", { name: fromUrl.title });
    await expect(draft.locator("img")).toHaveAttribute(
      "src",
      "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
    );
    await expect(draft.getByText("draft", { exact: true })).toHaveClass(/text-gold-300/);
    await expect(draft).toContainText("Edited 3 days ago");
    await expect(draft.getByRole("link", { name: /on YouTube \(new tab\)/ })).toHaveAttribute(
      "href",
      "https://youtu.be/dQw4w9WgXcQ",
    );

    const published = videos(page).getByRole("article", { name: withImage.title });
    await expect(published.locator("img")).toHaveAttribute(
      "src",
      "https://images.example/speed-build.jpg",
    );
    await expect(published.getByText("published", { exact: true })).toHaveClass(/text-grass-300/);
    await expect(published).toContainText(`Published ${formatShortDate(withImage.publishedAt)}`);

    await published.getByRole("button", { name: `Edit ${withImage.title}` }).click();
    await expect(page).toHaveURL(`/dashboard/create?id=${withImage.id}&type=post`);
  });

  test("deleting a video asks first, then removes it", async ({ page, createStaff, db }) => {
    const admin = await createStaff({ role: "admin" });
    await signInAs(page, admin);
    const post = await createPost(db, {
      title: `Old Trailer ${uniqueId()}`,
      category: "youtube",
      youtubeUrl: "https://www.youtube.com/shorts/aBcDeFgHiJk",
    });
    await page.goto("/dashboard/videos");
    const card = videos(page).getByRole("article", { name: post.title });
    await card.getByRole("button", { name: `Delete ${post.title}` }).click();
    const dialog = await expectConfirmation(
      page,
      `Are you sure you want to delete "${post.title}"? This action cannot be undone.`,
    );
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "status", "Post deleted")).toContainText(
      "The post has been successfully deleted.",
    );
    await expect(card).toHaveCount(0);
    expect((await page.request.get(`/api/posts/${post.id}`)).status()).toBe(404);
  });

  test("shows placeholder cards while the posts load", async ({ page, createStaff }) => {
    const employee = await createStaff();
    await signInAs(page, employee);
    const release = await holdResponses(page, "**/api/posts");
    await page.goto("/dashboard/videos");
    const placeholders = page
      .getByRole("list", { name: "YouTube Videos (loading)" })
      .locator('[data-slot="skeleton-card"]');
    await expect(placeholders).toHaveCount(6);
    release();
    await expect(videos(page).getByRole("article").first()).toBeVisible();
    await expect(placeholders).toHaveCount(0);
  });
});
