import { expect, expectNoSeriousA11yViolations, signInAs, test } from "#tests/e2e/fixtures.ts";
import { createPost } from "#tests/factories/post.ts";
import {
  editorReady,
  fillEveryField,
  readEveryField,
  reloadLeavingChanges,
  restoreOffer,
  shownStatus,
} from "./editor-fields.ts";
import {
  blockAutosave,
  contentArea,
  expectSavedInEditor,
  fillBasics,
  openEditor,
  staffPostTitled,
  uniqueTitle,
} from "./editor-helpers.ts";

// The editor's local copy (docs/product/editor.md#editor): what is typed is kept in this browser
// until the server holds it, and offered back when the editor opens again.

/** The copy stored for this key, as the page's localStorage holds it. */
function storedCopy(page: import("@playwright/test").Page, key: string) {
  return page.evaluate((name) => window.localStorage.getItem(name), key);
}

// These specs are about this browser's copy: autosave is kept from reaching the server, as when
// the connection is down, so the copy is all there is.
test.beforeEach(async ({ page }) => {
  await blockAutosave(page);
});

test.describe("the local copy", () => {
  // The offer names the copy's time in the browser's zone: a fixed clock and zone make it known.
  test.use({ timezoneId: "Europe/Berlin", locale: "en-GB" });

  test("typed, reloaded, offered and restored: every field comes back exactly", async ({
    page,
    createStaff,
  }) => {
    test.slow();
    await signInAs(page, await createStaff());
    // 11:03 UTC is 12:03 in Berlin in March. Timers keep running; only the date is fixed.
    await page.clock.setFixedTime(new Date("2027-03-14T11:03:00Z"));
    await openEditor(page);
    await expect(restoreOffer(page)).toHaveCount(0);
    const title = uniqueTitle("Sky islands");
    await fillEveryField(page, title);
    const typed = await readEveryField(page);
    expect(typed.image).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);

    await reloadLeavingChanges(page);
    // The page opens on the server's form (an empty one) with the offer above it.
    const offer = restoreOffer(page);
    await expect(offer.getByRole("heading")).toHaveText(
      "Restore unsaved changes from 14 Mar 2027, 12:03?",
    );
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");
    await expectNoSeriousA11yViolations(page);
    await offer.getByRole("button", { name: "Restore" }).click();
    await expect(offer).toHaveCount(0);
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
    expect(await readEveryField(page)).toEqual(typed);
    // Restoring does not save: the post is still new.
    await expect(shownStatus(page)).toContainText("Not saved yet");

    // Restored values are saved like typed ones, and the copy goes once the server holds them.
    await page.getByRole("button", { name: "Save draft" }).click();
    await expectSavedInEditor(page, "Content created successfully!");
    const saved = await staffPostTitled(page, title);
    expect(saved).toMatchObject({
      slug: typed.slug,
      excerpt: "A world in the clouds.\nWith two lines.",
      packType: "world",
      releaseDate: "2099-07-04T00:00:00.000Z",
      tags: ["worlds", "sky islands"],
      featuredImageAlt: "Islands over the sea",
    });
    expect(saved.content).toContain("<strong>high</strong>");
    expect(await storedCopy(page, "studio-editor:new")).toBeNull();
  });

  test("Discard drops the copy; an edited post's copy is kept under its id", async ({
    page,
    createStaff,
    db,
  }) => {
    await signInAs(page, await createStaff());
    const post = await createPost(db, { title: uniqueTitle("Kept"), status: "draft" });
    await openEditor(page, `?id=${post.id}&type=post`);
    await page.getByLabel("Excerpt").fill("Changed but not saved.");
    await reloadLeavingChanges(page);
    const copy = JSON.parse((await storedCopy(page, `studio-editor:${post.id}`)) ?? "null") as {
      basedOn: string;
      values: { excerpt: string };
    } | null;
    expect(copy?.values.excerpt).toBe("Changed but not saved.");
    expect(copy?.basedOn).toBe(post.updatedAt);

    await restoreOffer(page).getByRole("button", { name: "Discard" }).click();
    await expect(restoreOffer(page)).toHaveCount(0);
    await expect(page.getByLabel("Excerpt")).toHaveValue(post.excerpt ?? "");
    expect(await storedCopy(page, `studio-editor:${post.id}`)).toBeNull();
    // Nothing changed since: the page reloads without asking, and offers nothing.
    await page.reload();
    await editorReady(page);
    await expect(restoreOffer(page)).toHaveCount(0);
  });

  test("a copy that equals what the server holds is dropped without an offer", async ({
    page,
    createStaff,
    db,
  }) => {
    await signInAs(page, await createStaff());
    const post = await createPost(db, { title: uniqueTitle("Same"), status: "draft" });
    await openEditor(page, `?id=${post.id}&type=post`);
    const excerpt = page.getByLabel("Excerpt");
    // Typed, then typed back: the copy is written on the way and removed when they match again.
    await excerpt.fill(`${post.excerpt} And more.`);
    await expect.poll(() => storedCopy(page, `studio-editor:${post.id}`)).not.toBeNull();
    await excerpt.fill(post.excerpt ?? "");
    await expect.poll(() => storedCopy(page, `studio-editor:${post.id}`)).toBeNull();
    await page.reload();
    await editorReady(page);
    await expect(restoreOffer(page)).toHaveCount(0);
  });

  test("a stored entry that is corrupt, of another version or huge is ignored, and typing goes on", async ({
    page,
    createStaff,
  }) => {
    await signInAs(page, await createStaff());
    await openEditor(page);
    for (const entry of [
      "{not json",
      JSON.stringify({ version: 99, savedAt: new Date().toISOString(), values: {} }),
      JSON.stringify({ version: 1, padding: "x".repeat(2_100_000) }),
    ]) {
      await page.evaluate((text) => window.localStorage.setItem("studio-editor:new", text), entry);
      await page.reload();
      await editorReady(page);
      await expect(restoreOffer(page)).toHaveCount(0);
      expect(await storedCopy(page, "studio-editor:new")).toBeNull();
    }

    // A storage that refuses every write (full) does not stop typing, and the panel says so.
    await page.evaluate(() => {
      Storage.prototype.setItem = () => {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      };
    });
    const title = uniqueTitle("Full storage");
    await fillBasics(page, title, "Still typing.");
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
    await expect(contentArea(page)).toHaveText("Still typing.");
    await expect(
      page.getByText("could not keep a copy of your latest changes", { exact: false }),
    ).toBeVisible();
  });
});
