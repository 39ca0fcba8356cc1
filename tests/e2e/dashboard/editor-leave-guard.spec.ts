import type { Dialog, Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, signInAs, test } from "#tests/e2e/fixtures.ts";
import { editorReady, restoreOffer } from "./editor-fields.ts";
import {
  blockAutosave,
  contentArea,
  fillBasics,
  openEditor,
  toast,
  uniqueTitle,
} from "./editor-helpers.ts";
import { pageHeading, sidebar } from "./helpers.ts";

// Leaving the editor with unsaved changes asks first (docs/product/editor.md#editor): inside the
// site with the "Leave without saving?" dialog, and for a reload or a closed tab with the browser's
// own question.

function leaveDialog(page: Page) {
  return page.getByRole("alertdialog", { name: "Leave without saving?" });
}

/** Every dialog the browser opens from now on, answered as Playwright does by default. */
function recordDialogs(page: Page): Dialog[] {
  const seen: Dialog[] = [];
  page.on("dialog", (dialog) => {
    seen.push(dialog);
    void dialog.dismiss();
  });
  return seen;
}

// These specs are about this browser's copy: autosave is kept from reaching the server, as when
// the connection is down, so the copy is all there is.
test.beforeEach(async ({ page }) => {
  await blockAutosave(page);
});

test.describe("leaving with unsaved changes", () => {
  test("a sidebar link or Back to Overview asks first: Stay keeps the text, Leave leaves", async ({
    page,
    createStaff,
  }) => {
    await signInAs(page, await createStaff());
    await openEditor(page);
    const title = uniqueTitle("Half written");
    await fillBasics(page, title, "Not saved yet.");

    await sidebar(page).getByRole("link", { name: "All Posts" }).click();
    const dialog = leaveDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Your changes are not saved.");
    await expect(page).toHaveURL("/dashboard/create");
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: "Stay" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL("/dashboard/create");
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
    await expect(contentArea(page)).toHaveText("Not saved yet.");

    await page.getByRole("link", { name: "Back to Overview" }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Leave" }).click();
    await expect(page).toHaveURL("/dashboard");
    await expect(pageHeading(page, /^Welcome, /)).toBeVisible();

    // The copy was kept: the editor offers it back.
    await sidebar(page).getByRole("link", { name: "Create Post" }).click();
    await editorReady(page);
    await expect(restoreOffer(page)).toBeVisible();
  });

  test("the browser's back button asks first", async ({ page, createStaff }) => {
    await signInAs(page, await createStaff());
    await page.goto("/dashboard/drafts");
    await page.getByRole("link", { name: "Create Post" }).first().click();
    await editorReady(page);
    await fillBasics(page, uniqueTitle("Going back"), "Typed.");

    await page.evaluate(() => window.history.back());
    const dialog = leaveDialog(page);
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Stay" }).click();
    await expect(page).toHaveURL("/dashboard/create");
    await expect(contentArea(page)).toHaveText("Typed.");

    await page.evaluate(() => window.history.back());
    await dialog.getByRole("button", { name: "Leave" }).click();
    await expect(page).toHaveURL("/dashboard/drafts");
  });

  test("reloading asks the browser's question only when something changed", async ({
    page,
    createStaff,
  }) => {
    await signInAs(page, await createStaff());
    await openEditor(page);
    const dialogs = recordDialogs(page);
    // Nothing typed: the reload goes through without a question.
    await page.reload();
    await editorReady(page);
    expect(dialogs).toEqual([]);

    await fillBasics(page, uniqueTitle("Reload"), "Typed before the reload.");
    // Answered with Stay (Playwright's default answer): the page and its text stay.
    await page.evaluate(() => window.location.reload());
    await expect.poll(() => dialogs.map((dialog) => dialog.type())).toEqual(["beforeunload"]);
    await expect(contentArea(page)).toHaveText("Typed before the reload.");
    // Closing the tab asks the same question.
    await page.close({ runBeforeUnload: true });
    await expect
      .poll(() => dialogs.map((dialog) => dialog.type()))
      .toEqual(["beforeunload", "beforeunload"]);
    expect(page.isClosed()).toBe(false);
    await expect(contentArea(page)).toHaveText("Typed before the reload.");
  });

  test("nothing asks after a successful save, nor when nothing changed", async ({
    page,
    createStaff,
  }) => {
    await signInAs(page, await createStaff());
    await openEditor(page);
    const dialogs = recordDialogs(page);
    await sidebar(page).getByRole("link", { name: "Drafts" }).click();
    await expect(page).toHaveURL("/dashboard/drafts");

    await sidebar(page).getByRole("link", { name: "Create Post" }).click();
    await editorReady(page);
    await fillBasics(page, uniqueTitle("Saved then left"));
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(toast(page, "Content created successfully!")).toBeVisible();
    await sidebar(page).getByRole("link", { name: "All Posts" }).click();
    await expect(page).toHaveURL("/dashboard/posts");
    await expect(leaveDialog(page)).toHaveCount(0);
    await page.reload();
    expect(dialogs).toEqual([]);
  });
});
