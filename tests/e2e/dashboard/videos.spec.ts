import type { Page } from "@playwright/test";
import { formatStaffTime } from "#app/lib/staff-time.ts";
import {
  expect,
  expectNoSeriousA11yViolations,
  MOBILE,
  signInAs,
  test,
} from "#tests/e2e/fixtures.ts";
import { createPost, fromNow } from "#tests/factories/post.ts";
import { solidImage } from "#tests/helpers/images.ts";
import { expectConfirmation, holdResponses, toast, uniqueId } from "./helpers.ts";

// YouTube Videos (docs/product/dashboard.md#videos-section): the youtube-category posts in the
// staff table. Each test tags its posts and looks at that tag, so other specs' videos stay out. And
// what staff publish here on the public videos page (docs/product/public-site.md#videos).

const videos = (page: Page) => page.getByRole("table", { name: "YouTube Videos", exact: true });

test.describe("youtube videos section", () => {
  test.use({ timezoneId: "UTC" });
  test("lists the video posts newest first, with their pictures, status and date", async ({
    page,
    createStaff,
    db,
  }) => {
    const employee = await createStaff();
    await signInAs(page, employee);
    const picture = await solidImage("jpeg", 48, 27);
    await page.route("https://images.example/**", (route) =>
      route.fulfill({ status: 200, contentType: "image/jpeg", body: picture }),
    );
    const id = uniqueId();
    const tags = [`v${id}`];
    const draft = await createPost(db, {
      title: `Build Along ${id}`,
      category: "youtube",
      status: "draft",
      youtubeUrl: "https://youtu.be/dQw4w9WgXcQ",
      tags,
      createdAt: fromNow(-3 * 24 * 3_600_000 - 60_000),
      updatedAt: fromNow(-3 * 24 * 3_600_000 - 60_000),
    });
    const published = await createPost(db, {
      title: `Speed Build ${id}`,
      category: "youtube",
      status: "published",
      youtubeUrl: "https://www.youtube.com/watch?v=aBcDeFgHiJk",
      featuredImage: "https://images.example/speed-build.jpg",
      tags,
    });
    // Not a video: never in this section.
    await createPost(db, { title: `News ${id}`, category: "news", tags });

    await page.goto(`/dashboard/videos?tag=v${id}`);
    await expect(page.getByRole("link", { name: "Add YouTube Video" })).toHaveAttribute(
      "href",
      "/dashboard/create?category=youtube",
    );
    const rows = videos(page).locator("tbody tr");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toHaveAttribute("aria-label", published.title);
    await expect(rows.nth(1)).toHaveAttribute("aria-label", draft.title);

    const draftRow = videos(page).getByRole("row", { name: draft.title });
    await expect(draftRow.getByText("draft", { exact: true })).toHaveClass(/text-gold-300/);
    await expect(draftRow).toContainText("Edited 3 days ago");
    await expect(draftRow.locator("img")).toHaveCount(0);

    const publishedRow = videos(page).getByRole("row", { name: published.title });
    await expect(publishedRow.locator("img")).toHaveAttribute(
      "src",
      "https://images.example/speed-build.jpg",
    );
    await expect(publishedRow.getByText("published", { exact: true })).toHaveClass(
      /text-grass-300/,
    );
    // A staff time: the viewer's clock (this spec's browser is in UTC), with the date.
    await expect(publishedRow).toContainText(
      `Published ${formatStaffTime(published.publishedAt ?? "", "UTC")}`,
    );

    await publishedRow.getByRole("link", { name: published.title }).click();
    await expect(page).toHaveURL(`/dashboard/create?id=${published.id}&type=post`);
  });

  test("deleting a video asks first, then removes it", async ({ page, createStaff, db }) => {
    const admin = await createStaff({ role: "admin" });
    await signInAs(page, admin);
    const id = uniqueId();
    const post = await createPost(db, {
      title: `Old Trailer ${id}`,
      category: "youtube",
      youtubeUrl: "https://www.youtube.com/shorts/aBcDeFgHiJk",
      tags: [`v${id}`],
    });
    await page.goto(`/dashboard/videos?tag=v${id}`);
    const row = videos(page).getByRole("row", { name: post.title });
    await row.getByRole("button", { name: `Actions for ${post.title}` }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const dialog = await expectConfirmation(
      page,
      `Are you sure you want to delete "${post.title}"? This action cannot be undone.`,
    );
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "status", "Post deleted")).toContainText(
      "The post has been successfully deleted.",
    );
    await expect(row).toHaveCount(0);
    expect((await page.request.get(`/api/posts/${post.id}`)).status()).toBe(404);
  });

  test("shows placeholder rows while the first page loads", async ({ page, createStaff, db }) => {
    const employee = await createStaff();
    await signInAs(page, employee);
    await createPost(db, { title: `Loading video ${uniqueId()}`, category: "youtube" });
    const release = await holdResponses(page, "**/api/posts*");
    await page.goto("/dashboard/videos");
    const placeholders = page
      .getByRole("list", { name: "YouTube Videos (loading)" })
      .locator('[data-slot="skeleton-row"]');
    await expect(placeholders).toHaveCount(6);
    release();
    await expect(videos(page).locator("tbody tr").first()).toBeVisible();
    await expect(placeholders).toHaveCount(0);
  });

  test("a published video shows on the videos page, which the dashboard's link loads as a page of its own, and plays there", async ({
    page,
    createStaff,
    db,
  }) => {
    await signInAs(page, await createStaff());
    const id = uniqueId();
    const tags = [`v${id}`];
    const published = await createPost(db, {
      title: `Launch Trailer ${id}`,
      category: "youtube",
      youtubeUrl: "https://youtu.be/aBcDeFgHiJk",
      tags,
    });
    const draft = await createPost(db, {
      title: `Unfinished Trailer ${id}`,
      category: "youtube",
      status: "draft",
      youtubeUrl: "https://youtu.be/dQw4w9WgXcQ",
      tags,
    });
    await page.goto(`/dashboard/videos?tag=v${id}`);
    await expect(videos(page).locator("tbody tr")).toHaveCount(2);
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = "dashboard";
    });

    // The way back to the site on a phone: the videos page arrives whole, a page React does
    // not run.
    await page.setViewportSize(MOBILE);
    await page.getByRole("button", { name: "Open dashboard menu" }).click();
    await page
      .getByRole("dialog", { name: "Dashboard menu" })
      .getByRole("navigation", { name: "Website" })
      .getByRole("link", { name: "YouTube" })
      .click();
    await expect(page).toHaveURL("/videos");
    const play = page.getByRole("button", { name: `Play ${published.title}`, exact: true });
    await expect(play).toBeVisible();
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    expect(
      await page.evaluate(() => ({
        marker: (window as unknown as { marker?: string }).marker,
        router: "__reactRouterContext" in window,
      })),
    ).toEqual({ marker: undefined, router: false });
    // A draft stays off the public page, for staff too.
    await expect(page.getByRole("button", { name: `Play ${draft.title}` })).toHaveCount(0);

    await play.click();
    const player = page.getByRole("dialog", { name: published.title });
    await expect(player.locator("iframe")).toHaveAttribute(
      "src",
      "https://www.youtube-nocookie.com/embed/aBcDeFgHiJk?autoplay=1",
    );
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press("Escape");
    await expect(player).toHaveCount(0);
    await expect(page.locator("iframe[src]")).toHaveCount(0);
    await expect(play).toBeFocused();
  });
});
