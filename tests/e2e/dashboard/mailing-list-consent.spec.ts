import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, signInAs, test } from "#tests/e2e/fixtures.ts";
import { createSubscriber } from "#tests/factories/subscriber.ts";
import { pageHeading, uniqueId } from "./helpers.ts";

// The Mailing List's Active and Pending subscribers, and the import
// (docs/product/mail.md#mailing-list-section, #importing-subscribers).

const subscribers = (page: Page) => page.getByRole("table", { name: "Subscribers", exact: true });
const rowOf = (page: Page, email: string) =>
  subscribers(page).getByRole("row").filter({ hasText: email });

test("the Mailing List shows Pending subscribers apart from Active ones", async ({
  page,
  createStaff,
  db,
}) => {
  // Three views and an accessibility check: more than the default 30 s on a busy machine.
  test.slow();
  await signInAs(page, await createStaff());
  const id = uniqueId();
  const active = await createSubscriber(db, { email: `active-${id}@example.com` });
  const pending = await createSubscriber(db, {
    email: `pending-${id}@example.com`,
    status: "pending",
  });
  await page.goto(`/dashboard/mailing-list?q=${id}`);
  await expect(pageHeading(page, "Mailing List")).toBeVisible();
  await expect(rowOf(page, active.email).getByText("Active", { exact: true })).toBeVisible();
  await expect(rowOf(page, pending.email).getByText("Pending", { exact: true })).toBeVisible();
  await expect(page.getByText(/count Active subscribers only/)).toBeVisible();

  const tabs = page.getByRole("navigation", { name: "Subscriber status" });
  await tabs.getByRole("link", { name: "Pending" }).click();
  await expect(page).toHaveURL(/status=pending/);
  await expect(rowOf(page, pending.email)).toBeVisible();
  await expect(rowOf(page, active.email)).toHaveCount(0);
  await tabs.getByRole("link", { name: "Active" }).click();
  await expect(rowOf(page, active.email)).toBeVisible();
  await expect(rowOf(page, pending.email)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test("an admin imports a CSV file and reads the report", async ({ page, createStaff, db }) => {
  test.slow();
  await signInAs(page, await createStaff({ role: "admin" }));
  const id = uniqueId();
  const present = await createSubscriber(db, { email: `present-${id}@example.com` });
  await page.goto("/dashboard/mailing-list");
  await page.getByRole("button", { name: "Import CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "Import subscribers" });
  await expect(dialog).toBeVisible();
  const csv = [
    "Email Address,Date Added",
    `new-${id}@example.com,2024-05-01`,
    `${present.email},2023-01-01`,
    "not an address,",
  ].join("\r\n");
  await dialog.getByLabel("CSV file").setInputFiles({
    name: "list.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  await dialog
    .getByRole("checkbox", { name: /already agreed to get the newsletter from the studio/ })
    .check();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Import" }).click();

  const report = dialog.getByRole("status");
  await expect(report).toContainText("Added: 1");
  await expect(report).toContainText("Already on the list: 1");
  await expect(report).toContainText("Refused: 1");
  const refused = dialog.getByRole("table", { name: "Refused rows" });
  await expect(refused.getByRole("row").filter({ hasText: "not an address" })).toContainText(
    "not a valid e-mail address",
  );
  await dialog.getByRole("button", { name: "Done" }).click();

  const added = await db
    .selectFrom("subscribers")
    .select(["status", "createdAt"])
    .where("email", "=", `new-${id}@example.com`)
    .executeTakeFirstOrThrow();
  expect(added).toEqual({ status: "active", createdAt: "2024-05-01T00:00:00.000Z" });
});

test("an employee who is not an admin has no Import button", async ({ page, createStaff }) => {
  await signInAs(page, await createStaff({ role: "employee" }));
  await page.goto("/dashboard/mailing-list");
  await expect(pageHeading(page, "Mailing List")).toBeVisible();
  await expect(page.getByRole("button", { name: "Export CSV" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Import CSV" })).toHaveCount(0);
});
