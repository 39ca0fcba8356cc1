import { afterAll, beforeAll, expect, it } from "vitest";
import { escapeMarkup } from "#common/format.ts";
import { UNSUBSCRIBE_PATH } from "#common/paths.ts";
import type { NewsletterPreview } from "#common/types/newsletter.ts";
import type { Post } from "#common/types/post.ts";
import { startNewsletterWorker } from "#server/jobs/newsletter-worker.server.ts";
import { TEST_BANNER, UNSUBSCRIBE_PLACEHOLDER } from "#server/mail/newsletter-message.server.ts";
import { unsubscribeUrl } from "#server/services/subscriber-links.server.ts";
import { createSubscriber } from "#tests/factories/subscriber.ts";
import {
  type MailingTestServer,
  startMailingTestServer,
} from "#tests/helpers/mailing-test-server.ts";
import type { ReceivedMail, TestSmtpServer } from "#tests/helpers/smtp-server.ts";
import { requestAs, type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";

// Each reader's unsubscribe link goes where the newsletter's template puts it, and nowhere else:
// a post that names the placeholder (in its words, a link, an image on another site, its title)
// must not hand every reader's never-expiring link to that site, and the preview must show what
// readers get.

const TRACKER = "https://tracker.example/pixel.png";

const CONTENT = [
  `<p>Our words: ${UNSUBSCRIBE_PLACEHOLDER}</p>`,
  `<p><a href="https://tracker.example/go?u=${UNSUBSCRIBE_PLACEHOLDER}">A link</a></p>`,
  `<p><img src="${TRACKER}?u=${UNSUBSCRIBE_PLACEHOLDER}" alt="x"></p>`,
  `<p><img src="${TRACKER}?u=%${UNSUBSCRIBE_PLACEHOLDER}UNSUBSCRIBE_URL%%" alt="y"></p>`,
].join("");

describeEachDatabase("a newsletter whose post names the unsubscribe placeholder", (kind) => {
  let mailing: MailingTestServer;
  let smtp: TestSmtpServer;
  let server: TestServer;
  let employee: SignedIn;
  beforeAll(async () => {
    mailing = await startMailingTestServer(kind, {
      env: { MAIL_RATE_PER_MINUTE: "0", SITE_URL: "https://studio.example.com" },
    });
    ({ smtp, server } = mailing);
    employee = await signInAs(server, "employee");
  });
  afterAll(() => mailing?.close());
  const db = () => server.db.handle.db;

  /** The one place a reader's link belongs in each part: the template's footer link. */
  function expectLinkOnlyInTemplate(mail: ReceivedMail, link: string) {
    const token = link.slice(link.lastIndexOf("/") + 1);
    const html = String(mail.parsed.html);
    const text = mail.parsed.text ?? "";
    expect(html.split(token)).toHaveLength(2);
    expect(html).toMatch(
      new RegExp(`<a href="${escapeMarkup(link).replace(/[.?]/g, "\\$&")}"[^>]*>Unsubscribe</a>`),
    );
    expect(text.split(token)).toHaveLength(2);
    expect(text).toContain(`Unsubscribe [${link}]`);
    const head = mail.raw.slice(0, mail.raw.indexOf("\r\n\r\n"));
    const headerLines = head.split(/\r\n(?![ \t])/).filter((line) => line.includes(token));
    expect(headerLines.map((line) => line.split(":")[0])).toEqual(["List-Unsubscribe"]);
    // The post's own addresses reach the other site as written, the same for every reader.
    expect(html).not.toContain(`${TRACKER}?u=https`);
    expect(html).not.toContain("tracker.example/go?u=https");
  }

  it("puts each reader's link only in the template's own link and header, as the preview shows", async () => {
    const saved = await requestAs(server, employee, "/api/posts", {
      method: "POST",
      body: {
        title: `Placeholder ${UNSUBSCRIBE_PLACEHOLDER} news`,
        slug: "placeholder-news",
        status: "published",
        content: CONTENT,
      },
    });
    expect(saved.status, await saved.clone().text()).toBe(201);
    const post = (await saved.json()) as Post;
    expect(post.content).toContain(`${TRACKER}?u=${UNSUBSCRIBE_PLACEHOLDER}`);
    const readers = [await createSubscriber(db()), await createSubscriber(db())];

    const previewed = await requestAs(server, employee, `/api/posts/${post.id}/newsletter/preview`);
    expect(previewed.status).toBe(200);
    const preview = (await previewed.json()) as NewsletterPreview;
    const tested = await requestAs(server, employee, `/api/posts/${post.id}/newsletter/test`, {
      method: "POST",
    });
    expect(tested.status, await tested.clone().text()).toBe(200);
    const started = await requestAs(server, employee, `/api/posts/${post.id}/newsletter`, {
      method: "POST",
      body: {},
    });
    expect(started.status, await started.clone().text()).toBe(202);
    const worker = startNewsletterWorker(db(), server.config, { idleMs: 20 });
    try {
      await smtp.waitFor(3);
    } finally {
      await worker.stop();
    }

    const { siteUrl, sessionSecret } = server.config;
    const sample = `${siteUrl}${UNSUBSCRIBE_PATH}`;
    for (const reader of readers) {
      const mail = smtp.received.find((received) => received.to.includes(reader.email));
      if (!mail) throw new Error(`no newsletter reached ${reader.email}`);
      const link = unsubscribeUrl({ siteUrl, secret: sessionSecret }, reader.id);
      expectLinkOnlyInTemplate(mail, link);
      // What the reader got is the preview, but for the reader's own link.
      expect(String(mail.parsed.html).replace(escapeMarkup(link), sample)).toBe(preview.html);
      expect((mail.parsed.text ?? "").replace(link, sample)).toBe(preview.text);
    }
    const copy = smtp.received.find((received) => received.to.includes(employee.email));
    if (!copy) throw new Error("the test copy did not arrive");
    const copyHtml = String(copy.parsed.html).replace(/<div style="[^"]*">[^<]*<\/div>/, "");
    expect(String(copy.parsed.html)).toContain(TEST_BANNER);
    expect(copyHtml).toBe(preview.html);
    expect(copy.parsed.text).toBe(`${TEST_BANNER}\n\n${preview.text}`);
  });
});
