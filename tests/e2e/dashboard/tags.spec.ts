import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import type { TagCount } from "#common/types/tag.ts";
import {
  expect,
  expectNoSeriousA11yViolations,
  hasHorizontalScroll,
  signInAs,
  test,
} from "#tests/e2e/fixtures.ts";
import { createPost } from "#tests/factories/post.ts";
import { openEditor } from "./editor-helpers.ts";
import { pageHeading, toast } from "./helpers.ts";

// Tags (docs/product/dashboard.md#tags-section): the dashboard's Tags section renames, merges and
// deletes a tag on every post; the editor suggests the tags in use; a post page's tags lead to
// /news?tag=, which lists only the articles carrying the tag.

/** A tag no other test or run uses. */
function uniqueTag(word: string): string {
  return `${word}-${randomBytes(4).toString("hex")}`;
}

/** The tags in use, as staff see them (GET /api/tags), from the signed-in page's session. */
async function tagsInUse(page: Page): Promise<TagCount[]> {
  const response = await page.request.get("/api/tags");
  expect(response.status()).toBe(200);
  return (await response.json()) as TagCount[];
}

/** The Tags section's row of `tag`. */
function tagRow(page: Page, tag: string) {
  return page
    .getByRole("table", { name: "Tags and the number of posts carrying each" })
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: `#${tag}`, exact: true }) });
}

