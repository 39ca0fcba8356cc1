import { afterAll, beforeAll, expect, it } from "vitest";
import type { NewsletterSending } from "#common/types/newsletter.ts";
import type { Post } from "#common/types/post.ts";
import { startNewsletterWorker } from "#server/jobs/newsletter-worker.server.ts";
import { createSubscriber } from "#tests/factories/subscriber.ts";
import {
  type MailingTestServer,
  startMailingTestServer,
} from "#tests/helpers/mailing-test-server.ts";
import type { TestSmtpServer } from "#tests/helpers/smtp-server.ts";
import { requestAs, type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";

// A post's title and content are written by staff and may hold anything: line breaks that would
// start headers of their own, markup, script. What the mail server receives is read raw.

const HOSTILE_CONTENT = [
  "<p>Fine words.</p>",
  "<script>alert('content')</script>",
  '<img src="x" onerror="alert(\'img\')">',
  "<a href=\"javascript:alert('link')\">Click</a>",
  "<p onclick=\"alert('p')\">Text</p>",
  '<iframe src="https://evil.example/"></iframe>',
].join("");

describeEachDatabase("a newsletter of hostile input", (kind) => {
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

  it("sends no injected header and no script, whatever the title and content hold", async () => {
    const saved = await requestAs(server, employee, "/api/posts", {
      method: "POST",
      body: {
        title: "Hostile post",
        slug: "hostile-post",
        status: "published",
        content: HOSTILE_CONTENT,
      },
    });
    expect(saved.status, await saved.clone().text()).toBe(201);
    const post = (await saved.json()) as Post;
    // Stored as is, as an import or an older version of the site could have left it.
    const title = "Big news\r\nBcc: victim@example.com\r\n<script>alert('title')</script>";
    await db().updateTable("posts").set({ title }).where("id", "=", post.id).execute();
    const reader = await createSubscriber(db());

    const response = await requestAs(server, employee, `/api/posts/${post.id}/newsletter`, {
      method: "POST",
      body: {},
    });
    expect(response.status, await response.clone().text()).toBe(202);
    const sending = (await response.json()) as NewsletterSending;
    expect(sending.postTitle).toBe(title);

    const worker = startNewsletterWorker(db(), server.config, { idleMs: 20 });
    try {
      await smtp.waitFor(1);
    } finally {
      await worker.stop();
    }
    const [mail] = smtp.received;
    if (!mail) throw new Error("no message arrived");
    expect(mail.to).toEqual([reader.email]);
    const head = mail.raw.slice(0, mail.raw.indexOf("\r\n\r\n"));
    expect(head).not.toMatch(/^bcc:/im);
    expect(head.match(/^subject:/gim)).toHaveLength(1);
    expect(mail.parsed.subject).toBe(
      "Big news Bcc: victim@example.com <script>alert('title')</script>",
    );
    expect(mail.parsed.bcc).toBeUndefined();

    const html = String(mail.parsed.html);
    expect(html).toContain("Fine words.");
    expect(html).not.toMatch(/<script|<iframe|javascript:|\bon[a-z]+\s*=/i);
    // The title is shown as text in the message, never as markup.
    expect(html).toContain("&lt;script&gt;");
    // The text part is plain text: the title's words appear as words, and nothing runs there.
    expect(mail.parsed.text).toMatch(/big news/i);
  });
});
