import type { Page } from "@playwright/test";
import type { Subscriber, SubscriberCounts } from "#common/types/subscriber.ts";
import { expect, signInAs, test } from "#tests/e2e/fixtures.ts";
import { createSubscriber } from "#tests/factories/subscriber.ts";
import {
  expectConfirmation,
  expectPageMatchesApi,
  holdResponses,
  pageHeading,
  toast,
  uniqueId,
} from "./helpers.ts";

// Mailing List (docs/product/mail.md#mailing-list-section, #csv-export).

const DAY_MS = 24 * 3600 * 1000;
// The counters use the browser's time zone; this one is far from UTC, so a test that passed
// only because the browser ran in UTC would show it.
const TIME_ZONE = "Pacific/Auckland";

async function listSubscribers(page: Page): Promise<Subscriber[]> {
  const response = await page.request.get("/api/subscribers");
  expect(response.status()).toBe(200);
  return response.json();
}

/** "2025-6": the calendar month of an instant in TIME_ZONE. */
function monthIn(date: Date): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: TIME_ZONE,
    year: "numeric",
    month: "numeric",
  }).formatToParts(date);
  return `${parts.find((p) => p.type === "year")?.value}-${parts.find((p) => p.type === "month")?.value}`;
}

/** The table of subscribers (the list at desktop width). */
const subscribers = (page: Page) => page.getByRole("table", { name: "Subscribers", exact: true });
/** One subscriber's row. */
const rowOf = (page: Page, email: string) =>
  subscribers(page).getByRole("row").filter({ hasText: email });
/** Opens a row's actions menu and picks Remove. */
async function chooseRemove(page: Page, email: string) {
  await rowOf(page, email)
    .getByRole("button", { name: `Actions for ${email}` })
    .click();
  await page.getByRole("menuitem", { name: "Remove" }).click();
}
/** The addresses the table shows, in order. */
async function shownAddresses(page: Page): Promise<string[]> {
  await expect(subscribers(page)).toBeVisible();
  return subscribers(page)
    .locator("tbody tr td:first-child")
    .evaluateAll((cells) => cells.map((cell) => cell.textContent ?? ""));
}
const stat = (page: Page, label: string) =>
  page
    .locator('[data-slot="subscriber-stat"]')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator("dd");

