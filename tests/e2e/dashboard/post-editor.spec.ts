import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import {
  DESKTOP,
  expect,
  expectNoSeriousA11yViolations,
  hasHorizontalScroll,
  MOBILE,
  signInAs,
  test,
} from "#tests/e2e/fixtures.ts";
import { createPost, fromNow } from "#tests/factories/post.ts";
import {
  contentArea,
  editorSelection,
  expectSaved,
  expectSavedInEditor,
  fillBasics,
  openEditor,
  staffPostTitled,
  toast,
  toolbarButton,
  uniqueTitle,
  visitorPage,
} from "./editor-helpers.ts";

// The post editor in the dashboard's Create / Edit section (docs/product/editor.md#editor,
// #post-form, #schedule-dialog), used the way staff use it. Other specs share the server and its
// database: every post here has a title of its own, and no test counts posts.

/**
 * /news searched for `title`: other specs' posts, written meanwhile, may push a post off the
 * first page of the whole list.
 */
function newsSearchFor(title: string) {
  return `/news?q=${encodeURIComponent(title)}`;
}

/** No post titled `title` is on a visitor's /news (the search repeats the title; no link does). */
async function expectNotOnNews(visitor: Page, title: string) {
  await visitor.goto(newsSearchFor(title));
  await expect(visitor.getByRole("heading", { level: 1, name: "Latest News" })).toBeVisible();
  await expect(visitor.getByText("No articles found matching your search.")).toBeVisible();
  await expect(visitor.getByRole("link", { name: title })).toHaveCount(0);
}

