import type { Browser, Page } from "@playwright/test";
import { publishDuePosts } from "#server/jobs/publish-scheduled.server.ts";
import { expect, expectNoSeriousA11yViolations, signInAs, test } from "#tests/e2e/fixtures.ts";
import { createPost, fromNow } from "#tests/factories/post.ts";
import { reloadLeavingChanges, restoreOffer, shownStatus } from "./editor-fields.ts";
import {
  autosaveStatus,
  blockAutosave,
  caretToContentEnd,
  contentArea,
  expectSavedInEditor,
  fillBasics,
  openEditor,
  SAVED_STATE,
  toast,
  uniqueTitle,
  visitorPage,
} from "./editor-helpers.ts";
import { sidebar } from "./helpers.ts";

// What the editor saves is what goes live, or it says so (docs/product/editor.md): a post
// scheduled for later saves its edits into itself; a published post keeps them until Update, and
// leaving them asks; Save draft and Ctrl/Cmd+S stay in the editor; the header with the status,
// the save state and the actions stays in view on a long post. The page's clock is Playwright's,
// so the autosave's 3-second pause is skipped rather than waited for.

const HOUR = 3_600_000;

test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

/** Replaces the whole content with `text` and lets autosave save it. */
async function retypeAndAutosave(page: Page, text: string) {
  await contentArea(page).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
  await page.clock.fastForward(3_000);
  await expect(autosaveStatus(page)).toHaveText(SAVED_STATE, { timeout: 20_000 });
}

/** The text of a post's public page, once the one-second response cache has let it through. */
async function expectPublicText(browser: Browser, slug: string, text: string) {
  const visitor = await visitorPage(browser);
  await expect
    .poll(
      async () => {
        const response = await visitor.request.get(`/api/posts/slug/${slug}`);
        return response.ok() ? ((await response.json()) as { content: string }).content : null;
      },
      { timeout: 15_000 },
    )
    .toBe(`<p>${text}</p>`);
  await visitor.context().close();
}

/** The post's row in a staff list. */
function rowOf(page: Page, title: string) {
  return page.getByRole("row").filter({ hasText: title });
}

test("a scheduled post's edits are saved into it, and the sweep publishes them", async ({
  page,
  browser,
  createStaff,
  db,
}) => {
  await signInAs(page, await createStaff());
  const title = uniqueTitle("Tokyo launch");
  const post = await createPost(db, {
    title,
    status: "scheduled",
    scheduledAt: fromNow(HOUR),
    timezone: "Asia/Tokyo",
    content: "<p>Before the correction.</p>",
  });
  await openEditor(page, `?id=${post.id}&type=post`);
  await expect(shownStatus(page)).toContainText(
    'Your changes are saved into it as you write: what this editor shows at "Saved" is what goes live.',
  );
  await retypeAndAutosave(page, "After the correction.");
  await expect(autosaveStatus(page)).not.toContainText("not live");
  await expect(page.getByRole("note", { name: "Changes not live" })).toHaveCount(0);

  // Nothing to ask on the way out: what goes live is what was saved.
  await sidebar(page).getByRole("link", { name: "Scheduled" }).click();
  await expect(page).toHaveURL("/dashboard/scheduled");
  await expect(rowOf(page, title)).toBeVisible();
  await expect(rowOf(page, title)).not.toContainText("Changes not live");

  // Its time comes: the sweep publishes the corrected post.
  await db
    .updateTable("posts")
    .set({ scheduledAt: new Date(Date.now() - 1000).toISOString() })
    .where("id", "=", post.id)
    .execute();
  expect(await publishDuePosts(db)).toBeGreaterThanOrEqual(1);
  await expectPublicText(browser, post.slug, "After the correction.");
});

