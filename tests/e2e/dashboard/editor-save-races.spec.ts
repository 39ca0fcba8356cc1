import type { Browser, Page } from "@playwright/test";
import { expect, test } from "#tests/e2e/fixtures.ts";
import { type OwnServer, startOwnServer } from "#tests/e2e/own-server.ts";
import {
  AUTOSAVE_URL,
  contentArea,
  expectSavedInEditor,
  fillBasics,
  openEditor,
  staffPosts,
  toast,
  uniqueTitle,
} from "./editor-helpers.ts";
import { sidebar } from "./helpers.ts";

// Every action of the editor saves the post being edited, whatever its autosave is doing
// (docs/product/editor.md#editor-actions): a new post's first autosave may create it before,
// during or after the action's confirmation, and the action then saves that post instead of
// creating a second one with the same slug. The page's clock is Playwright's, so the autosave's
// 3-second pause is skipped on demand rather than waited for.

/** A new post's autosave, held at the server's door until `release`. */
async function holdAutosave(page: Page) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let arrived: () => void = () => {};
  const requested = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  await page.route(AUTOSAVE_URL, async (route) => {
    arrived();
    await gate;
    await route.continue().catch(() => {});
  });
  return { requested, release, stop: () => page.unroute(AUTOSAVE_URL) };
}

/**
 * A new post's editor: from the sidebar once the dashboard is open (no page load), so the twenty
 * rounds below cost seconds, not minutes.
 */
async function openNewEditor(page: Page) {
  const link = sidebar(page).getByRole("link", { name: "Create Post" });
  if (!(await link.isVisible())) {
    await openEditor(page);
    return;
  }
  await link.click();
  await expect(page).toHaveURL("/dashboard/create");
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");
  await expect(contentArea(page)).toBeVisible();
}

/** Lets the autosave's pause in typing pass at once. */
const skipTypingPause = (page: Page) => page.clock.fastForward(3_000);

/** The posts with this title, as staff see them: one, however the saves met. */
async function postsTitled(page: Page, title: string) {
  return (await staffPosts(page)).filter((post) => post.title === title);
}

/** Where the new post's first autosave is when the action's confirmation is answered. */
const RACES = [
  "answered before the action",
  "on its way while the question is open",
  "answered while the question is open",
  "started while the question is open",
  "not started at all",
] as const;

type Race = (typeof RACES)[number];

/**
 * Runs "Publish and e-mail subscribers" on a new post with its first autosave at `race`; the
 * question is answered with `confirm`.
 */
async function publishAndEmailWith(page: Page, race: Race, title: string) {
  await openNewEditor(page);
  const held = race === "answered before the action" ? null : await holdAutosave(page);
  await fillBasics(page, title, "The release is out.");
  const question = page.getByRole("alertdialog", { name: "Publish and e-mail subscribers?" });
  const ask = async () => {
    await page.getByRole("button", { name: "Publish and e-mail subscribers" }).click();
    await expect(question).toBeVisible();
  };
  const confirm = () => question.getByRole("button", { name: "Publish and e-mail" }).click();
  if (race === "answered before the action") {
    const saved = page.waitForResponse(AUTOSAVE_URL);
    await skipTypingPause(page);
    expect((await saved).status()).toBe(201);
    await ask();
    await confirm();
  } else if (race === "on its way while the question is open") {
    await skipTypingPause(page);
    await held?.requested;
    await ask();
    await confirm();
    held?.release();
  } else if (race === "answered while the question is open") {
    await skipTypingPause(page);
    await held?.requested;
    await ask();
    const saved = page.waitForResponse(AUTOSAVE_URL);
    held?.release();
    expect((await saved).status()).toBe(201);
    await confirm();
  } else if (race === "started while the question is open") {
    await ask();
    await skipTypingPause(page);
    await held?.requested;
    await confirm();
    held?.release();
  } else {
    await ask();
    await confirm();
    held?.release();
  }
  await expect(page).toHaveURL("/dashboard/newsletters");
  await expect(toast(page, "Published and sending")).toBeVisible();
  await held?.stop();
}

test.describe("saving while autosave runs", () => {
  let server: OwnServer;
  const owner = { email: "owner@save-races.test", password: "owner-save-races-pw" };
  test.beforeAll(async () => {
    // A site of its own: its sendings use no one else's share of the mail pace.
    server = await startOwnServer({
      ADMIN_EMAIL: owner.email,
      ADMIN_PASSWORD: owner.password,
      NEWSLETTER_DOUBLE_OPT_IN: "0",
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  /** A page of the own server, signed in as its owner, with a clock the test moves. */
  async function ownerPage(browser: Browser) {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await page.clock.install();
    const signIn = await page.request.post("/api/auth/sign-in/email", {
      data: owner,
      headers: { origin: server.url },
    });
    expect(signIn.status()).toBe(200);
    return page;
  }

  test("Publish and e-mail from a new post succeeds 20 times of 20, wherever its autosave is", async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const page = await ownerPage(browser);
    for (const email of ["reader-1@example.com", "reader-2@example.com"]) {
      const subscribed = await page.request.post("/api/newsletter/subscribe", {
        data: { email },
        headers: { origin: server.url },
      });
      expect(subscribed.status()).toBe(200);
    }
    for (let round = 0; round < 20; round += 1) {
      const race = RACES[round % RACES.length] ?? RACES[0];
      const title = uniqueTitle(`Release ${round + 1}`);
      await test.step(`${round + 1}: autosave ${race}`, async () => {
        await publishAndEmailWith(page, race, title);
        const posts = await postsTitled(page, title);
        expect(posts.map((post) => post.status)).toEqual(["published"]);
      });
    }
    await page.context().close();
  });

  test("Publish, Schedule and Save draft save the post its autosave is creating", async ({
    browser,
  }) => {
    test.slow();
    const page = await ownerPage(browser);
    const actions = [
      { button: "Publish", status: "published" },
      { button: "Schedule", status: "scheduled" },
      { button: "Save draft", status: "draft" },
    ] as const;
    for (const { button, status } of actions) {
      await test.step(button, async () => {
        await openNewEditor(page);
        const held = await holdAutosave(page);
        const title = uniqueTitle(`${button} race`);
        await fillBasics(page, title, "Racing the autosave.");
        await skipTypingPause(page);
        await held.requested;
        await page.getByRole("button", { name: button, exact: true }).click();
        if (button === "Schedule") {
          const dialog = page.getByRole("dialog", { name: "Schedule Post" });
          await dialog.getByLabel("Date and time").fill("2099-05-01T09:00");
          // The autosave answers while the dialog is open; the schedule then saves that post.
          const saved = page.waitForResponse(AUTOSAVE_URL);
          held.release();
          await saved;
          await dialog.getByRole("button", { name: "Schedule Post" }).click();
        } else {
          held.release();
        }
        if (button === "Save draft")
          await expectSavedInEditor(page, "Content created successfully!");
        else await expect(page).toHaveURL("/dashboard/posts");
        await held.stop();
        const posts = await postsTitled(page, title);
        expect(posts.map((post) => post.status)).toEqual([status]);
      });
    }
    // Saved with Save draft, the post stays in the editor: more writing goes into the same post.
    await contentArea(page).click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type(" More.");
    await page.getByRole("button", { name: "Save draft", exact: true }).click();
    await expectSavedInEditor(page, "Content saved successfully!");
    await page.context().close();
  });
});
