import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { type ParsedMail, simpleParser } from "mailparser";
import sharp from "sharp";
import type { NewsletterPreview } from "#common/types/newsletter.ts";
import {
  expect,
  expectNoSeriousA11yViolations,
  hasHorizontalScroll,
  signInAs,
  test,
} from "#tests/e2e/fixtures.ts";
import { createPost } from "#tests/factories/post.ts";
import { createSubscriber } from "#tests/factories/subscriber.ts";
import { fillBasics, openEditor, uniqueTitle } from "./editor-helpers.ts";
import { pageHeading, toast, uniqueId } from "./helpers.ts";

// Newsletters (docs/product/mail.md#newsletters-section): the editor's "Send as newsletter" dialog
// with its preview and "Send a test to me", the sending followed to its end in the Newsletters
// section, "Send again", and "Publish and e-mail subscribers". The e2e server has no SMTP_URL, so
// every message is an .eml file in its DATA_DIR/outbox, read back here with mailparser.

type OutboxMessage = ParsedMail & { raw: string };

/** Every message in the e2e server's outbox that `match` accepts, parsed, with its raw text. */
async function outboxMessages(match: (mail: ParsedMail) => boolean): Promise<OutboxMessage[]> {
  const dir = path.join(process.env.E2E_DATA_DIR ?? "", "outbox");
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith(".eml"));
  } catch {
    return [];
  }
  const found: OutboxMessage[] = [];
  for (const name of names) {
    const raw = await readFile(path.join(dir, name), "utf8");
    const mail = await simpleParser(raw);
    if (match(mail)) found.push(Object.assign(mail, { raw }));
  }
  return found;
}

/** The single address of a parsed message's To header. */
function toAddress(mail: ParsedMail): string {
  const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
  return to?.value[0]?.address ?? "";
}

/** The editor's "Send as newsletter" dialog. */
const newsletterDialog = (page: Page) => page.getByRole("dialog", { name: "Send as newsletter" });

async function openNewsletterDialog(page: Page, postId: string) {
  await openEditor(page, `?id=${postId}&type=post`);
  await page.getByRole("button", { name: "Send as newsletter" }).click();
  await expect(newsletterDialog(page)).toBeVisible();
}

async function previewOf(page: Page, postId: string): Promise<NewsletterPreview> {
  const response = await page.request.get(`/api/posts/${postId}/newsletter/preview`);
  expect(response.status()).toBe(200);
  return response.json();
}

