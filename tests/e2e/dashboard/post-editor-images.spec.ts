import type { Locator, Page } from "@playwright/test";
import {
  DESKTOP,
  expect,
  expectNoSeriousA11yViolations,
  MOBILE,
  signInAs,
  test,
} from "#tests/e2e/fixtures.ts";
import {
  contentArea,
  expectSaved,
  fillBasics,
  openEditor,
  staffPostTitled,
  toolbarButton,
  uniqueTitle,
  visitorPage,
} from "./editor-helpers.ts";
import { holdResponses } from "./helpers.ts";
import { dragFiles, GIF_FILE, pasteFiles, pngFile } from "./transfer-helpers.ts";

// Images in a post's content (toolbar, paste, drop), the featured image by drop and paste, and
// the toolbar that stays in view (docs/product/editor.md#editor).

const UPLOADED = /^\/uploads\/[0-9a-f]{32}\.png$/;
const WRONG_TYPE = "Only PNG and JPEG images can be uploaded.";

/**
 * The images of the content. The editor also draws an img of its own, without a source, after
 * a placeholder at the end of a line (to keep the line's height); it is no part of the content.
 */
function contentImages(editor: Locator): Locator {
  return editor.locator("img[src]");
}

/** Selects an image in the content by clicking it, then gives it this alt text. */
async function describeImage(page: Page, image: Locator, alt: string) {
  await image.click();
  await expect(toolbarButton(page, "Edit alt text")).toHaveAttribute("aria-pressed", "true");
  await toolbarButton(page, "Edit alt text").click();
  const dialog = page.getByRole("dialog", { name: "Edit alt text" });
  await dialog.getByLabel("Image description (alt text)").fill(alt);
  await dialog.getByRole("button", { name: "Save alt text" }).click();
  await expect(dialog).toBeHidden();
  await expect(image).toHaveAttribute("alt", alt);
}

