import { expect, signInAs, test } from "#tests/e2e/fixtures.ts";
import { createPost } from "#tests/factories/post.ts";
import { editorReady, readEveryField, restoreOffer, settingsPanel } from "./editor-fields.ts";
import {
  blockAutosave,
  caretToContentEnd,
  openEditor,
  staffPostTitled,
  uniqueTitle,
} from "./editor-helpers.ts";

// A session that ends while a post is edited keeps the work (docs/product/editor.md#editor): the
// save answers 401, the copy is written before the sign-in redirect, and signing in leads back to
// the same editor with the offer to restore it.

// These specs are about this browser's copy: autosave is kept from reaching the server, as when
// the connection is down, so the copy is all there is.
test.beforeEach(async ({ page }) => {
  await blockAutosave(page);
});

test("the session ends mid-edit: sign in again, back in the same editor, restore, nothing lost", async ({
  page,
  createStaff,
  db,
}) => {
  test.slow();
  const staff = await createStaff();
  await signInAs(page, staff);
  const title = uniqueTitle("Long edit");
  const post = await createPost(db, {
    title,
    excerpt: "Before the edit.",
    content: "<p>First paragraph.</p>",
    tags: ["before"],
  });
  const editorAddress = `/dashboard/create?id=${post.id}&type=post`;
  await openEditor(page, `?id=${post.id}&type=post`);

  await page.getByLabel("Excerpt").fill("Written while the session ran out.");
  // The caret after the post's own paragraph, once the editor shows it.
  await caretToContentEnd(page, "First paragraph.");
  await page.keyboard.press("Enter");
  await page.keyboard.type("A second paragraph.");
  await page.getByLabel("Tags").fill("after, session");
  await settingsPanel(page).getByLabel("Time zone").selectOption("Asia/Tokyo");
  const typed = await readEveryField(page);

  // The session ends: its cookies are gone from the browser.
  await page.context().clearCookies({ name: /session/ });
  await page.getByRole("button", { name: "Update", exact: true }).click();
  await page.waitForURL(/\/login\?/);
  expect(new URL(page.url()).searchParams.get("returnTo")).toBe(editorAddress);

  await page.getByLabel("Email").fill(staff.email);
  await page.getByLabel("Password").fill(staff.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(editorAddress);
  await editorReady(page);
  // The server still holds the post as it was; the browser holds the edit.
  await expect(page.getByLabel("Excerpt")).toHaveValue("Before the edit.");
  await restoreOffer(page).getByRole("button", { name: "Restore" }).click();
  expect(await readEveryField(page)).toEqual(typed);
  expect((await staffPostTitled(page, title)).excerpt).toBe("Before the edit.");

  await page.getByRole("button", { name: "Update", exact: true }).click();
  await expect(page).toHaveURL("/dashboard/posts");
  const saved = await staffPostTitled(page, title);
  expect(saved.excerpt).toBe("Written while the session ran out.");
  expect(saved.content).toBe("<p>First paragraph.</p><p>A second paragraph.</p>");
  expect(saved.tags).toEqual(["after", "session"]);
});