test.describe("newsletters", () => {
  // A sending goes at the server's pace, and each step is checked for accessibility on the way.
  test.describe.configure({ timeout: 90_000 });

  test("the dialog previews the e-mail in a frame that runs no script, and a test reaches me", async ({
    page,
    createStaff,
    db,
  }) => {
    const staff = await createStaff();
    await signInAs(page, staff);
    const title = uniqueTitle("Letter preview");
    const post = await createPost(db, {
      title,
      content: '<p>Inside the letter.</p><p><a href="/apps">Our apps</a></p>',
    });
    // Other tests add and remove subscribers meanwhile: the count is read before and after.
    const before = (await previewOf(page, post.id)).recipients;
    await openNewsletterDialog(page, post.id);
    const dialog = newsletterDialog(page);
    await expect(dialog.getByTestId("newsletter-subject")).toHaveText(title);

    const frame = dialog.locator('iframe[title="Preview of the e-mail"]');
    await expect(frame).toHaveAttribute("sandbox", /^(?!.*allow-scripts)(?!.*allow-same-origin)/);
    const letter = frame.contentFrame();
    await expect(letter.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(letter.getByText("Inside the letter.")).toBeVisible();
    await expect(letter.getByRole("link", { name: "Our apps" })).toHaveAttribute(
      "href",
      /^http:\/\/127\.0\.0\.1:\d+\/apps$/,
    );
    await expect(letter.getByRole("link", { name: "Read on the site" })).toHaveAttribute(
      "href",
      new RegExp(`/blog/${post.slug}$`),
    );
    const reach = dialog.getByText(/^(It will go to [\d,]+ subscribers?|There are no active)/);
    await expect(reach).toBeVisible();
    const after = (await previewOf(page, post.id)).recipients;
    const shown = (await reach.textContent()) ?? "";
    const count = shown.startsWith("There are no active")
      ? 0
      : Number(/[\d,]+/.exec(shown)?.[0]?.replaceAll(",", ""));
    // Unchanged meanwhile: exactly that; else somewhere between the two.
    expect(count).toBeGreaterThanOrEqual(Math.min(before, after));
    expect(count).toBeLessThanOrEqual(Math.max(before, after));
    await expectNoSeriousA11yViolations(page, {
      exclude: ['iframe[title="Preview of the e-mail"]'],
    });

    await dialog.getByRole("button", { name: "Send a test to me" }).click();
    await expect(toast(page, "status", "Test sent")).toContainText(
      `the test e-mail to ${staff.email} was written to the outbox folder`,
    );
    await expect
      .poll(async () => (await outboxMessages((mail) => toAddress(mail) === staff.email)).length)
      .toBe(1);
    const [mail] = await outboxMessages((mail) => toAddress(mail) === staff.email);
    expect(mail?.subject).toBe(`[Test] ${title}`);
    expect(mail?.html).toContain("This is a test of the newsletter");
    expect(mail?.html).toContain("Inside the letter.");
    expect(mail?.text).toContain("Read on the site [");
  });

  test("the preview shows the post's cover image and its pictures, loaded from the site's uploads", async ({
    page,
    createStaff,
    db,
  }) => {
    await signInAs(page, await createStaff());
    const picture = await sharp({
      create: { width: 64, height: 40, channels: 3, background: "#16a34a" },
    })
      .png()
      .toBuffer();
    const uploaded = await page.request.post("/api/upload/image", {
      multipart: { image: { name: "cover.png", mimeType: "image/png", buffer: picture } },
      headers: { origin: String(test.info().project.use.baseURL) },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    const post = await createPost(db, {
      title: uniqueTitle("Letter with a cover"),
      featuredImage: url.replace(/^\/uploads\//, ""),
      featuredImageAlt: "The cover of the letter",
      content: `<p>Under the cover.</p><p><img src="${url}" alt="A picture in the letter"></p>`,
    });
    await openNewsletterDialog(page, post.id);
    // The frame is an origin of its own (sandboxed, no allow-same-origin): the pictures reach it
    // only because /uploads lets other origins show them (docs/decisions/035-uploads-embeddable.md).
    const letter = newsletterDialog(page)
      .locator('iframe[title="Preview of the e-mail"]')
      .contentFrame();
    for (const name of ["The cover of the letter", "A picture in the letter"]) {
      const image = letter.getByRole("img", { name });
      await expect(image).toHaveAttribute("src", /^http:\/\/127\.0\.0\.1:\d+\/uploads\//);
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBe(64);
    }
  });

  test("sending to the subscribers is followed to its end in Newsletters; then the editor offers Send again", async ({
    page,
    createStaff,
    db,
  }) => {
    await signInAs(page, await createStaff());
    const id = uniqueId();
    const readers = [
      await createSubscriber(db, { email: `letter-a-${id}@example.com` }),
      await createSubscriber(db, { email: `letter-b-${id}@example.com` }),
    ];
    const pending = await createSubscriber(db, {
      email: `letter-pending-${id}@example.com`,
      status: "pending",
    });
    const title = uniqueTitle("Letter sent");
    const post = await createPost(db, { title, content: "<p>News for every reader.</p>" });

    await openNewsletterDialog(page, post.id);
    const dialog = newsletterDialog(page);
    const send = dialog.getByRole("button", { name: /^Send to \d+ subscribers?$/ });
    await expect(send).toBeVisible();
    await send.click();
    const question = dialog.getByRole("group", {
      name: /^Send this post to \d+ subscribers? now\?/,
    });
    await expect(question).toBeVisible();
    await expect(question.getByRole("button", { name: "Yes, send it" })).toBeFocused();
    await question.getByRole("button", { name: "Yes, send it" }).click();

    const started = toast(page, "status", "Sending started");
    await expect(started).toBeVisible();
    await expect(dialog).toBeHidden();
    await started.getByRole("link", { name: "Follow the progress" }).click();
    await expect(page).toHaveURL("/dashboard/newsletters");
    await expect(pageHeading(page, "Newsletters")).toBeVisible();

    const table = page.getByRole("table", { name: "Newsletter sendings" });
    const row = table.getByRole("row").filter({ hasText: title });
    await expect(row.getByTestId("sending-status")).toHaveText(/^Finished/, { timeout: 30_000 });
    await expect(row.getByRole("progressbar", { name: `Progress of "${title}"` })).toHaveAttribute(
      "aria-valuenow",
      "100",
    );
    await expect(row).toContainText("0 left");
    await expectNoSeriousA11yViolations(page);

    await row.getByRole("button", { name: `Details of "${title}"` }).click();
    const details = page.getByRole("dialog", { name: title });
    await expect(details.getByRole("heading", { name: "Failures" })).toBeVisible();
    await expect(details.getByText("No address has failed.")).toBeVisible();
    await page.keyboard.press("Escape");

    // Each active reader got one copy, with its own one-click unsubscribe link; the pending one none.
    const copies = await outboxMessages((mail) => mail.subject === title);
    for (const reader of readers) {
      const theirs = copies.filter((mail) => toAddress(mail) === reader.email);
      expect(theirs).toHaveLength(1);
      expect(theirs[0]?.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
      expect(theirs[0]?.html).toMatch(/href="http:\/\/127\.0\.0\.1:\d+\/unsubscribe\/[^"]+"/);
    }
    expect(copies.filter((mail) => toAddress(mail) === pending.email)).toHaveLength(0);

    await openNewsletterDialog(page, post.id);
    await expect(newsletterDialog(page)).toContainText("already sent as a newsletter on");
    await expect(
      newsletterDialog(page).getByRole("button", { name: /^Send again to \d+ subscribers?$/ }),
    ).toBeVisible();
  });

  test("Publish and e-mail subscribers publishes a draft and starts its sending", async ({
    page,
    createStaff,
  }) => {
    await signInAs(page, await createStaff());
    const title = uniqueTitle("Letter published");
    await openEditor(page);
    await fillBasics(page, title, "Brand new words.");
    await page.getByRole("button", { name: "Publish and e-mail subscribers" }).click();
    const question = page.getByRole("alertdialog", { name: "Publish and e-mail subscribers?" });
    await question.getByRole("button", { name: "Publish and e-mail" }).click();
    await expect(page).toHaveURL("/dashboard/newsletters");
    await expect(toast(page, "status", "Published and sending")).toBeVisible();
    const row = page
      .getByRole("table", { name: "Newsletter sendings" })
      .getByRole("row")
      .filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(row.getByTestId("sending-status")).toHaveText(/^Finished/, { timeout: 30_000 });
  });

  test("the Newsletters section fits a 360 px screen and is accessible", async ({
    page,
    createStaff,
  }) => {
    await signInAs(page, await createStaff());
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto("/dashboard/newsletters");
    await expect(pageHeading(page, "Newsletters")).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectNoSeriousA11yViolations(page);
  });
});