test.describe("images in the content", () => {
  test("a pasted and a dropped image upload behind a placeholder, get alt text and show on the public page", async ({
    page,
    browser,
    createStaff,
  }) => {
    test.slow();
    await signInAs(page, await createStaff());
    await openEditor(page);
    const title = uniqueTitle("Pictures inside");
    await fillBasics(page, title, "Screenshots of the build.");
    const editor = contentArea(page);

    // While the upload is held back the content holds a placeholder, never a broken image,
    // and typing goes on.
    const release = await holdResponses(page, "**/api/upload/image");
    await pasteFiles(editor, [await pngFile("image.png", 120, 80)]);
    await expect(editor.locator("[data-upload-placeholder]")).toBeVisible();
    await expect(page.getByRole("status").getByText("Uploading image.png...")).toBeVisible();
    await expect(contentImages(editor)).toHaveCount(0);
    await page.keyboard.type(" Typed meanwhile.");
    await expect(editor).toContainText("Typed meanwhile.");
    release();
    await expect(contentImages(editor)).toHaveAttribute("src", UPLOADED);
    await expect(editor.locator("[data-upload-placeholder]")).toHaveCount(0);
    await expect(page.getByText("Image added. To describe it")).toBeVisible();
    // The image took the placeholder's place; what was typed meanwhile follows it.
    await expect(editor.locator("p").first()).toHaveText("Screenshots of the build.");
    await expect(editor.locator("img + p")).toHaveText("Typed meanwhile.");

    await dragFiles(editor.locator("p").first(), [await pngFile("bridge.png", 90, 60)]);
    await expect(contentImages(editor)).toHaveCount(2);
    for (const image of await contentImages(editor).all()) {
      await expect(image).toHaveAttribute("src", UPLOADED);
    }

    // Which one came first depends on where the drop landed; their sizes tell them apart.
    const widths = await editor
      .locator("img")
      .evaluateAll((images) => images.map((img) => (img as HTMLImageElement).naturalWidth));
    const names = widths.map((width) => (width === 120 ? "Pasted castle" : "Dropped bridge"));
    expect([...names].sort()).toEqual(["Dropped bridge", "Pasted castle"]);
    await describeImage(page, contentImages(editor).nth(0), names[0] ?? "");
    await describeImage(page, contentImages(editor).nth(1), names[1] ?? "");

    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expectSaved(page, "Content created successfully!");
    const saved = await staffPostTitled(page, title);
    expect(saved.content).toMatch(/<img src="\/uploads\/[0-9a-f]{32}\.png" alt="Pasted castle">/);
    expect(saved.content).toMatch(/<img src="\/uploads\/[0-9a-f]{32}\.png" alt="Dropped bridge">/);

    const visitor = await visitorPage(browser);
    await visitor.goto(`/blog/${saved.slug}`);
    for (const [alt, width] of [
      ["Pasted castle", 120],
      ["Dropped bridge", 90],
    ] as const) {
      const image = visitor.locator(".prose-post").getByRole("img", { name: alt });
      await expect(image).toHaveAttribute("src", UPLOADED);
      const src = (await image.getAttribute("src")) ?? "";
      expect((await visitor.request.get(src)).status()).toBe(200);
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBe(width);
      // Never wider than the text column.
      expect(await image.evaluate((img) => getComputedStyle(img).maxWidth)).toBe("100%");
    }
    await visitor.context().close();
  });

  test("Insert image asks for the file and its alt text, which can be edited afterwards", async ({
    page,
    createStaff,
  }) => {
    await signInAs(page, await createStaff());
    await openEditor(page);
    await fillBasics(page, uniqueTitle("Inserted"), "Intro.");
    const editor = contentArea(page);

    await toolbarButton(page, "Insert image").click();
    const dialog = page.getByRole("dialog", { name: "Insert image" });
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: "Insert image" }).click();
    await expect(dialog.getByText("Choose a PNG or JPEG image to insert.")).toBeVisible();
    const file = dialog.getByLabel("Image file");
    await file.setInputFiles({ name: "a.gif", mimeType: "image/gif", buffer: Buffer.from("GIF") });
    await expect(dialog.getByRole("alert")).toHaveText(WRONG_TYPE);
    const png = await pngFile("citadel.png", 64, 64);
    await file.setInputFiles({
      name: png.name,
      mimeType: png.type,
      buffer: Buffer.from(png.base64 ?? "", "base64"),
    });
    await dialog.getByLabel("Image description (alt text)").fill("The citadel at dusk");
    await dialog.getByRole("button", { name: "Insert image" }).click();
    await expect(dialog).toBeHidden();

    const image = editor.getByRole("img", { name: "The citadel at dusk" });
    await expect(image).toHaveAttribute("src", UPLOADED);
    // Described in the dialog: no reminder to describe it.
    await expect(page.getByText("Image added. To describe it")).toHaveCount(0);
    await expect(toolbarButton(page, "Insert image")).toHaveAttribute("aria-pressed", "false");

    await image.click();
    await toolbarButton(page, "Edit alt text").click();
    const edit = page.getByRole("dialog", { name: "Edit alt text" });
    await expect(edit.getByLabel("Image description (alt text)")).toHaveValue(
      "The citadel at dusk",
    );
    await edit.getByLabel("Image description (alt text)").fill("The citadel at night");
    await edit.getByRole("button", { name: "Save alt text" }).click();
    await expect(contentImages(editor)).toHaveAttribute("alt", "The citadel at night");
    await expect(contentImages(editor)).toHaveCount(1);
  });

  test.describe("a file the site does not take", () => {
    test.use({ allowedConsoleErrors: [/^Failed to upload image/] });

    test("says why, in the featured image's words, and leaves the content as it was", async ({
      page,
      createStaff,
    }) => {
      await signInAs(page, await createStaff());
      await openEditor(page);
      await fillBasics(page, uniqueTitle("Refused"), "Nothing else.");
      const editor = contentArea(page);
      const alert = page.locator('[data-slot="editor-upload-status"]').getByRole("alert");

      // Refused in the browser: the type, and the size.
      await pasteFiles(editor, [GIF_FILE]);
      await expect(alert).toHaveText(WRONG_TYPE);
      await pasteFiles(editor, [
        { name: "huge.png", type: "image/png", size: 10 * 1024 * 1024 + 1 },
      ]);
      await expect(alert).toHaveText(
        "The image is larger than 10 MB. Please choose a smaller one.",
      );
      // Refused by the server (415): a PNG that is not one.
      await pasteFiles(editor, [
        { name: "notes.png", type: "image/png", base64: Buffer.from("notes").toString("base64") },
      ]);
      await expect(alert).toHaveText(WRONG_TYPE);
      // Never reached the server.
      await page.route("**/api/upload/image", (route) => route.abort("connectionrefused"));
      await pasteFiles(editor, [await pngFile("offline.png", 8, 8)]);
      await expect(alert).toHaveText(
        "The upload did not reach the server. Check your connection and try again.",
      );

      await expect(editor.locator("img[src], [data-upload-placeholder]")).toHaveCount(0);
      await expect(editor).toHaveText("Nothing else.");
      await expectNoSeriousA11yViolations(page);
      await page.getByRole("button", { name: "Dismiss" }).click();
      await expect(alert).toHaveCount(0);

      // Of several files dropped at once, the good ones arrive and the refusal stays said.
      await page.unrouteAll();
      await dragFiles(editor, [GIF_FILE, await pngFile("good.png", 8, 8)]);
      await expect(contentImages(editor)).toHaveAttribute("src", UPLOADED);
      await expect(alert).toHaveText(WRONG_TYPE);
    });
  });
});