test.describe("writing and publishing", () => {
  test("an employee formats a news post with the toolbar, publishes it, and it appears on /news", async ({
    page,
    browser,
    createStaff,
  }) => {
    test.slow();
    await signInAs(page, await createStaff());
    await openEditor(page);
    await expect(page.getByRole("heading", { level: 1, name: "Create New Post" })).toBeVisible();
    const title = uniqueTitle("Toolbar tour");
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Excerpt").fill("Every button of the toolbar, once.");

    const editor = contentArea(page);
    await editor.click();
    const bold = toolbarButton(page, "Bold");
    await expect(bold).toHaveAttribute("aria-pressed", "false");
    await bold.click();
    await expect(bold).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.type("Bold words");
    await bold.click();
    await page.keyboard.type(" and ");
    await toolbarButton(page, "Italic").click();
    await page.keyboard.type("italic words");
    await toolbarButton(page, "Italic").click();
    await page.keyboard.press("Enter");

    await toolbarButton(page, "Heading 2").click();
    await expect(toolbarButton(page, "Heading 2")).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.type("A section heading");
    await page.keyboard.press("Enter");

    await toolbarButton(page, "Bullet list").click();
    await page.keyboard.type("First item");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Second item");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");

    await toolbarButton(page, "Blockquote").click();
    await page.keyboard.type("A quoted line");
    await page.keyboard.press("Enter");
    await toolbarButton(page, "Blockquote").click();

    await page.keyboard.type("Type ");
    await toolbarButton(page, "Inline code").click();
    await page.keyboard.type("/give @p diamond 64");
    await toolbarButton(page, "Inline code").click();
    await page.keyboard.type(" in chat.");
    await page.keyboard.press("Enter");

    await page.keyboard.type("Visit the marketplace");
    await page.keyboard.press("Shift+Home");
    // The Link button links what the editor holds as selected, once it has read the browser's.
    await expect
      .poll(async () => (await editorSelection(page))?.text)
      .toBe("Visit the marketplace");
    await toolbarButton(page, "Link").click();
    const linkDialog = page.getByRole("dialog", { name: "Add link" });
    await linkDialog.getByLabel("Link address").fill("javascript:alert(1)");
    await linkDialog.getByRole("button", { name: "Save link" }).click();
    await expect(
      linkDialog.getByText(/starting with http:\/\/, https:\/\/ or mailto:/),
    ).toBeVisible();
    await linkDialog.getByLabel("Link address").fill("https://www.minecraft.net/marketplace");
    await linkDialog.getByRole("button", { name: "Save link" }).click();
    await expect(linkDialog).toBeHidden();
    await expect(toolbarButton(page, "Edit link")).toHaveAttribute("aria-pressed", "true");

    // The preview renders the post as its public page will.
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(preview.getByText("Every button of the toolbar, once.")).toBeVisible();
    const previewHtml = await preview.locator(".prose-post").innerHTML();
    await page.getByRole("button", { name: "Edit" }).click();
    await expect(editor).toBeVisible();

    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expectSaved(page, "Content created successfully!");
    const saved = await staffPostTitled(page, title);
    expect(saved.status).toBe("published");

    const visitor = await visitorPage(browser);
    await visitor.goto("/news");
    const card = visitor.getByRole("link", { name: title });
    await expect(card).toBeVisible();
    await card.click();
    await expect(visitor).toHaveURL(`/blog/${saved.slug}`);
    const content = visitor.locator("article .prose-post");
    await expect(content.locator("strong")).toHaveText("Bold words");
    await expect(content.locator("em")).toHaveText("italic words");
    await expect(
      content.getByRole("heading", { level: 2, name: "A section heading" }),
    ).toBeVisible();
    await expect(content.locator("ul > li")).toHaveText(["First item", "Second item"]);
    await expect(content.locator("blockquote")).toHaveText("A quoted line");
    await expect(content.locator("code")).toHaveText("/give @p diamond 64");
    const link = content.getByRole("link", { name: "Visit the marketplace" });
    await expect(link).toHaveAttribute("href", "https://www.minecraft.net/marketplace");
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    // What the preview showed is what the page shows.
    expect(await content.innerHTML()).toBe(previewHtml);
    await visitor.context().close();
  });

  test("a saved draft is nowhere public", async ({ page, browser, createStaff }) => {
    await signInAs(page, await createStaff());
    await openEditor(page);
    const title = uniqueTitle("Secret draft");
    await fillBasics(page, title);
    await page.getByRole("button", { name: "Save draft" }).click();
    await expectSavedInEditor(page, "Content created successfully!");
    const draft = await staffPostTitled(page, title);
    expect(draft.status).toBe("draft");
    expect(draft.publishedAt).toBeNull();
    await page.goto("/dashboard/posts");
    await expect(page.getByRole("row", { name: title })).toBeVisible();

    const visitor = await visitorPage(browser);
    await expectNotOnNews(visitor, title);
    const response = await visitor.goto(`/blog/${draft.slug}`);
    expect(response?.status()).toBe(404);
    await expect(visitor.getByRole("heading", { name: "Post Not Found" })).toBeVisible();
    const listed = (await (await visitor.request.get("/api/posts/public")).json()) as {
      title: string;
    }[];
    expect(listed.map((post) => post.title)).not.toContain(title);
    expect((await visitor.request.get(`/api/posts/slug/${draft.slug}`)).status()).toBe(404);
    await visitor.context().close();
  });

  test("a draft saved with Save draft shows as a draft, and Publish then publishes it", async ({
    page,
    createStaff,
  }) => {
    await signInAs(page, await createStaff());
    await openEditor(page);
    const settings = page.getByRole("region", { name: "Post Settings" });
    await expect(settings.locator('[data-slot="post-status"]')).toContainText("Not saved yet");
    const title = uniqueTitle("Side panel");
    await fillBasics(page, title);
    await page.getByRole("button", { name: "Save draft" }).click();
    await expectSavedInEditor(page, "Content created successfully!");
    const draft = await staffPostTitled(page, title);
    expect(draft.status).toBe("draft");

    await page.goto(`/dashboard/create?id=${draft.id}&type=post`);
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
    await expect(settings.locator('[data-slot="post-status"]')).toContainText(
      "Draft: not on the public site",
    );
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expectSaved(page, "Content updated successfully!");
    expect((await staffPostTitled(page, title)).status).toBe("published");
  });
});

