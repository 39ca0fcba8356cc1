import type { APIResponse, Page } from "@playwright/test";
import sharp from "sharp";
import type { MediaItem } from "#common/types/media.ts";
import { expect, signInAs, test } from "#tests/e2e/fixtures.ts";
import { createPost } from "#tests/factories/post.ts";
import {
  contentArea,
  fillBasics,
  openEditor,
  toast,
  toolbarButton,
  uniqueTitle,
  visitorPage,
} from "./editor-helpers.ts";
import { pageHeading, uniqueId } from "./helpers.ts";

// The media library (docs/product/dashboard.md#media-section), at 360 px: uploading, picking an
// image in the editor with its alt text, editing alt text, replacing a used file (the public page
// shows the new one) and deleting an unused and a used item.

const PHONE = { width: 360, height: 740 };
test.use({ viewport: PHONE });

async function png(color: string): Promise<Buffer> {
  return sharp({ create: { width: 80, height: 60, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** Uploads an image to the library as the signed-in page, with its alt text. */
async function uploadToLibrary(page: Page, name: string, alt: string): Promise<MediaItem> {
  const response: APIResponse = await page.request.post("/api/media", {
    multipart: {
      image: { name, mimeType: "image/png", buffer: await png("#1d4ed8") },
      alt,
    },
    headers: { origin: String(test.info().project.use.baseURL) },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as MediaItem;
}

async function openMedia(page: Page, search = "") {
  await page.goto(`/dashboard/media${search}`);
  await expect(pageHeading(page, "Media")).toBeVisible();
}

const stemOf = (fileName: string) => fileName.replace(/\.[a-z]+$/, "");

test("an employee uploads an image, describes it and deletes it while unused, on a phone", async ({
  page,
  createStaff,
}) => {
  await signInAs(page, await createStaff());
  await openMedia(page);
  const name = `upload-${uniqueId()}.png`;
  await page
    .getByLabel("Image file to upload")
    .setInputFiles({ name, mimeType: "image/png", buffer: await png("#16a34a") });
  const details = page.getByRole("dialog", { name });
  await expect(details).toBeVisible();
  await expect(details.getByText("Not used anywhere.")).toBeVisible();

  await details.getByLabel("Alt text").fill("A green field");
  await details.getByRole("button", { name: "Save details" }).click();
  await expect(toast(page, "Media updated")).toBeVisible();
  await page.keyboard.press("Escape");

  // Search finds it by its alt text; the unused filter keeps it.
  await openMedia(page, "?q=green+field&use=unused");
  const card = page.getByRole("list", { name: "Media grid" }).getByRole("button", { name });
  await expect(card).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth > innerWidth)).toBe(false);

  await card.click();
  await details.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog", { name: `Delete ${name}?` });
  await expect(confirm).toContainText("Nothing uses it.");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Media deleted")).toBeVisible();
  // The search kept only this image: the list now says nothing matches.
  await expect(card).toHaveCount(0);
  await expect(page.getByText("No images match this search or filter.")).toBeVisible();
});

test("the editor's Insert image picks an image of the library, and its alt text comes along", async ({
  page,
  createStaff,
}) => {
  await signInAs(page, await createStaff());
  const tag = uniqueId();
  const item = await uploadToLibrary(page, `castle-${tag}.png`, `The castle ${tag} at noon`);
  await openEditor(page);
  await fillBasics(page, uniqueTitle("Picked"), "Intro.");

  await toolbarButton(page, "Insert image").click();
  const dialog = page.getByRole("dialog", { name: "Insert image" });
  await dialog.getByRole("tab", { name: "Media library" }).click();
  await dialog.getByLabel("Search the media library").fill(tag);
  await dialog
    .getByRole("button", { name: `castle-${tag}.png: The castle ${tag} at noon` })
    .click();
  await expect(dialog.getByLabel("Image description (alt text)")).toHaveValue(
    `The castle ${tag} at noon`,
  );
  await dialog.getByRole("button", { name: "Insert image" }).click();
  await expect(dialog).toBeHidden();
  await expect(
    contentArea(page).getByRole("img", { name: `The castle ${tag} at noon` }),
  ).toHaveAttribute("src", item.url);

  // The featured image too: chosen from the library, its alt text fills the description.
  await page.getByRole("button", { name: "Choose from media library" }).first().click();
  const picker = page.getByRole("dialog", { name: "Choose featured image" });
  await picker.getByLabel("Search the media library").fill(tag);
  await picker.getByRole("button", { name: new RegExp(`castle-${tag}`) }).click();
  await picker.getByRole("button", { name: "Use image" }).click();
  await expect(page.getByLabel("Image description (alt text)")).toHaveValue(
    `The castle ${tag} at noon`,
  );

  // And a gallery's image, with its alt text.
  await toolbarButton(page, "Insert gallery").click();
  const gallery = page.getByRole("dialog", { name: "Insert gallery" });
  await gallery.getByRole("button", { name: "Choose from media library" }).click();
  const galleryPicker = page.getByRole("dialog", { name: "Choose gallery image" });
  await galleryPicker.getByLabel("Search the media library").fill(tag);
  await galleryPicker.getByRole("button", { name: new RegExp(`castle-${tag}`) }).click();
  await galleryPicker.getByRole("button", { name: "Use image" }).click();
  await expect(gallery.getByLabel("Image 1 description (alt text)")).toHaveValue(
    `The castle ${tag} at noon`,
  );
  await gallery.getByRole("button", { name: "Insert gallery" }).click();
  await expect(gallery).toBeHidden();
  await expect(contentArea(page).locator("[data-image-gallery] img")).toHaveAttribute(
    "src",
    item.url,
  );
});

test("replacing a used file: the public post page shows the new image", async ({
  page,
  browser,
  createStaff,
  db,
}) => {
  test.slow();
  await signInAs(page, await createStaff());
  const item = await uploadToLibrary(page, `banner-${uniqueId()}.png`, "The banner");
  const post = await createPost(db, {
    title: uniqueTitle("Banner post"),
    status: "published",
    content: `<p>Look.</p><p><img src="${item.url}" alt="The banner"></p>`,
  });
  const visitor = await visitorPage(browser);
  await visitor.goto(`/post/${post.slug}`);
  await expect(visitor.locator("article img").first()).toHaveAttribute(
    "src",
    new RegExp(stemOf(item.fileName)),
  );

  await openMedia(page, "?view=list");
  await page
    .getByRole("button", { name: `Details of ${item.originalName}` })
    .first()
    .click();
  const details = page.getByRole("dialog", { name: item.originalName });
  await expect(details.getByRole("link", { name: new RegExp(post.title) })).toBeVisible();
  await details
    .getByLabel("Replacement file")
    .setInputFiles({ name: "new-banner.png", mimeType: "image/png", buffer: await png("#dc2626") });
  await expect(toast(page, "File replaced")).toBeVisible();

  await visitor.reload();
  const shown = visitor.locator("article img").first();
  await expect(shown).not.toHaveAttribute("src", new RegExp(stemOf(item.fileName)));
  await expect(shown).toHaveAttribute("src", /\/uploads\/[0-9a-f]{32}/);
  await expect(shown).toHaveJSProperty("complete", true);
  expect(await shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await visitor.context().close();
});

test("deleting a used image names its uses and, confirmed, removes it from the post", async ({
  page,
  createStaff,
  db,
}) => {
  await signInAs(page, await createStaff());
  const item = await uploadToLibrary(page, `used-${uniqueId()}.png`, "Used image");
  const post = await createPost(db, {
    title: uniqueTitle("Uses an image"),
    content: `<p>Kept words.</p><p><img src="${item.url}" alt="Used image"></p>`,
  });

  await openMedia(page, "?use=used&view=list");
  await page.getByRole("button", { name: `Details of ${item.originalName}` }).click();
  const details = page.getByRole("dialog", { name: item.originalName });
  await details.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog", { name: `Delete ${item.originalName}?` });
  await expect(confirm).toContainText(`${post.title} (Content)`);
  await confirm.getByRole("button", { name: "Remove and delete" }).click();
  await expect(toast(page, "Media deleted")).toBeVisible();

  const stored = await db
    .selectFrom("posts")
    .select("content")
    .where("id", "=", post.id)
    .executeTakeFirstOrThrow();
  expect(stored.content).toContain("Kept words.");
  expect(stored.content).not.toContain(item.fileName);
});
