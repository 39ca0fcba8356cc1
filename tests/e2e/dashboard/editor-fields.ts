import type { Dialog, Page } from "@playwright/test";
import sharp from "sharp";
import { expect } from "#tests/e2e/fixtures.ts";
import { contentArea, toolbarButton } from "./editor-helpers.ts";

// Filling in and reading back every field of the editor, for the specs of its local copy: what
// is read before a reload or a sign-in must come back exactly after Restore.

/** Every field of the editor as the page shows it. */
export type EditorFields = {
  title: string;
  slug: string;
  excerpt: string;
  category: string;
  packType: string;
  marketplaceUrl: string;
  releaseDate: string;
  trailerUrl: string;
  /** The content as the rich-text editor renders it. */
  content: string;
  image: string | null;
  imageAlt: string;
  tags: string;
  timezone: string;
};

/** The Post Settings panel. */
export function settingsPanel(page: Page) {
  return page.getByRole("region", { name: "Post Settings" });
}

/** The status the Post Settings panel shows (the server's). */
export function shownStatus(page: Page) {
  return settingsPanel(page).locator('[data-slot="post-status"]');
}

/** The offer to restore changes this browser kept. */
export function restoreOffer(page: Page) {
  return page.getByRole("region", { name: /^Restore unsaved changes from / });
}

/** A PNG to upload as the featured image. */
export function featuredPng(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 630, channels: 3, background: "#0891b2" } })
    .png()
    .toBuffer();
}

/**
 * Fills in every field of a marketplace world: title, its own slug, excerpt, pack type, links,
 * release date, an uploaded image with its description, formatted content, tags, and a time
 * zone other than the browser's.
 */
export async function fillEveryField(page: Page, title: string) {
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Slug").fill(`${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-own`);
  await page.getByLabel("Excerpt").fill("A world in the clouds.\nWith two lines.");
  await page.getByLabel("Category").selectOption("marketplace-content");
  await page.getByLabel("Pack type").selectOption("world");
  await page.getByLabel("Marketplace URL").fill("https://www.minecraft.net/marketplace/pdp?id=sky");
  await page.getByLabel(/Release date/).fill("2099-07-04");
  await page
    .getByLabel("Trailer video URL (optional)")
    .fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  await page.getByLabel("Featured image").setInputFiles({
    name: "sky.png",
    mimeType: "image/png",
    buffer: await featuredPng(),
  });
  await expect(page.getByLabel("Upload progress")).toHaveCount(0);
  await page.getByLabel("Image description (alt text)").fill("Islands over the sea");
  await contentArea(page).click();
  await toolbarButton(page, "Heading 2").click();
  await page.keyboard.type("Sky islands");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Float ");
  await toolbarButton(page, "Bold").click();
  await page.keyboard.type("high");
  await toolbarButton(page, "Bold").click();
  await page.keyboard.type(" above.");
  await page.getByLabel("Tags").fill("worlds, sky islands");
  await settingsPanel(page).getByLabel("Time zone").selectOption("Europe/Berlin");
}

/** Reads every field back (the marketplace ones only where they are shown). */
export async function readEveryField(page: Page): Promise<EditorFields> {
  const value = async (label: string | RegExp) => {
    const field = page.getByLabel(label, { exact: typeof label === "string" });
    return (await field.count()) > 0 ? field.inputValue() : "";
  };
  const preview = page.locator('[data-slot="featured-image-field"] img');
  return {
    title: await value("Title"),
    slug: await value("Slug"),
    excerpt: await value("Excerpt"),
    category: await value("Category"),
    packType: await value("Pack type"),
    marketplaceUrl: await value("Marketplace URL"),
    releaseDate: await value(/Release date/),
    trailerUrl: await value("Trailer video URL (optional)"),
    content: await contentArea(page).innerHTML(),
    image: (await preview.count()) > 0 ? await preview.getAttribute("src") : null,
    imageAlt: await value("Image description (alt text)"),
    tags: await value("Tags"),
    timezone: await settingsPanel(page).getByLabel("Time zone").inputValue(),
  };
}

/** Waits until the editor shows a post's form, after a navigation that page.goto did not make. */
export async function editorReady(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(contentArea(page)).toBeVisible();
}

/**
 * Reloads the page, answering the browser's "leave this page?" question (which must come, as a
 * beforeunload dialog) with Leave; then waits for the editor.
 */
export async function reloadLeavingChanges(page: Page) {
  const asked: Dialog[] = [];
  const answer = async (dialog: Dialog) => {
    asked.push(dialog);
    await dialog.accept();
  };
  page.on("dialog", answer);
  await page.reload();
  page.off("dialog", answer);
  expect(asked.map((dialog) => dialog.type())).toEqual(["beforeunload"]);
  await editorReady(page);
}
