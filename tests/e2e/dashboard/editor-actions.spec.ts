import type { Browser } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, signInAs, test } from "#tests/e2e/fixtures.ts";
import { createPost } from "#tests/factories/post.ts";
import { settingsPanel, shownStatus } from "./editor-fields.ts";
import {
  contentArea,
  expectSaved,
  expectSavedInEditor,
  fillBasics,
  openEditor,
  staffPostTitled,
  toast,
  uniqueTitle,
  visitorPage,
} from "./editor-helpers.ts";

// The editor's actions say what they do to the public page (docs/product/editor.md#editor), and the
// Post Settings panel shows the status the server holds, whatever was pressed.

/**
 * The status a visitor gets at a post's public address, once it settles: anonymous pages may
 * come from the one-second response cache, so a change shows a moment later.
 */
async function expectPublicStatus(browser: Browser, slug: string, status: number) {
  const visitor = await visitorPage(browser);
  await expect
    .poll(async () => (await visitor.request.get(`/blog/${slug}`)).status(), { timeout: 15_000 })
    .toBe(status);
  await visitor.context().close();
}

test.describe("a published post", () => {
  test("Update keeps it live with the new text; the toast's View post link shows it", async ({
    page,
    createStaff,
    db,
  }) => {
    await signInAs(page, await createStaff());
    const title = uniqueTitle("Live news");
    const post = await createPost(db, { title, content: "<p>The first version.</p>" });
    await openEditor(page, `?id=${post.id}&type=post`);
    await expect(shownStatus(page)).toContainText(
      "Published: the public page shows the last Update.",
    );
    await expect(shownStatus(page).getByRole("link", { name: `/blog/${post.slug}` })).toBeVisible();
    await expect(page.getByRole("button", { name: "Publish", exact: true })).toHaveCount(0);

    await contentArea(page).click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("The second version.");
    await expect(shownStatus(page)).toContainText("You have unsaved changes.");
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await expectSaved(page, "Content updated successfully!");
    const done = toast(page, "Content updated successfully!");
    await expect(done).toContainText(`The public page /blog/${post.slug} shows this version.`);
    await done.getByRole("link", { name: "View post" }).click();
    await expect(page).toHaveURL(`/blog/${post.slug}`);
    await expect(page.locator("article .prose-post")).toHaveText("The second version.");
    expect((await staffPostTitled(page, title)).status).toBe("published");
  });

  test("Unpublish asks first: Cancel keeps the page live, Unpublish takes it down", async ({
    page,
    browser,
    createStaff,
    db,
  }) => {
    await signInAs(page, await createStaff());
    const title = uniqueTitle("Going dark");
    const post = await createPost(db, { title });
    await openEditor(page, `?id=${post.id}&type=post`);

    await page.getByRole("button", { name: "Unpublish" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Unpublish this post?" });
    await expect(dialog).toContainText(`The public page /blog/${post.slug} will disappear`);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(shownStatus(page)).toContainText("Published");
    expect((await staffPostTitled(page, title)).status).toBe("published");
    await expectPublicStatus(browser, post.slug, 200);

    await page.getByRole("button", { name: "Unpublish" }).click();
    await dialog.getByRole("button", { name: "Unpublish" }).click();
    await expectSaved(page, "Content updated successfully!");
    await expect(toast(page, "Content updated successfully!")).toContainText(
      `Back to draft: /blog/${post.slug} is no longer public.`,
    );
    expect((await staffPostTitled(page, title)).status).toBe("draft");
    await expectPublicStatus(browser, post.slug, 404);
  });
});

test.describe("refused actions", () => {
  test("a Publish the server refuses (a taken slug) leaves the status shown unchanged", async ({
    page,
    createStaff,
    db,
  }) => {
    await signInAs(page, await createStaff());
    const other = await createPost(db, { title: uniqueTitle("Owner of the slug") });
    const title = uniqueTitle("Would be live");
    const draft = await createPost(db, { title, status: "draft" });
    await openEditor(page, `?id=${draft.id}&type=post`);
    await expect(shownStatus(page)).toContainText("Draft: not on the public site");

    await page.getByLabel("Slug").fill(other.slug);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(toast(page, "Error")).toContainText(
      "Failed to save post: That slug is already used by another post.",
    );
    // The server's reason is also under the Slug field.
    await expect(
      page.getByText("That slug is already used by another post.", { exact: true }),
    ).toBeVisible();
    await expect(page).toHaveURL(`/dashboard/create?id=${draft.id}&type=post`);
    await expect(shownStatus(page)).toContainText("Draft: not on the public site");
    await expect(page.getByRole("button", { name: "Publish", exact: true })).toBeEnabled();
    expect((await staffPostTitled(page, title)).status).toBe("draft");
  });

  test("an Update the form refuses (no title) sends nothing and keeps the post published", async ({
    page,
    createStaff,
    db,
  }) => {
    await signInAs(page, await createStaff());
    const title = uniqueTitle("Stays as it is");
    const post = await createPost(db, { title });
    await openEditor(page, `?id=${post.id}&type=post`);
    const writes: string[] = [];
    page.on("request", (request) => {
      if (request.method() !== "GET") writes.push(request.url());
    });
    await page.getByLabel("Title", { exact: true }).fill("");
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await expect(page.getByText("Title is required")).toBeVisible();
    await expect(shownStatus(page)).toContainText("Published");
    expect(writes).toEqual([]);
  });
});

test.describe("new posts and scheduled posts", () => {
  test.use({ timezoneId: "UTC" });

  test("Publish: the toast links to the new public page", async ({ page, createStaff }) => {
    await signInAs(page, await createStaff());
    await openEditor(page);
    const title = uniqueTitle("Fresh");
    await fillBasics(page, title, "Brand new.");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expectSaved(page, "Content created successfully!");
    const saved = await staffPostTitled(page, title);
    await toast(page, "Content created successfully!")
      .getByRole("link", { name: "View post" })
      .click();
    await expect(page).toHaveURL(`/blog/${saved.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  });

  test("a draft sends the time zone chosen in Post Settings", async ({ page, createStaff }) => {
    await signInAs(page, await createStaff());
    await openEditor(page);
    await fillBasics(page, uniqueTitle("Berlin desk"));
    await settingsPanel(page).getByLabel("Time zone").selectOption("Europe/Berlin");
    const sent = page.waitForRequest(
      (request) => request.method() === "POST" && new URL(request.url()).pathname === "/api/posts",
    );
    await page.getByRole("button", { name: "Save draft" }).click();
    expect((await sent).postDataJSON()).toMatchObject({
      status: "draft",
      scheduledAt: null,
      timezone: "Europe/Berlin",
    });
    await expectSavedInEditor(page, "Content created successfully!");
  });

  test("a scheduled post: Update keeps its time, Unschedule makes it a draft, Publish now makes it live", async ({
    page,
    browser,
    createStaff,
    db,
  }) => {
    test.slow();
    await signInAs(page, await createStaff());
    const title = uniqueTitle("Later");
    const post = await createPost(db, {
      title,
      status: "scheduled",
      scheduledAt: "2099-03-14T00:00:00.000Z",
      timezone: "Asia/Tokyo",
    });
    const address = `?id=${post.id}&type=post`;
    await openEditor(page, address);
    // The viewer's time with its date, and Tokyo's clock (the browser runs in UTC).
    await expect(shownStatus(page)).toContainText("14 Mar 2099, 00:00 (09:00 in Tokyo)");
    // A zone changed in the panel does not move the time the post goes live.
    await settingsPanel(page).getByLabel("Time zone").selectOption("Europe/Paris");
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await expectSaved(page, "Content updated successfully!");
    const updated = await staffPostTitled(page, title);
    expect(updated).toMatchObject({ status: "scheduled", scheduledAt: "2099-03-14T00:00:00.000Z" });

    await openEditor(page, address);
    await page.getByRole("button", { name: "Unschedule" }).click();
    await expectSaved(page, "Content updated successfully!");
    expect(await staffPostTitled(page, title)).toMatchObject({
      status: "draft",
      scheduledAt: null,
    });
    await expectPublicStatus(browser, post.slug, 404);

    await db
      .updateTable("posts")
      .set({ status: "scheduled", scheduledAt: "2099-03-14T00:00:00.000Z", timezone: "Asia/Tokyo" })
      .where("id", "=", post.id)
      .execute();
    await openEditor(page, address);
    await page.getByRole("button", { name: "Publish now" }).click();
    await expectSaved(page, "Content updated successfully!");
    expect((await staffPostTitled(page, title)).status).toBe("published");
    await expectPublicStatus(browser, post.slug, 200);
  });
});