test.describe("featured image by drag and drop or paste", () => {
  test("a dropped image and a pasted one are uploaded; the drop zone shows the drag", async ({
    page,
    createStaff,
  }) => {
    await signInAs(page, await createStaff());
    await openEditor(page);
    await page.getByLabel("Title", { exact: true }).fill("Dropped in");
    const zone = page.locator('[data-slot="image-drop-zone"]');
    const preview = page.getByRole("img", { name: "Featured image of Dropped in" });

    await dragFiles(zone, [await pngFile("cover.png", 240, 126)], { drop: false });
    await expect(zone).toHaveAttribute("data-dragging", "");
    await expect(zone).toContainText("Drop the image to upload it.");
    await dragFiles(zone, [await pngFile("cover.png", 240, 126)]);
    await expect(zone).not.toHaveAttribute("data-dragging");
    await expect(zone).toContainText("Drag a PNG or JPEG image here, or paste one.");
    await expect(preview).toHaveAttribute("src", UPLOADED);
    const dropped = await preview.getAttribute("src");

    // Pasted while the field's button has focus, as Ctrl+V there does.
    const choose = page.getByRole("button", { name: "Choose image" });
    await choose.focus();
    await pasteFiles(choose, [await pngFile("other.png", 120, 63)]);
    await expect(preview).toHaveAttribute("src", UPLOADED);
    await expect(preview).not.toHaveAttribute("src", dropped ?? "");

    // From the keyboard, the button opens the file input's chooser (which the test stops short
    // of showing; files set on the input are covered above and in post-editor-media.spec.ts).
    await page.getByRole("button", { name: "Remove image" }).click();
    await page.getByLabel("Featured image").evaluate((input) => {
      input.addEventListener("click", (event) => {
        event.preventDefault();
        input.dataset.chosen = "yes";
      });
    });
    await choose.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByLabel("Featured image")).toHaveAttribute("data-chosen", "yes");
  });

  test("a dropped file of another type is refused with the message", async ({
    page,
    createStaff,
  }) => {
    await signInAs(page, await createStaff());
    await openEditor(page);
    await dragFiles(page.locator('[data-slot="image-drop-zone"]'), [GIF_FILE]);
    await expect(page.getByRole("alert").filter({ hasText: WRONG_TYPE })).toBeVisible();
    await expect(page.getByLabel("Featured image")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("button", { name: "Remove image" })).toHaveCount(0);
  });
});

/** The opacity of a computed CSS colour: rgb(), rgba(), or a "/ alpha" form. */
function alphaOf(color: string): number {
  if (color === "transparent") return 0;
  const alpha =
    /^rgba\((?:[^,]+,){3}\s*([\d.]+)\)$/.exec(color) ?? /\/\s*([\d.]+%?)\s*\)$/.exec(color);
  const value = alpha?.[1];
  if (!value) return 1;
  return value.endsWith("%") ? Number.parseFloat(value) / 100 : Number(value);
}

for (const viewport of [DESKTOP, MOBILE]) {
  test(`the toolbar stays in view below the header while a long post scrolls (${viewport.width}px)`, async ({
    page,
    createStaff,
  }) => {
    await signInAs(page, await createStaff());
    await page.setViewportSize(viewport);
    await openEditor(page);
    const editor = contentArea(page);
    await editor.click();
    const paragraphs = Array.from({ length: 80 }, (_, index) => `<p>Paragraph ${index + 1}</p>`);
    await editor.evaluate((element, html) => {
      const data = new DataTransfer();
      data.setData("text/html", html);
      data.setData("text/plain", "long text");
      element.dispatchEvent(
        new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, paragraphs.join(""));
    await expect(editor.getByText("Paragraph 80", { exact: true })).toBeAttached();

    const toolbar = page.getByRole("toolbar", { name: "Formatting" });
    const before = await toolbar.boundingBox();
    await editor.getByText("Paragraph 60", { exact: true }).scrollIntoViewIfNeeded();
    // The page has scrolled well past where the toolbar sat.
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan((before?.y ?? 0) + 500);

    const header = await page.locator("header").first().boundingBox();
    const box = await toolbar.boundingBox();
    if (!box || !header) throw new Error("the toolbar and the header are on the page");
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    // Nothing covers it, and the text under it does not show through.
    const onTop = await toolbarButton(page, "Bold").evaluate((button) => {
      const rect = button.getBoundingClientRect();
      const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
      return button.contains(hit);
    });
    expect(onTop).toBe(true);
    const background = await toolbar.evaluate(
      (element) => getComputedStyle(element).backgroundColor,
    );
    expect(alphaOf(background), background).toBe(1);
    await toolbarButton(page, "Bold").click();
    await expect(toolbarButton(page, "Bold")).toHaveAttribute("aria-pressed", "true");
  });
}
