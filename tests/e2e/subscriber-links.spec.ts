import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { SUBSCRIBE_ANSWERS } from "#common/schemas/subscriber.ts";
import { loadConfig } from "#server/config/env.server.ts";
import { unsubscribeUrl } from "#server/services/subscriber-links.server.ts";
import { expect, expectNoSeriousA11yViolations, test } from "#tests/e2e/fixtures.ts";
import { createSubscriber } from "#tests/factories/subscriber.ts";

// The mailed subscriber links (docs/product/mail.md#newsletter-consent). The e2e server has no
// SMTP_URL, so its mail is written as .eml files into its data folder's outbox.

const outbox = () => path.join(process.env.E2E_DATA_DIR ?? "", "outbox");

/** The text of the mail the outbox holds for this address, once it is there. */
async function mailTo(address: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const names = await readdir(outbox()).catch(() => [] as string[]);
        for (const name of names.filter((n) => n.endsWith(".eml"))) {
          const mail = await simpleParser(await readFile(path.join(outbox(), name)));
          const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
          if (to.some((t) => t.value.some((v) => v.address === address))) {
            found = mail.text ?? "";
            return true;
          }
        }
        return false;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found ?? "";
}

/** The site's own signing secret, to make the unsubscribe link a newsletter would carry. */
function siteLinks() {
  const config = loadConfig({ DATA_DIR: process.env.E2E_DATA_DIR, SEED_DEMO: "0" });
  return { siteUrl: String(test.info().project.use.baseURL), secret: config.sessionSecret };
}

test.describe("double opt-in", () => {
  test("a visitor subscribes, opens the mailed link and confirms with the button", async ({
    page,
    db,
  }) => {
    // Two pages, a mail and an accessibility check: more than the default 30 s on a busy machine.
    test.slow();
    const address = `confirm-${Date.now()}@example.com`;
    await page.goto("/");
    await page.getByRole("textbox", { name: "Email address" }).fill(address);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("status")).toContainText(SUBSCRIBE_ANSWERS.confirm);

    const text = await mailTo(address);
    const link = /https?:\/\/\S+\/subscribe\/confirm\/[A-Za-z0-9._-]+/.exec(text)?.[0];
    expect(link, text).toBeDefined();
    await page.goto(new URL(link ?? "").pathname);
    await expect(page.getByRole("heading", { name: "Confirm your subscription" })).toBeVisible();
    await expect(page.getByText(address)).toBeVisible();
    // Opening the link confirmed nothing: a mail scanner would have opened it too.
    const before = await db
      .selectFrom("subscribers")
      .select("status")
      .where("email", "=", address)
      .executeTakeFirstOrThrow();
    expect(before.status).toBe("pending");
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(page.getByRole("heading", { name: "You're subscribed!" })).toBeVisible();
    const after = await db
      .selectFrom("subscribers")
      .select("status")
      .where("email", "=", address)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe("active");

    await page.goto(new URL(link ?? "").pathname);
    await expect(page.getByRole("heading", { name: "Already confirmed" })).toBeVisible();
  });

  test("a link that is not valid says so", async ({ page }) => {
    const response = await page.goto("/subscribe/confirm/not-a-real-link");
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("heading", { name: "This link is not valid" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("unsubscribe link", () => {
  for (const javaScriptEnabled of [true, false]) {
    test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
      test.use({ javaScriptEnabled });

      test("the page asks first, and its one button unsubscribes", async ({ page, db }) => {
        const reader = await createSubscriber(db);
        const link = new URL(unsubscribeUrl(siteLinks(), reader.id)).pathname;
        await page.goto(link);
        await expect(
          page.getByRole("heading", { name: "Unsubscribe from our newsletter?" }),
        ).toBeVisible();
        await expect(page.getByText(reader.email)).toBeVisible();
        const still = await db
          .selectFrom("subscribers")
          .select("id")
          .where("id", "=", reader.id)
          .executeTakeFirst();
        expect(still, "opening the page unsubscribes nobody").toBeDefined();
        if (javaScriptEnabled) await expectNoSeriousA11yViolations(page);

        await page.getByRole("button", { name: "Unsubscribe" }).click();
        await expect(page.getByRole("heading", { name: "You're unsubscribed" })).toBeVisible();
        const gone = await db
          .selectFrom("subscribers")
          .select("id")
          .where("id", "=", reader.id)
          .executeTakeFirst();
        expect(gone).toBeUndefined();
      });
    });
  }

  test("a link the site did not sign says so and offers the form", async ({ page }) => {
    const response = await page.goto("/unsubscribe/not.signed");
    expect(response?.status()).toBe(400);
    await expect(
      page.getByRole("heading", { name: "This unsubscribe link is not valid" }),
    ).toBeVisible();
    await page.getByRole("link", { name: "Unsubscribe by address" }).click();
    await expect(page).toHaveURL(/\/unsubscribe$/);
  });
});

test.describe("the newsletter form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  // Every test here comes from the same client address: start each with a fresh limit.
  test.beforeEach(async ({ db }) => {
    await db.deleteFrom("rate_limits").where("key", "like", "newsletter:%").execute();
  });

  /** Sends the home page's form; answers the status of the page it posted to. */
  async function subscribeFromHome(page: Page, address: string): Promise<number> {
    await page.goto("/");
    await page.getByRole("textbox", { name: "Email address" }).fill(address);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Subscribe" }).click(),
    ]);
    return response.status();
  }

  test("a visitor subscribes from the home page and is told to check their inbox", async ({
    page,
    db,
  }) => {
    const address = `no-script-${Date.now()}@example.com`;
    expect(await subscribeFromHome(page, address)).toBe(200);
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await expect(page.getByText(SUBSCRIBE_ANSWERS.confirm)).toBeVisible();
    // The address travelled in the body: never in the address bar or the history.
    expect(new URL(page.url()).pathname).toBe("/subscribe");
    expect(new URL(page.url()).search).toBe("");
    // In the site's layout, with a way back.
    await expect(page.getByRole("contentinfo")).toContainText("All rights reserved.");
    const row = await db
      .selectFrom("subscribers")
      .select("status")
      .where("email", "=", address)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("pending");
    expect(await mailTo(address)).toMatch(/\/subscribe\/confirm\/[A-Za-z0-9._-]+/);
    await page.getByRole("link", { name: "Back to home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("an invalid address shows why, with the form again", async ({ page }) => {
    expect(await subscribeFromHome(page, "not-an-address")).toBe(400);
    await expect(page.getByRole("alert")).toHaveText("Please enter a valid email address.");
    await expect(page.getByRole("textbox", { name: "Email address" })).toHaveValue(
      "not-an-address",
    );
    expect(new URL(page.url()).search).toBe("");
  });
});

test("the newsletter's own page has no serious accessibility violations", async ({ page }) => {
  await page.goto("/subscribe");
  await expect(page.getByRole("heading", { name: "Subscribe to our newsletter" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
