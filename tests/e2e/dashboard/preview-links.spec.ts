import { formatStaffTime } from "#app/lib/staff-time.ts";
import { expect, expectNoSeriousA11yViolations, signInAs, test } from "#tests/e2e/fixtures.ts";
import { createPost } from "#tests/factories/post.ts";
import { openEditor, toast, uniqueTitle, visitorPage } from "./editor-helpers.ts";
import { expectConfirmation } from "./helpers.ts";

// Share preview (docs/product/editor.md#share-preview): a link that shows a post to someone who
// is not signed in, until it is revoked.

// Seven days from now on the viewer's clock, as every staff time: with its date, no zone name.
test.use({ timezoneId: "Asia/Tokyo" });

test("an employee shares a draft through a preview link, then revokes it", async ({
  page,
  browser,
  createStaff,
  db,
}) => {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInAs(page, await createStaff());
  const title = uniqueTitle("Secret Sky Islands");
  const post = await createPost(db, { title, status: "draft", content: "<p>Not out yet.</p>" });
  await openEditor(page, `?id=${post.id}&type=post`);

  const share = page.getByRole("region", { name: "Share preview" });
  await expect(share.getByLabel("Link works for")).toHaveValue("7");
  await expect(share.getByText("No live preview links.")).toBeVisible();
  await share.getByRole("button", { name: "Create link" }).click();
  const url = await share.getByLabel("New preview link").inputValue();
  expect(url).toMatch(/\/preview\/[A-Za-z0-9_-]{43}$/);
  await share.getByRole("button", { name: "Copy", exact: true }).click();
  await expect(toast(page, "Link copied to clipboard!")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  const links = share.getByRole("list", { name: "Live preview links" });
  await expect(links.getByRole("listitem")).toHaveCount(1);
  const expires = await links.locator("time").getAttribute("datetime");
  await expect(links.locator("time")).toHaveText(formatStaffTime(expires ?? "", "Asia/Tokyo"));
  await expectNoSeriousA11yViolations(page);

  const visitor = await visitorPage(browser);
  const path = new URL(url).pathname;
  const opened = await visitor.goto(path);
  expect(opened?.status()).toBe(200);
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByText("Not out yet.")).toBeVisible();
  await expect(visitor.getByTestId("preview-banner")).toContainText("Preview: not public yet.");
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute(
    "content",
    "noindex, nofollow",
  );
  await expectNoSeriousA11yViolations(visitor);

  await links.getByRole("button", { name: "Revoke" }).click();
  const dialog = await expectConfirmation(
    page,
    "Whoever has it will no longer be able to open the preview.",
  );
  await dialog.getByRole("button", { name: "Revoke" }).click();
  await expect(toast(page, "Preview link revoked")).toBeVisible();
  await expect(share.getByText("No live preview links.")).toBeVisible();
  await expect(share.getByLabel("New preview link")).toHaveCount(0);

  const revoked = await visitor.reload();
  expect(revoked?.status()).toBe(410);
  await expect(
    visitor.getByRole("heading", { name: "This preview link is not valid or has expired" }),
  ).toBeVisible();
  await expect(visitor.getByText("Not out yet.")).toHaveCount(0);
  await expectNoSeriousA11yViolations(visitor);
  await visitor.context().close();
});
