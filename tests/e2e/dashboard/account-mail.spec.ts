import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";
import { CHANGE_PASSWORD_MESSAGES } from "#common/schemas/auth.ts";
import { loadConfig } from "#server/config/env.server.ts";
import { createMailer, outboxDir } from "#server/mail/mailer.server.ts";
import { expect, expectNoSeriousA11yViolations, signInAs, test } from "#tests/e2e/fixtures.ts";
import { fakePassword } from "#tests/factories/employee.ts";
import { pageHeading, uniqueId } from "./helpers.ts";

// Account mail as staff use it (docs/product/mail.md#account-mail): "Forgot password?" to a new
// password, "My account" password change, and the Outbox where the e-mails of this server (it
// has no SMTP server) are kept.

const OUTBOX = outboxDir(String(process.env.E2E_DATA_DIR));

// Each test walks a whole flow with accessibility checks on the way: give it room on a busy machine.
test.describe.configure({ timeout: 90_000 });

/** The text part of the newest outbox message to this address, once it has been written. */
async function newestMailTo(email: string): Promise<string> {
  let text = "";
  await expect(async () => {
    const files = (await readdir(OUTBOX))
      .filter((name) => name.endsWith(".eml"))
      .sort()
      .reverse();
    for (const file of files) {
      const raw = await readFile(path.join(OUTBOX, file));
      const parsed = await simpleParser(raw);
      if (parsed.to && !Array.isArray(parsed.to) && parsed.to.text === email) {
        text = parsed.text ?? "";
        return;
      }
    }
    throw new Error(`No mail to ${email} yet`);
  }).toPass({ timeout: 10_000 });
  return text;
}

test("Forgot password? mails a link that sets a new password, once", async ({
  page,
  createStaff,
}) => {
  const member = await createStaff({ firstName: "Robin" });
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(pageHeading(page, "Forgot your password?")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel("Email").fill(member.email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();

  const text = await newestMailTo(member.email);
  expect(text).toContain("Hello Robin,");
  const link = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/.exec(text)?.[0];
  expect(link, text).toBeDefined();
  const resetPath = new URL(link as string).pathname;

  await page.goto(resetPath);
  await expect(pageHeading(page, "Choose a new password")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const newPassword = fakePassword();
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(`${newPassword}-typo`);
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByRole("alert")).toContainText("The two passwords do not match.");
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Save new password" }).click();

  await expect(page).toHaveURL(/\/login\?reset=1$/);
  await expect(page.getByRole("status")).toContainText("Your password was changed.");
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("Password").fill(newPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link worked once.
  await page.goto(resetPath);
  await expect(pageHeading(page, "Reset link not valid")).toBeVisible();
  await expect(page.getByText(/already been used or is not valid/)).toBeVisible();
});

test("My account changes the password with the current one", async ({ page, createStaff }) => {
  const member = await createStaff({ firstName: "Kim" });
  await signInAs(page, member);
  await page.goto("/dashboard/account");
  await expect(pageHeading(page, "My account")).toBeVisible();
  await expect(page.getByText(member.email)).toBeVisible();
  await expect(page.getByText("Employee", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const newPassword = fakePassword();
  await page.getByLabel("Current password").fill("not-the-password-at-all");
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText(CHANGE_PASSWORD_MESSAGES.wrongCurrent)).toBeVisible();

  await page.getByLabel("Current password").fill(member.password);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: CHANGE_PASSWORD_MESSAGES.changed }),
  ).toBeVisible();

  // This browser stays signed in; the old password no longer works, the new one does.
  await page.reload();
  await expect(pageHeading(page, "My account")).toBeVisible();
  const origin = String(test.info().project.use.baseURL);
  const old = await page.request.post("/api/auth/sign-in/email", {
    data: { email: member.email, password: member.password },
    headers: { origin },
  });
  expect(old.status()).toBe(401);
  const fresh = await page.request.post("/api/auth/sign-in/email", {
    data: { email: member.email, password: newPassword },
    headers: { origin },
  });
  expect(fresh.status()).toBe(200);
});

test.describe("the Outbox", () => {
  // The browser reports the message's script it refused to run: that refusal is the point.
  test.use({ allowedConsoleErrors: [/Blocked script execution in 'about:srcdoc'/] });

  test("lists the e-mails and opens one with its HTML sandboxed and its reset link hidden", async ({
    page,
    createStaff,
  }) => {
    const subject = `Outbox check ${uniqueId()}`;
    const config = loadConfig({ DATA_DIR: String(process.env.E2E_DATA_DIR), SEED_DEMO: "0" });
    const token = `reset-${uniqueId()}-only-for-its-recipient`;
    const resetLink = `${config.siteUrl}/reset-password/${token}`;
    await createMailer(config).send({
      to: "reader@example.com",
      subject,
      text: `The plain text part. Reset: ${resetLink}`,
      html: `<h1>Hello from the HTML part</h1><p><a href="${resetLink}">${resetLink}</a></p><script>parent.document.title = "taken over";</script><img src=x onerror="parent.document.title = 'taken over'">`,
    });
    const admin = await createStaff({ role: "admin" });
    await signInAs(page, admin);
    await page.goto("/dashboard/outbox");
    await expect(pageHeading(page, "Outbox")).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: subject });
    await expect(row).toContainText("reader@example.com");
    await expectNoSeriousA11yViolations(page);

    await row.getByRole("button", { name: subject }).click();
    await expect(page.getByRole("heading", { level: 2, name: subject })).toBeVisible();
    await expect(page.getByText("The plain text part.")).toBeVisible();
    // A link that grants access reaches only its recipient: the page says so and shows none.
    await expect(
      page.getByText(
        "Password reset, invitation, confirmation and unsubscribe links are shown as [hidden]: they reach only their recipient.",
      ),
    ).toBeVisible();
    await expect(page.getByText(`${config.siteUrl}/reset-password/[hidden]`)).toBeVisible();
    await expect(
      page.frameLocator("iframe").getByRole("link", { name: "/reset-password/[hidden]" }),
    ).toBeVisible();
    expect(await page.content()).not.toContain(token);
    await expect(page.getByText("Message-ID", { exact: true })).toBeVisible();
    const frame = page.locator("iframe");
    await expect(frame).toHaveAttribute("sandbox", "");
    await expect(
      page.frameLocator("iframe").getByRole("heading", { name: "Hello from the HTML part" }),
    ).toBeVisible();
    await expect(page).not.toHaveTitle("taken over");
    await expectNoSeriousA11yViolations(page, { exclude: ["iframe[sandbox]"] });

    await page.goBack();
    await expect(page.getByRole("row").filter({ hasText: subject })).toBeVisible();
  });
});

test("a plain employee has no Outbox", async ({ page, createStaff }) => {
  await signInAs(page, await createStaff());
  const response = await page.goto("/dashboard/outbox");
  expect(response?.status()).toBe(404);
  await page.goto("/dashboard");
  await expect(page.getByRole("link", { name: "Outbox" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "My account" }).first()).toBeVisible();
});