test.describe("scheduling", () => {
  // A browser in one of the dialog's zones: its list is then exactly the 8.
  test.use({ timezoneId: "Asia/Tokyo" });

  test("a time that has passed is refused inside the dialog; a later one stays hidden until it comes", async ({
    page,
    browser,
    createStaff,
    db,
  }) => {
    test.slow();
    await signInAs(page, await createStaff());
    // The page's timers wait for the test, so no autosave saves the post as a draft while the
    // refused times are tried, however slowly the machine goes.
    await page.clock.install();
    await openEditor(page);
    const title = uniqueTitle("Scheduled drop");
    await fillBasics(page, title);
    await page.clock.pauseAt(Date.now() + 1_000);

    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Schedule Post" });
    await dialog.getByRole("button", { name: "Schedule Post" }).click();
    await expect(dialog.getByText("Please select a date and time")).toBeVisible();
    await expect(dialog.getByLabel("Time zone").locator("option")).toHaveCount(8);

    await expect(dialog.getByLabel("Time zone")).toHaveValue("Asia/Tokyo");
    const passed = "That time has already passed. Choose a later time, or publish the post now.";
    await dialog.getByLabel("Date and time").fill("2020-01-01T09:00");
    await dialog.getByRole("button", { name: "Schedule Post" }).click();
    // Refused before it is sent: the dialog stays, the reason under the field.
    await expect(dialog.getByText(passed)).toBeVisible();
    // A browser whose clock is behind sends it: the server's refusal lands in the dialog too.
    await page.clock.setFixedTime(new Date("2019-06-01T00:00:00.000Z"));
    await dialog.getByLabel("Date and time").fill("2020-02-01T09:00");
    await expect(dialog.getByText(passed)).toBeHidden();
    await dialog.getByRole("button", { name: "Schedule Post" }).click();
    await expect(toast(page, "Error")).toContainText(
      "Failed to save post: That time has already passed.",
    );
    await expect(dialog.getByText(passed)).toBeVisible();
    await expect(dialog.getByLabel("Date and time")).toHaveValue("2020-02-01T09:00");
    await expect(page).toHaveURL(/\/dashboard\/create$/);
    await dialog.getByLabel("Date and time").fill("2099-01-01T09:00");
    await dialog.getByRole("button", { name: "Schedule Post" }).click();
    await expectSaved(page, "Content created successfully!");
    const scheduled = await staffPostTitled(page, title);
    expect(scheduled.status).toBe("scheduled");
    // 09:00 in Tokyo is midnight UTC.
    expect(scheduled.scheduledAt).toBe("2099-01-01T00:00:00.000Z");
    expect(scheduled.timezone).toBe("Asia/Tokyo");

    const visitor = await visitorPage(browser);
    await expectNotOnNews(visitor, title);
    expect((await visitor.goto(`/blog/${scheduled.slug}`))?.status()).toBe(404);

    // Its time comes (moved into the past rather than waited for): now everyone sees it. The
    // change bypasses the server, so anonymous pages may be served from its response cache for
    // up to a second (RESPONSE_CACHE_TTL_MS) before they show it.
    await db
      .updateTable("posts")
      .set({ scheduledAt: fromNow(-60_000) })
      .where("id", "=", scheduled.id)
      .execute();
    // Allowed far longer than that second: loading a page takes a while on a busy machine.
    await expect(async () => {
      await visitor.goto(newsSearchFor(title));
      await expect(visitor.getByRole("link", { name: title })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect
      .poll(async () => (await visitor.goto(`/blog/${scheduled.slug}`))?.status(), {
        timeout: 15_000,
      })
      .toBe(200);
    await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await visitor.context().close();
  });

  test("the dialog's zone is the schedule's; the post's zone changes only when asked, named as the list names it", async ({
    page,
    createStaff,
  }) => {
    await signInAs(page, await createStaff());
    await openEditor(page);
    const title = uniqueTitle("London drop");
    await fillBasics(page, title);
    const settings = page.getByRole("region", { name: "Post Settings" });
    await expect(settings.getByLabel("Time zone")).toHaveValue("Asia/Tokyo");

    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Schedule Post" });
    await dialog.getByLabel("Time zone").selectOption("Europe/London");
    const makePostZone = dialog.getByLabel("Also make this the post's zone");
    await expect(makePostZone).not.toBeChecked();
    await dialog.getByLabel("Date and time").fill("2099-01-01T09:00");
    await dialog.getByRole("button", { name: "Schedule Post" }).click();
    await expectSaved(page, "Content created successfully!");
    const kept = await staffPostTitled(page, title);
    // 09:00 in London is 09:00 UTC; the post keeps its own zone.
    expect(kept.scheduledAt).toBe("2099-01-01T09:00:00.000Z");
    expect(kept.timezone).toBe("Asia/Tokyo");

    await openEditor(page, `?id=${kept.id}&type=post`);
    await page.getByRole("button", { name: "Reschedule" }).click();
    await dialog.getByLabel("Time zone").selectOption("Europe/London");
    await dialog.getByLabel("Date and time").fill("2099-01-01T09:00");
    await makePostZone.check();
    await dialog.getByRole("button", { name: "Schedule Post" }).click();
    await expectSaved(page, "Content updated successfully!");
    const moved = await staffPostTitled(page, title);
    expect(moved.scheduledAt).toBe("2099-01-01T09:00:00.000Z");
    expect(moved.timezone).toBe("Europe/London");

    // The list and the panel name the zone the same way, with the viewer's time first.
    const when = "1 Jan 2099, 18:00 (09:00 in London)";
    await page.goto(`/dashboard/scheduled?q=${encodeURIComponent(title)}`);
    await expect(
      page
        .getByRole("table", { name: "Scheduled Posts", exact: true })
        .getByRole("row", { name: title }),
    ).toContainText(`Scheduled for ${when}`);
    await openEditor(page, `?id=${kept.id}&type=post`);
    await expect(settings.locator('[data-slot="post-status"]')).toContainText(
      `Scheduled: goes live on ${when}.`,
    );
  });

  test("editing a scheduled post starts the dialog in the zone it was scheduled in", async ({
    page,
    createStaff,
    db,
  }) => {
    await signInAs(page, await createStaff());
    const post = await createPost(db, {
      title: uniqueTitle("Tokyo launch"),
      status: "scheduled",
      scheduledAt: "2099-03-14T00:00:00.000Z",
      timezone: "Asia/Tokyo",
    });
    await openEditor(page, `?id=${post.id}&type=post`);
    const settings = page.getByRole("region", { name: "Post Settings" });
    await expect(settings.locator('[data-slot="post-status"]')).toContainText(
      "Scheduled: goes live on 14 Mar 2099, 09:00.",
    );
    await expect(settings.getByLabel("Time zone")).toHaveValue("Asia/Tokyo");
    await page.getByRole("button", { name: "Reschedule" }).click();
    const dialog = page.getByRole("dialog", { name: "Schedule Post" });
    await expect(dialog.getByLabel("Date and time")).toHaveValue("2099-03-14T09:00");
    await expect(dialog.getByLabel("Time zone")).toHaveValue("Asia/Tokyo");
  });
});

test.describe("editing", () => {
  test("Edit from All Posts loads every value into 'Edit Post' and saves the change", async ({
    page,
    createStaff,
    db,
  }) => {
    await signInAs(page, await createStaff());
    const title = uniqueTitle("Citadel world");
    const post = await createPost(db, {
      title,
      slug: `citadel-world-${randomUUID().slice(0, 8)}`,
      excerpt: "A floating fortress.",
      content: "<h2>Build it</h2><p>It <strong>floats</strong>.</p>",
      status: "draft",
      category: "marketplace-content",
      packType: "world",
      marketplaceUrl: "https://www.minecraft.net/marketplace/pdp?id=citadel",
      youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      releaseDate: "2099-05-01T00:00:00.000Z",
      tags: ["worlds"],
    });

    await page.goto(`/dashboard/posts?q=${encodeURIComponent(title)}`);
    await page
      .getByRole("table", { name: "All Content" })
      .getByRole("link", { name: title })
      .click();
    await expect(page).toHaveURL(`/dashboard/create?id=${post.id}&type=post`);
    await expect(page.getByRole("heading", { level: 1, name: "Edit Post" })).toBeVisible();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
    await expect(page.getByLabel("Slug")).toHaveValue(post.slug);
    await expect(page.getByLabel("Excerpt")).toHaveValue("A floating fortress.");
    await expect(page.getByLabel("Category")).toHaveValue("marketplace-content");
    await expect(page.getByLabel("Pack type")).toHaveValue("world");
    await expect(page.getByLabel("Marketplace URL")).toHaveValue(
      "https://www.minecraft.net/marketplace/pdp?id=citadel",
    );
    await expect(page.getByLabel(/Release date/)).toHaveValue("2099-05-01");
    await expect(page.getByText("Coming Soon", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Trailer video URL (optional)")).toHaveValue(
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    );
    await expect(page.getByLabel("Tags")).toHaveValue("worlds");
    await expect(contentArea(page).getByRole("heading", { name: "Build it" })).toBeVisible();
    await expect(contentArea(page).locator("strong")).toHaveText("floats");

    await page.getByLabel("Excerpt").fill("A floating fortress, now with dragons.");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expectSavedInEditor(page, "Content saved successfully!");
    const saved = await staffPostTitled(page, title);
    expect(saved).toMatchObject({
      id: post.id,
      excerpt: "A floating fortress, now with dragons.",
      slug: post.slug,
      content: "<h2>Build it</h2><p>It <strong>floats</strong>.</p>",
      packType: "world",
      releaseDate: "2099-05-01T00:00:00.000Z",
      youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      tags: ["worlds"],
    });
  });

  test("a portfolio item opens with its portfolio fields and saves into its post", async ({
    page,
    createStaff,
    db,
  }) => {
    await signInAs(page, await createStaff());
    const title = uniqueTitle("Frostbite skins");
    const post = await createPost(db, {
      title,
      excerpt: "Twenty winter skins.",
      content: "<p>Twenty <em>winter</em> skins.</p>",
      category: "marketplace-content",
      packType: "skin-pack",
      marketplaceUrl: "https://www.minecraft.net/marketplace/pdp?id=frost",
      releaseDate: "2020-02-01T00:00:00.000Z",
    });
    await openEditor(page, `?id=${post.id}&type=portfolio`);
    await expect(page.getByRole("heading", { level: 1, name: "Edit Post" })).toBeVisible();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
    await expect(page.getByLabel("Excerpt")).toHaveValue("Twenty winter skins.");
    await expect(page.getByLabel("Pack type")).toHaveValue("skin-pack");
    await expect(page.getByLabel(/Release date/)).toHaveValue("2020-02-01");
    await expect(page.getByText("Live", { exact: true })).toBeVisible();
    await expect(contentArea(page).locator("em")).toHaveText("winter");

    await page.getByLabel("Excerpt").fill("Twenty-one winter skins.");
    // The item is published: Update keeps it live.
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await expectSaved(page, "Content updated successfully!");
    const saved = await staffPostTitled(page, title);
    expect(saved.id).toBe(post.id);
    expect(saved.excerpt).toBe("Twenty-one winter skins.");
    expect(saved.content).toBe("<p>Twenty <em>winter</em> skins.</p>");
  });

  test("a post that does not exist: 'Error Loading Post', and a form for a new post", async ({
    page,
    createStaff,
  }) => {
    await signInAs(page, await createStaff());
    for (const type of ["post", "portfolio"]) {
      await page.goto(`/dashboard/create?id=${randomUUID()}&type=${type}`);
      const error = toast(page, "Error Loading Post");
      await expect(error).toBeVisible();
      await expect(error).toContainText("Failed to load post data: ");
      await expect(error).toHaveAttribute("role", "alert");
      const warning = page.getByRole("alert").filter({
        hasText: "Could not load existing post for editing",
      });
      await expect(warning).toContainText("ready to create a new post instead");
      await expect(page.getByRole("heading", { level: 1, name: "Create New Post" })).toBeVisible();
      await expect(contentArea(page)).toBeVisible();
    }
    const title = uniqueTitle("Instead");
    await fillBasics(page, title);
    await page.getByRole("button", { name: "Save draft" }).click();
    await expectSavedInEditor(page, "Content created successfully!");
  });
});

test.describe("signed out", () => {
  test("saving after the session ended shows only 'Unauthorized', then goes to sign in", async ({
    page,
    createStaff,
  }) => {
    await signInAs(page, await createStaff());
    // Every toast shown, kept across the navigation to sign-in.
    await page.addInitScript(() => {
      const seen = new WeakSet<Element>();
      new MutationObserver(() => {
        for (const toast of document.querySelectorAll('[data-slot="toast"]')) {
          if (seen.has(toast)) continue;
          seen.add(toast);
          const list = JSON.parse(sessionStorage.getItem("toasts") ?? "[]") as string[];
          sessionStorage.setItem("toasts", JSON.stringify([...list, toast.textContent ?? ""]));
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await openEditor(page);
    await fillBasics(page, uniqueTitle("Lost session"));
    await page.context().clearCookies();
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page.waitForURL(/\/login/);
    const toasts = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem("toasts") ?? "[]") as string[],
    );
    expect(toasts).toEqual(["UnauthorizedYou are logged out. Logging in again..."]);
  });
});

test.describe("the form", () => {
  test("every validation message, from the shared schema", async ({ page, createStaff }) => {
    await signInAs(page, await createStaff());
    await openEditor(page);
    // Saving from Preview goes back to the fields when something is wrong with them.
    await page.getByRole("button", { name: "Preview" }).click();
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByRole("button", { name: "Edit", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(page.getByText("Title is required")).toBeVisible();
    await expect(page.getByText("Slug is required")).toBeVisible();
    await expect(page.getByText("Content is required")).toBeVisible();
    await expect(page.getByLabel("Title", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(contentArea(page)).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/dashboard\/create$/);

    await page.getByLabel("Title", { exact: true }).fill("Valid title");
    await expect(page.getByText("Title is required")).toBeHidden();
    await page.getByLabel("Slug").fill("Not a slug!");
    await expect(
      page.getByText("Slug can only use letters, numbers and single hyphens"),
    ).toBeVisible();

    await page.getByLabel("Category").selectOption("marketplace-content");
    await page.getByLabel("Pack type").selectOption("world");
    await page.getByLabel("Marketplace URL").fill("marketplace");
    await page.getByLabel("Trailer video URL (optional)").fill("not a video");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(
      page.getByText("Enter the marketplace link as an address starting with http:// or https://."),
    ).toBeVisible();
    await expect(
      page.getByText("Enter the YouTube link as an address starting with http:// or https://."),
    ).toBeVisible();

    await page.getByLabel("Category").selectOption("youtube");
    await expect(
      page.getByText("Enter the marketplace link as an address starting with http:// or https://."),
    ).toBeHidden();
    await page.getByLabel("YouTube URL").fill("youtube");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(
      page.getByText("Enter the YouTube link as an address starting with http:// or https://."),
    ).toBeVisible();

    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Schedule Post" });
    await dialog.getByRole("button", { name: "Schedule Post" }).click();
    await expect(dialog.getByText("Please select a date and time")).toBeVisible();
  });

  test("each category shows its own fields, and Post Settings its time zone", async ({
    page,
    createStaff,
  }) => {
    await signInAs(page, await createStaff());
    await openEditor(page);
    const category = page.getByLabel("Category");
    await expect(category).toHaveValue("news");
    for (const label of ["Pack type", "Marketplace URL", "YouTube URL"]) {
      await expect(page.getByLabel(label)).toHaveCount(0);
    }

    await category.selectOption("marketplace-content");
    await expect(page.getByLabel("Pack type")).toBeVisible();
    await expect(page.getByLabel("Marketplace URL")).toBeVisible();
    const releaseDate = page.getByLabel(/Release date/);
    await expect(releaseDate).toBeVisible();
    await expect(page.getByText("Coming Soon", { exact: true })).toBeVisible();
    await releaseDate.fill("2021-06-01");
    await expect(page.getByText("Live", { exact: true })).toBeVisible();
    await releaseDate.fill("2099-06-01");
    await expect(page.getByText("Coming Soon", { exact: true })).toBeVisible();
    const trailer = page.getByLabel("Trailer video URL (optional)");
    await expect(trailer).toHaveCount(0);
    for (const [packType, shown] of [
      ["world", true],
      ["skin-pack", false],
      ["addon", true],
      ["mashup", false],
    ] as const) {
      await page.getByLabel("Pack type").selectOption(packType);
      await expect(trailer).toHaveCount(shown ? 1 : 0);
    }

    await category.selectOption("youtube");
    await expect(page.getByLabel("YouTube URL")).toBeVisible();
    await expect(page.getByLabel("Pack type")).toHaveCount(0);
    await expect(page.getByLabel("Marketplace URL")).toHaveCount(0);
    await category.selectOption("news");
    await expect(page.getByLabel("YouTube URL")).toHaveCount(0);

    // The time zone is there whatever the status; the status itself is not a field.
    const settings = page.getByRole("region", { name: "Post Settings" });
    await expect(settings.getByLabel("Time zone").locator("option")).toHaveCount(16);
    await expect(settings.getByLabel("Status")).toHaveCount(0);
  });

  test("the slug follows the title until first publication; afterwards the old address redirects", async ({
    page,
    browser,
    createStaff,
  }) => {
    test.slow();
    await signInAs(page, await createStaff());
    await openEditor(page);
    const title = page.getByLabel("Title", { exact: true });
    const slug = page.getByLabel("Slug");
    await title.fill("Spring Update: Frogs & Bees!");
    await expect(slug).toHaveValue("spring-update-frogs-bees");
    await expect(page.getByText("28/60 characters")).toBeVisible();
    const name = uniqueTitle("Slug walk");
    await title.fill(name);
    await expect(slug).toHaveValue(name.toLowerCase().replace(/ /g, "-"));
    await contentArea(page).click();
    await page.keyboard.type("Frogs and bees.");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expectSaved(page, "Content created successfully!");
    const published = await staffPostTitled(page, name);

    await openEditor(page, `?id=${published.id}&type=post`);
    await expect(
      page.getByText("the old address will redirect to the new one", { exact: false }),
    ).toBeVisible();
    await title.fill(`${name} (renamed)`);
    await expect(slug).toHaveValue(published.slug);
    const newSlug = `${published.slug}-moved`;
    await slug.fill(newSlug);
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await expectSaved(page, "Content updated successfully!");

    const visitor = await visitorPage(browser);
    const response = await visitor.goto(`/blog/${published.slug}`);
    expect(response?.status()).toBe(200);
    await expect(visitor).toHaveURL(`/blog/${newSlug}`);
    await expect(
      visitor.getByRole("heading", { level: 1, name: `${name} (renamed)` }),
    ).toBeVisible();
    await visitor.context().close();
  });

  test("undo and redo step through the history, a new step after a 500 ms pause", async ({
    page,
    createStaff,
  }) => {
    await signInAs(page, await createStaff());
    // The editor groups typing by the page's clock, which the test holds still while it types:
    // a busy machine's pauses between keystrokes then cannot split a word into steps.
    await page.clock.install();
    await openEditor(page);
    const editor = contentArea(page);
    const undo = toolbarButton(page, "Undo");
    const redo = toolbarButton(page, "Redo");
    await expect(undo).toBeDisabled();
    await editor.click();
    await page.clock.pauseAt(Date.now() + 1000);
    await page.keyboard.type("Alpha");
    // Longer than the 500 ms group delay: what follows is a step of its own.
    await page.clock.runFor(800);
    await page.keyboard.type(" Beta");
    await page.clock.resume();
    await expect(editor).toHaveText("Alpha Beta");
    await undo.click();
    await expect(editor).toHaveText("Alpha");
    await expect(redo).toBeEnabled();
    await redo.click();
    await expect(editor).toHaveText("Alpha Beta");
    await page.keyboard.press("ControlOrMeta+a");
    await toolbarButton(page, "Bold").click();
    await expect(editor.locator("strong")).toHaveText("Alpha Beta");
    await undo.click();
    await expect(editor.locator("strong")).toHaveCount(0);
    await redo.click();
    await expect(editor.locator("strong")).toHaveText("Alpha Beta");
    await undo.click();
    await undo.click();
    await undo.click();
    await expect(editor).toHaveText("");
    await expect(undo).toBeDisabled();
  });

  test("the browser's time zone is the default, added to the lists when it is not one of them", async ({
    browser,
    createStaff,
  }) => {
    const context = await browser.newContext({
      baseURL: String(test.info().project.use.baseURL),
      timezoneId: "Europe/Zurich",
    });
    const page = await context.newPage();
    await signInAs(page, await createStaff());
    await openEditor(page);
    const settings = page.getByRole("region", { name: "Post Settings" });
    const zone = settings.getByLabel("Time zone");
    await expect(zone).toHaveValue("Europe/Zurich");
    await expect(zone.locator("option")).toHaveCount(17);
    await expect(zone.locator("option").first()).toHaveText("Europe/Zurich (your time zone)");
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Schedule Post" });
    await expect(dialog.getByLabel("Time zone")).toHaveValue("Europe/Zurich");
    await expect(dialog.getByLabel("Time zone").locator("option")).toHaveCount(9);
    await context.close();
  });

  test("Back to Overview returns to the dashboard", async ({ page, createStaff }) => {
    await signInAs(page, await createStaff());
    await openEditor(page);
    await page.getByRole("link", { name: "Back to Overview" }).click();
    await expect(page).toHaveURL("/dashboard");
  });
});

test.describe("accessibility and small screens", () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    test(`the editor has no serious accessibility problems at ${viewport.width} px`, async ({
      page,
      createStaff,
    }) => {
      // Three states of the editor, each checked by axe: more than one page's time.
      test.slow();
      await signInAs(page, await createStaff());
      await page.setViewportSize(viewport);
      await openEditor(page, "?category=marketplace-content");
      await page.getByLabel("Pack type").selectOption("world");
      await expectNoSeriousA11yViolations(page);
      expect(await hasHorizontalScroll(page)).toBe(false);

      await page.getByRole("button", { name: "Schedule", exact: true }).click();
      await expect(page.getByRole("dialog", { name: "Schedule Post" })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press("Escape");

      await page.getByRole("button", { name: "Preview" }).click();
      await expect(page.getByRole("region", { name: "Preview" })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      expect(await hasHorizontalScroll(page)).toBe(false);
    });
  }
});
