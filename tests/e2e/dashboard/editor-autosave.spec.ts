import type { Page } from "@playwright/test";
import { expect, signInAs, test } from "#tests/e2e/fixtures.ts";
import { createPost } from "#tests/factories/post.ts";
import { editorReady, restoreOffer, settingsPanel } from "./editor-fields.ts";
import {
  AUTOSAVE_URL,
  autosaveStatus,
  contentArea,
  expectSaved,
  expectSavedInEditor,
  fillBasics,
  openEditor,
  SAVED_STATE,
  uniqueTitle,
  visitorPage,
} from "./editor-helpers.ts";

// Autosave (docs/decisions/008-editor-saves.md): a draft is saved into itself a few seconds after
// typing stops, a published post into its working copy (the public page stays as it was until
// Update), failures are retried, and a save made from an older version never overwrites
// someone else's silently. The page's clock is Playwright's, so the autosave's 3-second pause in
// typing and its pauses between tries are skipped rather than waited for.

test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

/** Lets the autosave's pause in typing pass at once. */
const skipTypingPause = (page: Page) => page.clock.fastForward(3_000);

/**
 * Moves the page's clock on, past the pause in typing and any pause before a new try, until the
 * indicator says every change is on the server.
 */
async function expectAutosaved(page: Page) {
  await expect(async () => {
    await skipTypingPause(page);
    await expect(autosaveStatus(page)).toHaveText(SAVED_STATE, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/** The post as staff read it from the API, with this page's session. */
async function storedPost(page: Page, id: string) {
  const response = await page.request.get(`/api/posts/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { content: string; title: string; status: string };
}

/** Replaces the whole content with `text`. */
async function retype(page: Page, text: string) {
  await contentArea(page).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
}

test.describe("autosave", () => {
  test("a second post with a taken title shows the title's slug with -2 after its first save, and is public there", async ({
    page,
    browser,
    db,
    createStaff,
  }) => {
    await signInAs(page, await createStaff());
    const title = uniqueTitle("Same name");
    const taken = title.toLowerCase().replace(/ /g, "-");
    await createPost(db, { title, slug: taken, status: "published" });
    await openEditor(page);
    await fillBasics(page, title, "The second post of that name.");
    const slug = page.getByLabel("Slug");
    await expect(slug).toHaveValue(taken);
    await expectAutosaved(page);
    // The editor shows what the server stored, as saved: no change left over to autosave.
    await expect(slug).toHaveValue(`${taken}-2`);
    await expect(autosaveStatus(page)).toHaveText(/^Saved/);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expectSaved(page, "Content created successfully!");
    const visitor = await visitorPage(browser);
    const response = await visitor.goto(`/blog/${taken}-2`);
    expect(response?.status()).toBe(200);
    await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await visitor.context().close();
  });

  test("a new post becomes a draft on its first autosave; a reload finds it on the server", async ({
    page,
    browser,
    createStaff,
  }) => {
    await signInAs(page, await createStaff());
    await openEditor(page);
    const title = uniqueTitle("Autosaved idea");
    await fillBasics(page, title, "Typed, never saved by hand.");
    await expectAutosaved(page);
    await expect(page).toHaveURL(/\/dashboard\/create\?id=[0-9a-f-]{36}&type=post$/);
    const id = new URL(page.url()).searchParams.get("id") ?? "";
    // The editor stayed: what is typed next goes to the same draft.
    await page.keyboard.type(" And more.");
    await expectAutosaved(page);
    expect(await storedPost(page, id)).toMatchObject({
      title,
      status: "draft",
      content: "<p>Typed, never saved by hand. And more.</p>",
    });
    await expect(settingsPanel(page)).toContainText("Draft");

    await page.reload();
    await editorReady(page);
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
    await expect(contentArea(page)).toHaveText("Typed, never saved by hand. And more.");
    await expect(restoreOffer(page)).toHaveCount(0);
    // A draft: nothing public.
    const visitor = await visitorPage(browser);
    const slug = await page.getByLabel("Slug", { exact: true }).inputValue();
    expect((await visitor.request.get(`/blog/${slug}`)).status()).toBe(404);
    await visitor.context().close();
  });

  test("a new post its autosave made a draft is still created by its first Publish", async ({
    page,
    createStaff,
  }) => {
    await signInAs(page, await createStaff());
    await openEditor(page);
    const title = uniqueTitle("Paused, then published");
    await fillBasics(page, title, "Written with a pause for thought.");
    await expectAutosaved(page);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    // The person never saved it by hand: this is its creation, not an update.
    await expectSaved(page, "Content created successfully!");
  });

  test("under a flaky network it keeps retrying and loses no keystroke shown as saved", async ({
    page,
    createStaff,
    db,
  }) => {
    test.slow();
    await signInAs(page, await createStaff());
    const post = await createPost(db, { title: uniqueTitle("Flaky"), status: "draft" });
    let failuresLeft = 2;
    await page.route(AUTOSAVE_URL, async (route) => {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        await route.abort("connectionreset");
        return;
      }
      await route.continue();
    });
    await openEditor(page, `?id=${post.id}&type=post`);
    await retype(page, "One.");
    await skipTypingPause(page);
    await expect(autosaveStatus(page)).toHaveText("Not saved: retrying", { timeout: 10_000 });
    // Typing goes on while the tries fail; the next try carries it too.
    await page.keyboard.type(" Two.");
    await expectAutosaved(page);
    expect(failuresLeft).toBe(0);
    expect((await storedPost(page, post.id)).content).toBe("<p>One. Two.</p>");

    // A save that answers after more typing is not "saved" until that typing is saved too.
    await page.unroute(AUTOSAVE_URL);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(AUTOSAVE_URL, async (route) => {
      await held;
      await route.continue();
    });
    await page.keyboard.type(" Three.");
    await skipTypingPause(page);
    await expect(autosaveStatus(page)).toHaveText("Saving...", { timeout: 10_000 });
    await page.keyboard.type(" Four.");
    release();
    await expect(autosaveStatus(page)).not.toHaveText(/^Saved/);
    await expectAutosaved(page);
    expect((await storedPost(page, post.id)).content).toBe("<p>One. Two. Three. Four.</p>");
  });

  test("a published post keeps its changes in a working copy; the public page changes on Update", async ({
    page,
    browser,
    createStaff,
    db,
  }) => {
    await signInAs(page, await createStaff());
    const post = await createPost(db, {
      title: uniqueTitle("Live"),
      content: "<p>What the public reads.</p>",
    });
    await openEditor(page, `?id=${post.id}&type=post`);
    await retype(page, "The next version.");
    await expectAutosaved(page);
    const notice = page.getByRole("note", { name: "Changes not live" });
    await expect(notice).toContainText("The public page shows the version of the last Update");
    await expect(autosaveStatus(page)).toContainText("not live until Update");

    const visitor = await visitorPage(browser);
    const publicContent = async () =>
      (
        (await (await visitor.request.get(`/api/posts/slug/${post.slug}`)).json()) as {
          content: string;
        }
      ).content;
    expect(await publicContent()).toBe("<p>What the public reads.</p>");
    expect((await storedPost(page, post.id)).status).toBe("published");

    // The changes are the server's: another visit of the editor continues from them.
    await page.reload();
    await editorReady(page);
    await expect(contentArea(page)).toHaveText("The next version.");
    await expect(notice).toContainText("Saved on the server");
    await expect(restoreOffer(page)).toHaveCount(0);

    await page.getByRole("button", { name: "Update", exact: true }).click();
    await expectSaved(page, "Content updated successfully!");
    await expect.poll(publicContent, { timeout: 15_000 }).toBe("<p>The next version.</p>");
    await visitor.context().close();
  });

  test("two people on one post: the later save gets the conflict, and nothing is lost", async ({
    page,
    browser,
    createStaff,
    db,
  }) => {
    test.slow();
    const post = await createPost(db, {
      title: uniqueTitle("Shared"),
      status: "draft",
      content: "<p>Start.</p>",
    });
    await signInAs(page, await createStaff({ firstName: "Ada" }));
    const other = await browser.newPage({ baseURL: String(test.info().project.use.baseURL) });
    await other.clock.install();
    await signInAs(other, await createStaff({ firstName: "Bea" }));
    await openEditor(page, `?id=${post.id}&type=post`);
    await openEditor(other, `?id=${post.id}&type=post`);

    await retype(page, "Ada's words.");
    await expectAutosaved(page);

    // Bea started from the older version: her autosave is refused, not written over Ada's.
    await retype(other, "Bea's words.");
    await skipTypingPause(other);
    const dialog = other.getByRole("alertdialog", {
      name: "This post was changed by someone else",
    });
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await expect(dialog).toContainText("saved this post at");
    expect((await storedPost(page, post.id)).content).toBe("<p>Ada's words.</p>");

    // Load theirs: Ada's version in the editor, Bea's offered back from this browser.
    await dialog.getByRole("button", { name: "Load their version" }).click();
    await editorReady(other);
    await expect(contentArea(other)).toHaveText("Ada's words.");
    await restoreOffer(other).getByRole("button", { name: "Restore" }).click();
    await expect(contentArea(other)).toHaveText("Bea's words.");
    await expectAutosaved(other);
    expect((await storedPost(page, post.id)).content).toBe("<p>Bea's words.</p>");

    // Now Ada is the one behind: she overwrites deliberately.
    await page.keyboard.type(" Again.");
    await skipTypingPause(page);
    const adaDialog = page.getByRole("alertdialog", {
      name: "This post was changed by someone else",
    });
    await expect(adaDialog).toBeVisible({ timeout: 20_000 });
    await adaDialog.getByRole("button", { name: "Overwrite with mine" }).click();
    await expectAutosaved(page);
    expect((await storedPost(page, post.id)).content).toBe("<p>Ada's words. Again.</p>");
    await other.close();
  });
});

test.describe("history", () => {
  test("lists the saves, shows one as it looked, and restores it", async ({
    page,
    createStaff,
    db,
  }) => {
    await signInAs(page, await createStaff());
    const post = await createPost(db, { title: uniqueTitle("Versions"), status: "draft" });
    for (const text of ["First version.", "Second version."]) {
      await openEditor(page, `?id=${post.id}&type=post`);
      await retype(page, text);
      await page.getByRole("button", { name: "Save draft", exact: true }).click();
      await expectSavedInEditor(page, "Content saved successfully!");
    }

    await openEditor(page, `?id=${post.id}&type=post`);
    await page.getByRole("button", { name: "History" }).click();
    const history = page.getByRole("dialog", { name: "History" });
    const versions = history
      .getByRole("navigation", { name: "Saved versions" })
      .getByRole("button");
    await expect(versions).toHaveCount(2);
    await expect(versions.first()).toContainText("Saved as draft");
    // Each save says when, always with its date: "7 Dec 2026, 17:03".
    await expect(versions.first()).toContainText(/\b\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/);
    const shown = history.getByRole("region", { name: "Saved version" });
    await expect(shown.locator(".prose-post")).toHaveText("Second version.");

    await versions.last().click();
    await expect(shown.locator(".prose-post")).toHaveText("First version.");
    await shown.getByRole("button", { name: "Restore this version" }).click();
    await expect(history).toBeHidden();
    await expect(contentArea(page)).toHaveText("First version.");
    expect((await storedPost(page, post.id)).content).toBe("<p>First version.</p>");

    await page.getByRole("button", { name: "History" }).click();
    await expect(versions.first()).toContainText("Restored an earlier version");
    await expect(versions).toHaveCount(3);
  });
});