test.describe("mailing list", () => {
  test.use({ timezoneId: TIME_ZONE });

  test("the three counters, and the first page of the list, newest first, as the API has them", async ({
    page,
    createStaff,
    db,
  }) => {
    const employee = await createStaff();
    await signInAs(page, employee);
    const id = uniqueId();
    const now = Date.now();
    await createSubscriber(db, { email: `today-${id}@example.com` });
    await createSubscriber(db, {
      email: `six-days-${id}@example.com`,
      createdAt: new Date(now - 6 * DAY_MS).toISOString(),
    });
    await createSubscriber(db, {
      email: `eight-days-${id}@example.com`,
      createdAt: new Date(now - 8 * DAY_MS).toISOString(),
    });
    await createSubscriber(db, {
      email: `last-year-${id}@example.com`,
      createdAt: new Date(now - 400 * DAY_MS).toISOString(),
    });

    await page.goto("/dashboard/mailing-list");
    await expect(pageHeading(page, "Mailing List")).toBeVisible();
    await expectPageMatchesApi(
      page,
      () => listSubscribers(page),
      async (list) => {
        const checkedAt = new Date();
        const thisMonth = monthIn(checkedAt);
        // The counters count Active subscribers only (pending ones have not confirmed).
        const active = list.filter((s) => s.status === "active");
        await expect(stat(page, "Total Subscribers")).toHaveText(String(active.length));
        await expect(stat(page, "This Month")).toHaveText(
          String(active.filter((s) => monthIn(new Date(s.createdAt)) === thisMonth).length),
        );
        await expect(stat(page, "This Week")).toHaveText(
          String(
            active.filter((s) => Date.parse(s.createdAt) >= checkedAt.getTime() - 7 * DAY_MS)
              .length,
          ),
        );
        expect(await shownAddresses(page)).toEqual(list.slice(0, 25).map((s) => s.email));
      },
    );
    const today = rowOf(page, `today-${id}@example.com`);
    await expect(today.getByText("Active", { exact: true })).toBeVisible();
  });

  test("removing a subscriber asks, naming the address, and says so", async ({
    page,
    createStaff,
    db,
  }) => {
    const admin = await createStaff({ role: "admin" });
    await signInAs(page, admin);
    const subscriber = await createSubscriber(db, { email: `leaving-${uniqueId()}@example.com` });
    await page.goto("/dashboard/mailing-list");
    await page.goto(`/dashboard/mailing-list?q=${encodeURIComponent(subscriber.email)}`);
    const row = rowOf(page, subscriber.email);
    const description = `Are you sure you want to remove ${subscriber.email} from the mailing list?`;

    await chooseRemove(page, subscriber.email);
    let dialog = await expectConfirmation(page, description);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(row).toBeVisible();

    await chooseRemove(page, subscriber.email);
    dialog = await expectConfirmation(page, description);
    // Other tests add addresses to the same site meanwhile: the counters are checked against
    // what the server counted when they were read again after the removal.
    const recounted = page.waitForResponse((response) =>
      response.url().includes("/api/subscribers/stats"),
    );
    await dialog.getByRole("button", { name: "Remove" }).click();
    await expect(toast(page, "status", "Subscriber removed from mailing list.")).toBeVisible();
    await expect(row).toHaveCount(0);
    expect((await listSubscribers(page)).some((s) => s.id === subscriber.id)).toBe(false);
    // The counters follow the list: counted again after the removal, and shown.
    const counts = (await (await recounted).json()) as SubscriberCounts;
    await expect(stat(page, "Total Subscribers")).toHaveText(String(counts.total));
  });

  test("a subscriber removed elsewhere meanwhile: the server's message", async ({
    page,
    createStaff,
    db,
  }) => {
    const employee = await createStaff();
    await signInAs(page, employee);
    const subscriber = await createSubscriber(db, { email: `twice-${uniqueId()}@example.com` });
    await page.goto("/dashboard/mailing-list");
    await page.goto(`/dashboard/mailing-list?q=${encodeURIComponent(subscriber.email)}`);
    const row = rowOf(page, subscriber.email);
    await expect(row).toBeVisible();
    await db.deleteFrom("subscribers").where("id", "=", subscriber.id).execute();
    await chooseRemove(page, subscriber.email);
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await expect(toast(page, "alert", "Error")).toContainText(
      "That subscriber is not on the mailing list.",
    );
    await expect(row).toHaveCount(0);
  });

  test("a remove that fails without a message says 'Failed to remove subscriber.'", async ({
    page,
    createStaff,
    db,
  }) => {
    const employee = await createStaff();
    await signInAs(page, employee);
    const subscriber = await createSubscriber(db, { email: `stays-${uniqueId()}@example.com` });
    await page.route(`**/api/subscribers/${subscriber.id}`, (route) =>
      route.fulfill({ status: 503, contentType: "text/plain", body: "Service Unavailable" }),
    );
    await page.goto(`/dashboard/mailing-list?q=${encodeURIComponent(subscriber.email)}`);
    const row = rowOf(page, subscriber.email);
    await chooseRemove(page, subscriber.email);
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await expect(toast(page, "alert", "Error")).toContainText("Failed to remove subscriber.");
    await expect(row).toBeVisible();
  });

  test("Export CSV downloads mailing-list-{date}.csv with the header and the subscribers", async ({
    page,
    createStaff,
    db,
  }) => {
    const employee = await createStaff();
    await signInAs(page, employee);
    const subscriber = await createSubscriber(db, {
      email: `csv-${uniqueId()}@example.com`,
      createdAt: "2025-03-05T23:30:00.000Z",
    });
    await page.goto("/dashboard/mailing-list");
    await expect(subscribers(page)).toBeVisible();
    const before = new Date().toISOString().slice(0, 10);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    const after = new Date().toISOString().slice(0, 10);
    expect([`mailing-list-${before}.csv`, `mailing-list-${after}.csv`]).toContain(
      download.suggestedFilename(),
    );
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const csv = Buffer.concat(chunks).toString("utf8");
    expect(csv.startsWith("Email,Subscribed Date\r\n")).toBe(true);
    expect(csv).toContain(`\r\n${subscriber.email},2025-03-05\r\n`);
    // Line for line the file the API gives.
    const apiLines = (await (await page.request.get("/api/subscribers/export")).text()).split(
      "\r\n",
    );
    for (const line of csv.split("\r\n")) expect(apiLines).toContain(line);
  });

  test.describe("when the export fails", () => {
    test.use({ allowedConsoleErrors: [/Failed to export the mailing list/] });

    test("the failure is only logged", async ({ page, createStaff }) => {
      const employee = await createStaff();
      await signInAs(page, employee);
      await page.route("**/api/subscribers/export", (route) =>
        route.fulfill({ status: 500, json: { message: "Something went wrong." } }),
      );
      await page.goto("/dashboard/mailing-list");
      await expect(subscribers(page)).toBeVisible();
      const logged = page.waitForEvent(
        "console",
        (message) =>
          message.type() === "error" &&
          message.text().includes("Failed to export the mailing list"),
      );
      await page.getByRole("button", { name: "Export CSV" }).click();
      await logged;
      await expect(page.getByRole("button", { name: "Export CSV" })).toBeEnabled();
      await expect(page.locator('[data-slot="toast"]')).toHaveCount(0);
    });
  });

  test("shows placeholders while the list loads", async ({ page, createStaff }) => {
    const employee = await createStaff();
    await signInAs(page, employee);
    const release = await holdResponses(page, "**/api/subscribers**");
    await page.goto("/dashboard/mailing-list");
    const placeholders = page
      .getByRole("list", { name: "Subscribers (loading)" })
      .locator('[data-slot="skeleton-row"]');
    await expect(placeholders).toHaveCount(3);
    await expect(page.locator('[data-slot="subscriber-stat"] [data-slot="skeleton"]')).toHaveCount(
      3,
    );
    release();
    await expect(subscribers(page).getByRole("row").nth(1)).toBeVisible();
    await expect(placeholders).toHaveCount(0);
  });

  test("search, paging and order live in the address, and the back button returns to each view", async ({
    page,
    createStaff,
    db,
  }) => {
    const employee = await createStaff();
    await signInAs(page, employee);
    const id = uniqueId();
    const now = Date.now();
    // 30 addresses with the same word in them, one a minute: the newest is reader-29.
    for (let i = 0; i < 30; i += 1) {
      await createSubscriber(db, {
        email: `reader-${String(i).padStart(2, "0")}.${id}@example.com`,
        createdAt: new Date(now - (30 - i) * 60_000).toISOString(),
      });
    }
    const newestFirst = Array.from(
      { length: 30 },
      (_, i) => `reader-${String(29 - i).padStart(2, "0")}.${id}@example.com`,
    );

    await page.goto("/dashboard/mailing-list");
    await expect(subscribers(page)).toBeVisible();
    await page.getByRole("searchbox", { name: "Search subscribers" }).fill(id.toUpperCase());
    await expect(page).toHaveURL(new RegExp(`\\?q=${id.toUpperCase()}$`));
    await expect(page.getByText("Showing 1–25 of 30 subscribers")).toBeVisible();
    await expect.poll(() => shownAddresses(page)).toEqual(newestFirst.slice(0, 25));

    const pager = page.getByRole("navigation", { name: "Subscribers pages" });
    await pager.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(new RegExp(`\\?q=${id.toUpperCase()}&page=2$`));
    await expect(page.getByText("Showing 26–30 of 30 subscribers")).toBeVisible();
    await expect.poll(() => shownAddresses(page)).toEqual(newestFirst.slice(25));

    await page.getByRole("combobox", { name: "Sort by" }).selectOption({ label: "Address A to Z" });
    await expect(page).toHaveURL(new RegExp(`\\?q=${id.toUpperCase()}&sort=email$`));
    await expect(page.getByText("Showing 1–25 of 30 subscribers")).toBeVisible();
    await expect.poll(() => shownAddresses(page)).toEqual([...newestFirst].reverse().slice(0, 25));

    // Back: page 2 of the search, newest first; back again: its page 1; then the whole list.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`\\?q=${id.toUpperCase()}&page=2$`));
    await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveValue("-createdAt");
    await expect(page.getByText("Showing 26–30 of 30 subscribers")).toBeVisible();
    await expect.poll(() => shownAddresses(page)).toEqual(newestFirst.slice(25));
    await page.goBack();
    await expect(page.getByText("Showing 1–25 of 30 subscribers")).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Search subscribers" })).toHaveValue(
      id.toUpperCase(),
    );
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard\/mailing-list$/);
    await expect(page.getByRole("searchbox", { name: "Search subscribers" })).toHaveValue("");

    // A page past the last says so, with the way back.
    await page.goto(`/dashboard/mailing-list?q=${id}&page=5`);
    await expect(
      page.getByText("Page 5 is past the end of the list, which fills 2 pages."),
    ).toBeVisible();
    await page.getByRole("link", { name: "Go to page 2" }).click();
    await expect(page.getByText("Showing 26–30 of 30 subscribers")).toBeVisible();

    // A linked view opens as it was left.
    await page.goto(`/dashboard/mailing-list?q=${id}&sort=email&page=2`);
    await expect.poll(() => shownAddresses(page)).toEqual([...newestFirst].reverse().slice(25));
    await page.getByRole("searchbox", { name: "Search subscribers" }).fill(`nobody-${id}`);
    await expect(page.getByText("No matching subscribers")).toBeVisible();
    await page.getByRole("button", { name: "Clear search" }).click();
    await expect(page).toHaveURL(/\/dashboard\/mailing-list\?sort=email$/);
  });
});