test("an employee renames, merges and deletes tags in the Tags section", async ({
  page,
  db,
  createStaff,
}) => {
  // Rename, merge and delete, each confirmed and checked in the list and in the posts: the
  // slow tests' time, as a busy machine takes longer than 30 s for all of it.
  test.slow();
  const [old, renamed, other, gone] = [
    uniqueTag("castles"),
    uniqueTag("Castles"),
    uniqueTag("keeps"),
    uniqueTag("old-news"),
  ];
  await createPost(db, { tags: [old, "kept"] });
  await createPost(db, { tags: [old], status: "draft" });
  await createPost(db, { tags: [other] });
  await createPost(db, { tags: [gone] });
  await signInAs(page, await createStaff());

  await page.goto("/dashboard/tags");
  await expect(pageHeading(page, "Tags")).toBeVisible();
  await page.getByRole("searchbox", { name: "Search tags" }).fill(old);
  await expect(tagRow(page, old)).toBeVisible();
  await expect(tagRow(page, other)).toHaveCount(0);
  // The number opens All Posts filtered by the tag.
  await expect(
    tagRow(page, old).getByRole("link", { name: `2 posts tagged #${old}` }),
  ).toHaveAttribute("href", `/dashboard/posts?tag=${old}`);

  // Rename.
  await tagRow(page, old)
    .getByRole("button", { name: `Rename #${old}` })
    .click();
  const dialog = page.getByRole("dialog", { name: `Rename #${old}` });
  await expect(dialog.getByText(`The new name replaces #${old} on 2 posts.`)).toBeVisible();
  await dialog.getByLabel("New name").fill(" ");
  await dialog.getByRole("button", { name: "Rename" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Enter the tag's name");
  await dialog.getByLabel("New name").fill(`#${renamed}`);
  await dialog.getByRole("button", { name: "Rename" }).click();
  await expect(toast(page, "status", `Renamed #${old} to #${renamed}`)).toBeVisible();
  await page.getByRole("searchbox", { name: "Search tags" }).fill("");
  await expect(tagRow(page, renamed).getByRole("link")).toHaveText("2 posts");
  await expect(tagRow(page, old)).toHaveCount(0);

  // Renaming to a tag that exists asks to merge, naming how many posts each has.
  await tagRow(page, other)
    .getByRole("button", { name: `Rename #${other}` })
    .click();
  const merge = page.getByRole("dialog");
  await merge.getByLabel("New name").fill(renamed);
  await merge.getByRole("button", { name: "Rename" }).click();
  await expect(merge.getByRole("heading", { name: "Merge tags?" })).toBeVisible();
  await expect(
    merge.getByText(
      `#${renamed} already exists on 2 posts. Merge #${other} (1 post) into it? Every post tagged #${other} will be tagged #${renamed} instead, once.`,
    ),
  ).toBeVisible();
  await merge.getByRole("button", { name: "Merge tags" }).click();
  await expect(toast(page, "status", `Merged #${other} into #${renamed}`)).toBeVisible();
  await expect(tagRow(page, renamed).getByRole("link")).toHaveText("3 posts");
  await expect(tagRow(page, other)).toHaveCount(0);

  // Delete asks first, naming how many posts lose the tag.
  await tagRow(page, gone)
    .getByRole("button", { name: `Delete #${gone}` })
    .click();
  const confirm = page.getByRole("alertdialog");
  await expect(
    confirm.getByText(
      `1 post will lose the tag #${gone}. The posts themselves stay, and their public pages stop showing it.`,
    ),
  ).toBeVisible();
  await confirm.getByRole("button", { name: "Delete tag" }).click();
  await expect(toast(page, "status", `Tag #${gone} deleted`)).toBeVisible();
  await expect(tagRow(page, gone)).toHaveCount(0);

  const tags = await tagsInUse(page);
  expect(tags.filter((t) => [old, other, gone, renamed].includes(t.tag))).toEqual([
    { tag: renamed, posts: 3 },
  ]);
  await expectNoSeriousA11yViolations(page);
});

test("the Tags section fits a 360 px phone without sideways scrolling", async ({
  page,
  db,
  createStaff,
}) => {
  await page.setViewportSize({ width: 360, height: 760 });
  const long = `${"verylongtagname".repeat(3)}${randomBytes(2).toString("hex")}`.slice(0, 50);
  await createPost(db, { tags: [long] });
  await signInAs(page, await createStaff());
  await page.goto("/dashboard/tags");
  await page.getByRole("searchbox", { name: "Search tags" }).fill(long);
  await expect(tagRow(page, long)).toBeVisible();
  await expect(tagRow(page, long).getByRole("button", { name: `Delete #${long}` })).toBeVisible();
  expect(await hasHorizontalScroll(page)).toBe(false);
  await expectNoSeriousA11yViolations(page);
});

test("the editor suggests tags in use while typing, chosen by keyboard, leaving out the post's own", async ({
  page,
  db,
  createStaff,
}) => {
  const word = `sky${randomBytes(3).toString("hex")}`;
  const [islands, isles] = [`${word}-islands`, `${word}-isles`];
  await createPost(db, { tags: [islands] });
  await createPost(db, { tags: [isles, islands] });
  await signInAs(page, await createStaff());
  await openEditor(page);

  const field = page.getByRole("combobox", { name: "Tags" });
  await field.fill(`worlds, ${word.toUpperCase()}`);
  const list = page.getByRole("listbox", { name: "Tag suggestions" });
  await expect(list.getByRole("option")).toHaveText([
    new RegExp(`^#${islands}2 posts$`),
    new RegExp(`^#${isles}1 post$`),
  ]);
  await expect(field).toHaveAttribute("aria-expanded", "true");

  await field.press("ArrowDown");
  await field.press("ArrowDown");
  await expect(list.getByRole("option", { name: `#${isles}` })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  const active = await field.getAttribute("aria-activedescendant");
  expect(active).toBe(await list.getByRole("option", { name: `#${isles}` }).getAttribute("id"));
  await field.press("Enter");
  await expect(field).toHaveValue(`worlds, ${isles}, `);
  await expect(list).toBeHidden();
  await expect(field).toHaveAttribute("aria-expanded", "false");

  // The tag the post has already is not offered again; Escape closes the list.
  await field.pressSequentially(word);
  await expect(list.getByRole("option")).toHaveText([new RegExp(`^#${islands}`)]);
  await field.press("Escape");
  await expect(list).toBeHidden();
  await expect(field).toHaveValue(`worlds, ${isles}, ${word}`);
  await expectNoSeriousA11yViolations(page);
});

test("a post page's tag leads to /news?tag=, which lists only the published articles carrying it", async ({
  page,
  db,
}) => {
  const tag = uniqueTag("Redstone Tips");
  const tagged = await createPost(db, { title: `Tagged ${tag}`, tags: ["other", tag] });
  const older = await createPost(db, {
    title: `Also tagged ${tag}`,
    tags: [tag],
    publishedAt: new Date(Date.now() - 86_400_000).toISOString(),
  });
  await createPost(db, { title: `Draft tagged ${tag}`, tags: [tag], status: "draft" });
  await createPost(db, { title: `Not tagged ${tag}`, tags: ["other"] });

  await page.goto(`/blog/${tagged.slug}`);
  const header = page.locator("article header").first();
  await header
    .getByRole("list", { name: "Tags" })
    .getByRole("link", { name: `#${tag}` })
    .click();

  await expect(page).toHaveURL(`/news?${new URLSearchParams({ tag })}`);
  await expect(page.getByText(`Articles tagged #${tag}`)).toBeVisible();
  const articles = page
    .getByRole("region", { name: "Articles" })
    .getByRole("listitem")
    .getByRole("heading", { level: 3 });
  await expect(articles).toHaveText([tagged.title, older.title]);
  await expect(page.getByText("2 articles found")).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^Articles tagged #${tag}`));
  await expectNoSeriousA11yViolations(page);
  // The head links, as the page arrives from the server.
  await page.reload();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    new RegExp(`/news\\?tag=${encodeURIComponent(tag).replace(/%20/g, "\\+")}$`),
  );

  // Clear tag shows every article again.
  await page.getByRole("link", { name: "Clear tag" }).click();
  await expect(page).toHaveURL("/news");
  await expect(page.getByText(`Articles tagged #${tag}`)).toBeHidden();

  // A tag nothing published carries is an empty state, not an error.
  const response = await page.goto(`/news?tag=${uniqueTag("nothing")}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByText(/^No published articles are tagged #nothing-/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Show all articles" })).toHaveAttribute(
    "href",
    "/news",
  );
});
