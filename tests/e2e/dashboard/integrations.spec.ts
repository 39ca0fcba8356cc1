import type { Page } from "@playwright/test";
import {
  DESKTOP,
  expect,
  expectNoSeriousA11yViolations,
  hasHorizontalScroll,
  MOBILE,
  test,
} from "#tests/e2e/fixtures.ts";
import { type OwnServer, startOwnServer } from "#tests/e2e/own-server.ts";
import { startWebhookReceiver, type WebhookReceiver } from "#tests/fakes/webhook-receiver.ts";
import { expectConfirmation, pageHeading, sidebar, toast } from "./helpers.ts";

// The Integrations section (docs/product/dashboard.md#integrations-section): an admin connects
// the community chat, sees the card as the chat will show it, sends a test to it, and finds the
// delivery of a post published afterwards in the log. On a server of its own that may reach a
// loopback receiver (WEBHOOKS_ALLOW_PRIVATE_ADDRESSES=1) standing in for the chat service.

const OWNER = { email: "owner@integrations.test", password: "owner-integrations-password" };
const COMPANY = "Hookworks Studio";

async function signInThroughForm(page: Page, server: OwnServer) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Password").fill(OWNER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${server.url}/dashboard`);
}

test.describe("an admin connects the community chat", () => {
  let server: OwnServer;
  let chat: WebhookReceiver;
  test.beforeAll(async () => {
    chat = await startWebhookReceiver();
    server = await startOwnServer({
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      COMPANY_NAME: COMPANY,
      WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: "1",
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await chat?.close();
  });

  test("adds the chat, previews the card, sends a test and sees a published post's delivery", async ({
    page,
  }) => {
    test.slow();
    await signInThroughForm(page, server);
    await sidebar(page).getByRole("link", { name: "Integrations" }).click();
    await expect(page).toHaveURL(`${server.url}/dashboard/integrations`);
    await expect(pageHeading(page, "Integrations")).toBeVisible();
    await expect(page.getByText("No endpoints yet.")).toBeVisible();

    await page.getByRole("button", { name: "Add Endpoint" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("Community chat");
    await dialog.getByLabel("Webhook address").fill(`${chat.url}/secret-token-0123456789abcdef`);
    // The card as the chat shows it: the site's name, the line above, the sample item.
    const preview = dialog.getByRole("figure", { name: "Card preview" });
    await expect(preview.getByText(COMPANY)).toBeVisible();
    await expect(preview.getByText("Now live on the marketplace")).toBeVisible();
    await expect(preview.getByRole("link", { name: /^Sample:/ })).toBeVisible();
    await expect(preview.getByText("World/Map")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: "Add Endpoint" }).click();
    await expect(toast(page, "status", "Endpoint added.")).toBeVisible();

    const card = page.getByRole("article", { name: "Community chat" });
    await expect(card.getByText("Community chat", { exact: true }).last()).toBeVisible();
    await expect(card.getByText(/\/hooks\/studio\/…$/)).toBeVisible();
    await expect(card.getByText("secret-token")).toHaveCount(0);

    await card.getByRole("button", { name: "Send a test" }).click();
    await expect(card.getByText(/^The test arrived: HTTP 200/)).toBeVisible();
    expect(chat.received).toHaveLength(1);
    expect(JSON.parse(chat.received[0]?.body ?? "{}").username).toBe(COMPANY);

    // A post published now reaches the chat through the worker, and shows in the log.
    const published = await page.request.post(`${server.url}/api/posts`, {
      headers: { origin: server.url },
      data: {
        title: "Sky Islands is out",
        content: "<p>Fly.</p>",
        slug: "sky-islands",
        status: "published",
      },
    });
    expect(published.status()).toBe(201);
    await expect.poll(() => chat.received.length, { timeout: 10_000 }).toBe(2);
    await card.getByRole("button", { name: "Delivery log" }).click();
    const log = card.getByRole("region", { name: "Delivery log of Community chat" });
    const row = log.getByRole("row", { name: /Sky Islands is out/ });
    await expect(row.getByText("Post published")).toBeVisible();
    await expect(row.getByText("Delivered")).toBeVisible();
    await expect(row.getByText("HTTP 200: ok")).toBeVisible();
    await page.setViewportSize(DESKTOP);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize(MOBILE);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.setViewportSize(DESKTOP);

    await row.getByRole("button", { name: "Resend" }).click();
    await expect(toast(page, "status", "Sending it again now.")).toBeVisible();
    await expect.poll(() => chat.received.length, { timeout: 10_000 }).toBe(3);
    expect(chat.received[2]?.body).toBe(chat.received[1]?.body);

    await card.getByRole("button", { name: "Delete" }).click();
    const confirm = await expectConfirmation(
      page,
      "Nothing more is sent there, and its delivery log goes with it.",
    );
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("No endpoints yet.")).toBeVisible();
  });
});
