import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { formatStaffTime } from "#app/lib/staff-time.ts";
import type { Db } from "#server/db/db.server.ts";
import type { DeliveryStatus, SubscriberRow } from "#server/db/tables.ts";
import { expect, expectNoSeriousA11yViolations, signInAs, test } from "#tests/e2e/fixtures.ts";
import { createSubscriber } from "#tests/factories/subscriber.ts";
import { pageHeading, toast, uniqueId } from "./helpers.ts";

// A clean list (docs/product/mail.md#newsletters-section, #mailing-list-section): a sending's
// failures panel ("Retry failed", "Remove these addresses"), its retries' next try, and the
// Mailing List's Bounced filter. The sending's rows are written here, as the worker would leave
// them; the copy waiting for its retry is due in an hour, so the worker leaves it alone.

type Copy = {
  subscriber: SubscriberRow;
  status: DeliveryStatus;
  attempts: number;
  lastError: string;
  nextAttemptAt?: string;
};

async function sendingWith(db: Db, title: string, copies: Copy[]): Promise<string> {
  const id = randomUUID();
  const at = new Date().toISOString();
  await db
    .insertInto("newsletter_sendings")
    .values({
      id,
      postId: null,
      postTitle: title,
      subject: title,
      html: "<p>Letter.</p>",
      text: "Letter.",
      status: "sending",
      total: copies.length,
      createdBy: null,
      createdById: null,
      createdAt: at,
      finishedAt: null,
    })
    .execute();
  await db
    .insertInto("newsletter_deliveries")
    .values(
      copies.map((copy) => ({
        id: `${id}.${copy.subscriber.id}`,
        sendingId: id,
        subscriberId: copy.subscriber.id,
        email: copy.subscriber.email,
        status: copy.status,
        attempts: copy.attempts,
        lastError: copy.lastError,
        nextAttemptAt: copy.nextAttemptAt ?? at,
        lastAttemptAt: at,
      })),
    )
    .execute();
  return id;
}

const subscribers = (page: Page) => page.getByRole("table", { name: "Subscribers", exact: true });
const rowOf = (page: Page, email: string) =>
  subscribers(page).getByRole("row").filter({ hasText: email });

test("the failures panel retries the failed copies and removes the failed addresses", async ({
  page,
  createStaff,
  db,
}) => {
  test.slow();
  await signInAs(page, await createStaff());
  const id = uniqueId();
  const busy = await createSubscriber(db, { email: `busy-${id}@example.com` });
  const gone = await createSubscriber(db, {
    email: `gone-${id}@example.com`,
    status: "bounced",
    bouncedAt: new Date().toISOString(),
    bounceReason: "550 5.1.1 User unknown",
  });
  const grey = await createSubscriber(db, { email: `grey-${id}@example.com` });
  const nextTry = new Date(Date.now() + 3_600_000);
  nextTry.setUTCSeconds(0, 0);
  const title = `Bounces ${id}`;
  const sendingId = await sendingWith(db, title, [
    { subscriber: busy, status: "failed", attempts: 5, lastError: "421 Too busy" },
    { subscriber: gone, status: "failed", attempts: 1, lastError: "550 5.1.1 User unknown" },
    {
      subscriber: grey,
      status: "pending",
      attempts: 1,
      lastError: "451 4.7.1 Greylisted",
      nextAttemptAt: nextTry.toISOString(),
    },
  ]);
  try {
    await page.goto("/dashboard/newsletters");
    await expect(pageHeading(page, "Newsletters")).toBeVisible();
    const row = page
      .getByRole("table", { name: "Newsletter sendings" })
      .getByRole("row")
      .filter({ hasText: title });
    // This browser is in UTC: the staff time rule's clock, with the date.
    const nextTryText = `Next try at ${formatStaffTime(nextTry.toISOString(), "UTC")}`;
    await expect(row).toContainText(nextTryText);

    await row.getByRole("button", { name: `Details of "${title}"` }).click();
    const details = page.getByRole("dialog", { name: title });
    const retries = details.getByRole("list", { name: "Addresses waiting for a retry" });
    await expect(retries.getByRole("listitem")).toContainText(grey.email);
    await expect(retries.getByRole("listitem")).toContainText(nextTryText);
    const failures = details.getByRole("list", { name: "Failed addresses" });
    await expect(failures.getByRole("listitem")).toHaveCount(2);
    await expectNoSeriousA11yViolations(page);

    // Only the copy to the address still active goes out again; the bounced one stays failed.
    await details.getByRole("button", { name: "Retry failed" }).click();
    await expect(toast(page, "status", "1 failed copy is being sent again.")).toBeVisible();
    await expect(failures.getByRole("listitem")).toHaveCount(1);
    await expect(failures.getByRole("listitem")).toContainText(gone.email);
    await expect(details.getByRole("button", { name: "Retry failed" })).toBeDisabled();

    await details.getByRole("button", { name: "Remove these addresses" }).click();
    const question = page.getByRole("alertdialog", { name: "Remove these addresses?" });
    await expect(question).toContainText("Remove the 1 address this newsletter could not reach");
    await question.getByRole("button", { name: "Remove" }).click();
    await expect(toast(page, "status", "Removed 1 address from the mailing list.")).toBeVisible();
    await expect(details.getByRole("button", { name: "Remove these addresses" })).toBeDisabled();
    const left = await db
      .selectFrom("subscribers")
      .select("email")
      .where("id", "in", [busy.id, gone.id, grey.id])
      .execute();
    expect(left.map((subscriber) => subscriber.email).sort()).toEqual(
      [busy.email, grey.email].sort(),
    );
  } finally {
    await db.deleteFrom("newsletter_deliveries").where("sendingId", "=", sendingId).execute();
    await db.deleteFrom("newsletter_sendings").where("id", "=", sendingId).execute();
  }
});

test("the Mailing List shows Bounced addresses, with a filter of their own", async ({
  page,
  createStaff,
  db,
}) => {
  test.slow();
  await signInAs(page, await createStaff());
  const id = uniqueId();
  const active = await createSubscriber(db, { email: `fine-${id}@example.com` });
  const bounced = await createSubscriber(db, {
    email: `bounced-${id}@example.com`,
    status: "bounced",
    bouncedAt: new Date().toISOString(),
    bounceReason: "550 5.1.1 User unknown",
  });
  await page.goto(`/dashboard/mailing-list?q=${id}`);
  await expect(pageHeading(page, "Mailing List")).toBeVisible();
  const badge = rowOf(page, bounced.email).getByText("Bounced", { exact: true });
  await expect(badge).toBeVisible();
  await expect(badge).toHaveAttribute("title", "550 5.1.1 User unknown");

  const tabs = page.getByRole("navigation", { name: "Subscriber status" });
  await tabs.getByRole("link", { name: "Bounced" }).click();
  await expect(page).toHaveURL(/status=bounced/);
  await expect(page).toHaveURL(new RegExp(`q=${id}`));
  await expect(rowOf(page, bounced.email)).toBeVisible();
  await expect(rowOf(page, active.email)).toHaveCount(0);
  await page.reload();
  await expect(tabs.getByRole("link", { name: "Bounced" })).toHaveAttribute("aria-current", /.+/);
  await expect(rowOf(page, bounced.email)).toBeVisible();
  await expect(rowOf(page, active.email)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
