import sharp from "sharp";
import {
  expect,
  expectNoSeriousA11yViolations,
  hasHorizontalScroll,
  signInAs,
  test,
} from "#tests/e2e/fixtures.ts";
import { createPost } from "#tests/factories/post.ts";
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

// Embed cards (docs/decisions/041-embed-cards.md): a marketplace item card and an image gallery
// put in a post with the editor's toolbar, and what a visitor sees of them; the light YouTube
// embed; the gallery on a 360 px phone.

function png(name: string, color: string) {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
    .png()
    .toBuffer()
    .then((buffer) => ({ name, mimeType: "image/png", buffer }));
}

test("a marketplace card and a gallery inserted in the editor; the card follows the item's edits", async ({
  page,
  browser,
  db,
  createStaff,
}) => {
  test.slow();
  const itemTitle = uniqueTitle("Sky Castle");
  const item = await createPost(db, {
    title: itemTitle,
    category: "marketplace-content",
    packType: "world",
    marketplaceUrl: "https://www.minecraft.net/marketplace/pdp?id=sky",
  });
  await signInAs(page, await createStaff());
  await openEditor(page);
  const title = uniqueTitle("New packs");
  await fillBasics(page, title, "Out this week:");

  await toolbarButton(page, "Insert marketplace item").click();
  const picker = page.getByRole("dialog", { name: "Insert marketplace item" });
  await picker.getByLabel("Search items").fill(itemTitle);
  await picker.getByRole("button", { name: itemTitle }).click();
  await expect(picker).toBeHidden();
  await expect(contentArea(page).locator(`a[data-marketplace-item="${item.id}"]`)).toHaveText(
    itemTitle,
  );

  await toolbarButton(page, "Insert gallery").click();
  const dialog = page.getByRole("dialog", { name: "Insert gallery" });
  await dialog
    .getByLabel("Add images")
    .setInputFiles([await png("gate.png", "#2f6f3e"), await png("moat.png", "#1e40af")]);
  await expect(dialog.getByRole("listitem")).toHaveCount(2);
  await dialog.getByLabel("Image 1 description (alt text)").fill("The castle gate");
  await dialog.getByLabel("Image 1 caption").fill("The gate at dawn");
  await dialog.getByLabel("Image 2 description (alt text)").fill("The moat");
  await dialog.getByLabel("Image 2 caption").fill("A moat full of lava");
  await dialog.getByRole("button", { name: "Insert gallery" }).click();
  await expect(dialog).toBeHidden();
  const editorGallery = contentArea(page).locator("[data-image-gallery] figure");
  await expect(editorGallery).toHaveCount(2);
  await expect(editorGallery.nth(1)).toContainText("A moat full of lava");

  // The Preview shows the card as the public page will.
  await page.getByRole("button", { name: "Preview" }).click();
  const previewCard = page.getByRole("region", { name: "Preview" }).locator(".embed-card");
  await expect(previewCard).toContainText("World/Map");
  await expect(previewCard.getByRole("link", { name: itemTitle, exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Edit" }).click();
  await expect(contentArea(page)).toBeVisible();

  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expectSaved(page, "Content created successfully!");
  const post = await staffPostTitled(page, title);

  // The item is renamed after the post went out.
  const newTitle = `${itemTitle} Deluxe`;
  const edited = await page.request.put(`/api/posts/${item.id}`, {
    headers: { origin: String(test.info().project.use.baseURL) },
    data: {
      title: newTitle,
      slug: item.slug,
      content: item.content,
      status: "published",
      category: "marketplace-content",
      packType: "world",
      marketplaceUrl: item.marketplaceUrl,
    },
  });
  expect(edited.status(), await edited.text()).toBe(200);

  const visitor = await visitorPage(browser);
  await visitor.goto(`/blog/${post.slug}`);
  const card = visitor.locator(".embed-card");
  await expect(card.getByRole("link", { name: newTitle, exact: true })).toHaveAttribute(
    "href",
    `/post/${item.slug}`,
  );
  await expect(card).toContainText("World/Map");
  await expect(card.getByRole("link", { name: "Get it on the Marketplace" })).toHaveAttribute(
    "href",
    "https://www.minecraft.net/marketplace/pdp?id=sky",
  );
  await expect(visitor.getByText(itemTitle, { exact: true })).toHaveCount(0);

  const figures = visitor.locator(".prose-post [data-image-gallery] figure");
  await expect(figures).toHaveCount(2);
  await expect(figures.nth(0).getByRole("img", { name: "The castle gate" })).toBeVisible();
  await expect(figures.nth(0)).toContainText("The gate at dawn");
  await expect(figures.nth(1)).toContainText("A moat full of lava");
  await visitor.context().close();
});

test("a YouTube video loads its player only when Play is clicked; without script it is a link", async ({
  browser,
  db,
}) => {
  const post = await createPost(db, {
    content:
      '<p>Watch:</p><div data-youtube-video=""><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" allowfullscreen="true"></iframe></div>',
  });
  const visitor = await visitorPage(browser);
  await visitor.goto(`/blog/${post.slug}`);
  const video = visitor.locator(".prose-post .lite-youtube");
  await expect(video.locator("img")).toHaveAttribute("src", /\/vi\/dQw4w9WgXcQ\/hqdefault\.jpg$/);
  await expect(visitor.locator(".prose-post iframe")).toHaveCount(0);
  await video.getByRole("link", { name: "Play video" }).click();
  const player = visitor.locator(".prose-post iframe");
  await expect(player).toHaveAttribute(
    "src",
    "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1",
  );
  await expect(player).toBeFocused();
  await visitor.context().close();

  const noScript = await browser.newContext({
    baseURL: String(test.info().project.use.baseURL),
    javaScriptEnabled: false,
  });
  const plain = await noScript.newPage();
  await plain.goto(`/blog/${post.slug}`);
  await expect(plain.getByRole("link", { name: "Play video" })).toHaveAttribute(
    "href",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  );
  await noScript.close();
});

test("on a 360 px phone the gallery is one column and the cards fit, accessible; wider on a desktop", async ({
  browser,
  db,
}) => {
  const item = await createPost(db, {
    title: uniqueTitle("A pack with a rather long name for a small screen"),
    category: "marketplace-content",
    packType: "skin-pack",
    marketplaceUrl: "https://www.minecraft.net/marketplace/pdp?id=long",
  });
  const figure = (n: number) =>
    `<figure><img src="/uploads/gallery-${n}.png" alt="Picture ${n}"><figcaption>Caption ${n}</figcaption></figure>`;
  const post = await createPost(db, {
    content: [
      "<p>Pictures:</p>",
      `<a data-marketplace-item="${item.id}" href="/post/${item.slug}">${item.title}</a>`,
      '<div data-youtube-video=""><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe></div>',
      `<div data-image-gallery="">${[1, 2, 3].map(figure).join("")}</div>`,
    ].join(""),
  });
  const visitor = await visitorPage(browser);
  await visitor.setViewportSize({ width: 360, height: 800 });
  await visitor.goto(`/blog/${post.slug}`);
  await expect(visitor.locator(".embed-card")).toContainText("Skin Pack");
  const figures = visitor.locator(".prose-post [data-image-gallery] figure");
  await expect(figures).toHaveCount(3);
  const boxes = await Promise.all([0, 1, 2].map((n) => figures.nth(n).boundingBox()));
  // One column: each under the last, at the same left edge, inside the screen.
  expect(new Set(boxes.map((box) => box?.x)).size).toBe(1);
  expect((boxes[1]?.y ?? 0) > (boxes[0]?.y ?? 0)).toBe(true);
  for (const box of boxes) expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(360);
  expect(await hasHorizontalScroll(visitor)).toBe(false);
  await expect(figures.nth(2)).toContainText("Caption 3");
  await expectNoSeriousA11yViolations(visitor);

  await visitor.setViewportSize({ width: 1280, height: 900 });
  const wide = await Promise.all([0, 1].map((n) => figures.nth(n).boundingBox()));
  expect(wide[0]?.y).toBe(wide[1]?.y);
  await visitor.context().close();
});
