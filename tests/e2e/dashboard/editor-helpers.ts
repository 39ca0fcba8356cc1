import { randomBytes } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import type { Post } from "#common/types/post.ts";
import { expect, test } from "#tests/e2e/fixtures.ts";

/** A title no other test uses, so lists shared with parallel specs can be searched for it. */
export function uniqueTitle(prefix: string): string {
  return `${prefix} ${randomBytes(6).toString("hex")}`;
}

/** The editor's editable content area. */
export function contentArea(page: Page) {
  return page.getByRole("textbox", { name: "Content", exact: true });
}

/** A toolbar button of the content editor. */
export function toolbarButton(page: Page, name: string) {
  return page.getByRole("toolbar", { name: "Formatting" }).getByRole("button", {
    name,
    exact: true,
  });
}

/**
 * Puts the caret at the end of the content, as a person does: a click in the text, then Ctrl+End.
 * The editor (ProseMirror) takes the caret from the browser's selection on its own schedule, and
 * on a busy machine a key pressed before it has done so lands where it last knew the caret to be
 * (at first, the start). So this waits until the editor's own state has the caret at the end,
 * pressing Ctrl+End again if the editor put the browser's caret back meanwhile (it may, once,
 * shortly after it takes focus, when it has not read the browser's selection yet).
 */
export async function caretToContentEnd(page: Page, text: string) {
  await contentArea(page).getByText(text).click();
  await expect(async () => {
    await page.keyboard.press("ControlOrMeta+End");
    await expect
      .poll(() => editorSelection(page), { timeout: 1_000 })
      .toMatchObject({ empty: true, atEnd: true });
  }).toPass({ timeout: 10_000 });
}

/**
 * The selection as the editor's own state holds it (which a toolbar button or a key acts on), not
 * the browser's: whether it is empty, whether it ends where the content does, and its text.
 */
export function editorSelection(page: Page) {
  return contentArea(page).evaluate((element) => {
    type EditorState = {
      selection: { empty: boolean; from: number; to: number };
      doc: { content: { size: number }; textBetween(from: number, to: number): string };
    };
    // TipTap puts the editor on its editable element.
    const { editor } = element as HTMLElement & { editor?: { state: EditorState } };
    if (!editor) return null;
    const { selection, doc } = editor.state;
    return {
      empty: selection.empty,
      // The end of the last paragraph's text, one step inside the document's end.
      atEnd: selection.to === doc.content.size - 1,
      text: doc.textBetween(selection.from, selection.to),
    };
  });
}

/** Opens the Create section (with an optional query string) once the editor is ready. */
export async function openEditor(page: Page, search = "") {
  await page.goto(`/dashboard/create${search}`);
  // Hydrated first: keys pressed in the server's markup before React takes over are lost, or
  // land where the caret was before the editor set its content.
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(contentArea(page)).toBeVisible();
}

/** Fills the fields every post needs: title and some content. */
export async function fillBasics(page: Page, title: string, text = "Some words for the post.") {
  await page.getByLabel("Title", { exact: true }).fill(title);
  await contentArea(page).click();
  await page.keyboard.type(text);
}

/** The toast on screen with this title. */
export function toast(page: Page, title: string) {
  return page.locator('[data-slot="toast"]').filter({ hasText: title });
}

/**
 * Waits for a save to finish: back on All Posts, with the toast the person sees there (shown
 * once the section is on the screen, for its whole 5 s).
 */
export async function expectSaved(page: Page, message: string) {
  await expect(page).toHaveURL("/dashboard/posts");
  await expect(toast(page, message)).toBeVisible();
}

/**
 * A save that keeps the writer in the editor (Save draft, Ctrl/Cmd+S): its toast, and the editor
 * still open, at the saved post's own address.
 */
export async function expectSavedInEditor(page: Page, message: string) {
  await expect(toast(page, message)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/create\?id=[0-9a-f-]{36}&type=(post|portfolio)$/);
}

/** Every post as staff see it (GET /api/posts), from the signed-in page's session. */
export async function staffPosts(page: Page): Promise<Post[]> {
  const response = await page.request.get("/api/posts");
  expect(response.status()).toBe(200);
  return (await response.json()) as Post[];
}

/** The post with this title, as staff see it. */
export async function staffPostTitled(page: Page, title: string): Promise<Post> {
  const post = (await staffPosts(page)).find((candidate) => candidate.title === title);
  if (!post) throw new Error(`no post titled ${title}`);
  return post;
}

/** A page in a fresh browser context: an anonymous visitor, with outside hosts blocked. */
export async function visitorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: String(test.info().project.use.baseURL),
  });
  await context.route(
    (url) => url.hostname !== "127.0.0.1" && url.hostname !== "localhost",
    (route) => route.abort("blockedbyclient"),
  );
  return context.newPage();
}

/**
 * What the save state says once every change is on the server: "Saved 14 Mar 2027, 12:03", a
 * staff time with its date, then for a public post " · not live until Update".
 */
export const SAVED_STATE = /^Saved \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/;

/** Every autosave call of the editor (a new post's, and an existing post's). */
export const AUTOSAVE_URL = /\/api\/posts\/(?:[^/?]+\/)?autosave(?:\?|$)/;

/**
 * Autosave requests fail as if the server could not be reached, so only this browser's copy
 * holds what is typed: for the specs about that copy and the guard against leaving.
 */
export async function blockAutosave(page: Page) {
  await page.route(AUTOSAVE_URL, (route) => route.abort("internetdisconnected"));
}

/** The autosave indicator beside the editor's actions. */
export function autosaveStatus(page: Page) {
  return page.getByTestId("autosave-status");
}