test("leaving a published post's saved changes asks: keep them, put them live, or discard them", async ({
  page,
  browser,
  createStaff,
  db,
}) => {
  test.slow();
  await signInAs(page, await createStaff());
  const title = uniqueTitle("Live page");
  const post = await createPost(db, { title, content: "<p>Live words.</p>" });
  const edit = `?id=${post.id}&type=post`;
  await openEditor(page, edit);
  await retypeAndAutosave(page, "Changes for later.");
  await expect(autosaveStatus(page)).toContainText("not live until Update");

  await sidebar(page).getByRole("link", { name: "All Posts" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Your changes are saved but not live" });
  await expect(dialog).toContainText(
    `The public page /blog/${post.slug} still shows the last Update.`,
  );
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Keep as draft changes" }).click();
  await expect(page).toHaveURL("/dashboard/posts");
  await expect(rowOf(page, title)).toContainText("Changes not live");
  await expectPublicText(browser, post.slug, "Live words.");

  // Back in the editor, the kept changes are there; this time they go live on the way out.
  await openEditor(page, edit);
  await expect(contentArea(page)).toHaveText("Changes for later.");
  await expect(page.getByRole("note", { name: "Changes not live" })).toContainText(
    "The public page shows the version of the last Update",
  );
  await retypeAndAutosave(page, "Changes for now.");
  await page.getByRole("link", { name: "Back to Overview" }).click();
  await dialog.getByRole("button", { name: "Update now" }).click();
  await expect(page).toHaveURL("/dashboard");
  await expectPublicText(browser, post.slug, "Changes for now.");

  // Discard drops them: the editor then opens on what the public reads.
  await openEditor(page, edit);
  await retypeAndAutosave(page, "Second thoughts.");
  await sidebar(page).getByRole("link", { name: "All Posts" }).click();
  await dialog.getByRole("button", { name: "Discard" }).click();
  await expect(page).toHaveURL("/dashboard/posts");
  await expect(rowOf(page, title)).not.toContainText("Changes not live");
  await openEditor(page, edit);
  await expect(contentArea(page)).toHaveText("Changes for now.");
  await expectPublicText(browser, post.slug, "Changes for now.");
});

test("Ctrl/Cmd+S saves and stays: a new post, a scheduled post, a published post", async ({
  page,
  browser,
  createStaff,
  db,
}) => {
  await signInAs(page, await createStaff());
  await openEditor(page);
  const title = uniqueTitle("Keyboard");
  await fillBasics(page, title, "Saved by keyboard.");
  await page.keyboard.press("ControlOrMeta+s");
  await expectSavedInEditor(page, "Content created successfully!");
  await expect(shownStatus(page)).toContainText("Draft: not on the public site");
  await page.keyboard.type(" Twice.");
  await page.keyboard.press("ControlOrMeta+s");
  await expectSavedInEditor(page, "Content saved successfully!");

  const scheduled = await createPost(db, {
    title: uniqueTitle("Keyboard scheduled"),
    status: "scheduled",
    scheduledAt: fromNow(HOUR),
    timezone: "Europe/Paris",
  });
  await openEditor(page, `?id=${scheduled.id}&type=post`);
  await page.getByLabel("Excerpt").fill("Fixed before it goes out.");
  await page.keyboard.press("ControlOrMeta+s");
  await expect(toast(page, "Content updated successfully!")).toContainText(
    "Saved: this version goes live on",
  );
  await expect(page).toHaveURL(`/dashboard/create?id=${scheduled.id}&type=post`);
  await expect(shownStatus(page)).toContainText("Scheduled: goes live on");

  const published = await createPost(db, {
    title: uniqueTitle("Keyboard live"),
    content: "<p>Live.</p>",
  });
  await openEditor(page, `?id=${published.id}&type=post`);
  await contentArea(page).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Not yet live.");
  // Saved at once, without waiting for the pause in typing, and not published.
  await page.keyboard.press("ControlOrMeta+s");
  await expect(toast(page, "Content saved successfully!")).toContainText(
    "The public page shows them when you press Update.",
  );
  await expect(autosaveStatus(page)).toContainText("not live until Update");
  await expectPublicText(browser, published.slug, "Live.");
});

test("on a long post the header stays in view, and the restore offer is seen after a reload", async ({
  page,
  createStaff,
  db,
}) => {
  await signInAs(page, await createStaff());
  const paragraphs = Array.from(
    { length: 25 },
    (_, i) => `<p>Paragraph ${i + 1} of the guide.</p>`,
  );
  const post = await createPost(db, {
    title: uniqueTitle("Long guide"),
    status: "draft",
    content: paragraphs.join(""),
  });
  await blockAutosave(page);
  await openEditor(page, `?id=${post.id}&type=post`);
  const header = page.locator('[data-slot="editor-header"]');
  await caretToContentEnd(page, "Paragraph 25 of the guide.");
  await page.keyboard.type(" The end.");
  await expect(page.getByRole("button", { name: "Publish", exact: true })).toBeInViewport();
  await expect(header.getByLabel("Status: Draft")).toBeInViewport();
  await expect(autosaveStatus(page)).toBeInViewport();
  // The content's toolbar sticks below the header, not under it.
  const toolbar = await page.getByRole("toolbar", { name: "Formatting" }).boundingBox();
  const bar = await header.boundingBox();
  expect(toolbar && bar && toolbar.y >= bar.y + bar.height - 1).toBe(true);

  // This browser's copy is kept (the server is out of reach), and offered back after a reload.
  await page.clock.fastForward(1_000);
  await reloadLeavingChanges(page);
  // Wherever the page is scrolled to, the offer is in view.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(page.getByText("Paragraph 25 of the guide.")).toBeInViewport();
  await expect(restoreOffer(page)).toBeInViewport();
  await restoreOffer(page).getByRole("button", { name: "Restore" }).click();
  await expect(contentArea(page)).toContainText("Paragraph 25 of the guide. The end.");
});
