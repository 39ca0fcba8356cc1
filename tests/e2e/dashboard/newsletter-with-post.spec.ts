import { expect, signInAs, test } from "#tests/e2e/fixtures.ts";
import { expectSaved, fillBasics, openEditor, toast, uniqueTitle } from "./editor-helpers.ts";

// A post scheduled with its newsletter (docs/product/editor.md#schedule-dialog): the Schedule
// dialog asks, the toast, the editor's panel and the staff table say so, and it can be called off.
// The hand-off at publication is proven through the server (newsletter-plans.server.test.ts and
// tests/process/newsletter-with-post.test.ts).

test.use({ timezoneId: "Asia/Tokyo" });

test("an employee schedules a post with its newsletter, sees it marked, then calls the newsletter off", async ({
  page,
  createStaff,
}) => {
  await signInAs(page, await createStaff());
  await openEditor(page);
  const title = uniqueTitle("Frostbite Realms release");
  await fillBasics(page, title);

  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Schedule Post" });
  const mailIt = dialog.getByRole("checkbox", {
    name: "E-mail it to subscribers when it goes live",
  });
  await expect(mailIt).not.toBeChecked();
  await dialog.getByLabel("Date and time").fill("2099-03-14T09:00");
  await mailIt.check();
  await dialog.getByRole("button", { name: "Schedule Post" }).click();
  await expectSaved(page, "Content created successfully!");
  await expect(toast(page, "Content created successfully!")).toContainText(
    "Scheduled: it goes live on 14 Mar 2099, 09:00 and is e-mailed to subscribers.",
  );

  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row.getByText("E-mail when live")).toBeVisible();

  await row.getByRole("link", { name: title }).click();
  await expect(page.getByText("and is e-mailed to subscribers then.")).toBeVisible();
  await page.getByRole("button", { name: "Reschedule", exact: true }).click();
  await expect(mailIt).toBeChecked();
  await mailIt.uncheck();
  await dialog.getByRole("button", { name: "Schedule Post" }).click();
  await expectSaved(page, "Content updated successfully!");
  await expect(toast(page, "Content updated successfully!")).not.toContainText("e-mailed");
  await expect(page.getByRole("row").filter({ hasText: title })).toBeVisible();
  await expect(row.getByText("E-mail when live")).toHaveCount(0);
});
