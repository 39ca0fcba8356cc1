import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NewsletterTestSent } from "#common/types/newsletter-test.ts";
import { TEST_BANNER } from "#server/mail/newsletter-message.server.ts";
import { createPost } from "#tests/factories/post.ts";
import { readError } from "#tests/helpers/http.ts";
import {
  type MailingTestServer,
  startMailingTestServer,
} from "#tests/helpers/mailing-test-server.ts";
import type { TestSmtpServer } from "#tests/helpers/smtp-server.ts";
import { requestAs, type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";
import { allowConsoleError } from "#tests/setup/setup-test-env.ts";
import { TEST_LIMIT_MESSAGE, TEST_SEND_LIMIT } from "./newsletter-test.router.ts";

const REFUSE = "Refused by the mail server";

describeEachDatabase("POST /api/posts/:id/newsletter/test", (kind) => {
  let mailing: MailingTestServer;
  let smtp: TestSmtpServer;
  let server: TestServer;
  let employee: SignedIn;
  beforeAll(async () => {
    mailing = await startMailingTestServer(kind, {
      smtp: {
        answer: (_envelope, raw) =>
          raw.includes(REFUSE) ? { code: 550, message: "Mailbox unavailable" } : undefined,
      },
      env: { SITE_URL: "https://studio.example.com" },
    });
    ({ smtp, server } = mailing);
    employee = await signInAs(server, "employee");
  });
  afterAll(() => mailing?.close());
  const db = () => server.db.handle.db;

  function sendTest(who: Pick<SignedIn, "cookie">, postId: string) {
    return requestAs(server, who, `/api/posts/${postId}/newsletter/test`, { method: "POST" });
  }

  it("sends the post's newsletter, marked as a test, to the signed-in staff member only", async () => {
    const post = await createPost(db(), {
      title: "Skyblock Ruins",
      content: '<p>See <a href="/worlds">the worlds</a>.</p>',
    });
    const before = smtp.received.length;
    const response = await sendTest(employee, post.id);
    expect(response.status, await response.clone().text()).toBe(200);
    expect((await response.json()) as NewsletterTestSent).toEqual({
      sentTo: employee.email,
      outbox: false,
    });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail?.to).toEqual([employee.email]);
    const parsed = mail?.parsed;
    expect(parsed?.subject).toBe("[Test] Skyblock Ruins");
    expect(parsed?.to && "text" in parsed.to ? parsed.to.text : "").toBe(employee.email);
    expect(parsed?.html).toContain(TEST_BANNER);
    expect(parsed?.html).toContain('href="https://studio.example.com/worlds"');
    expect(parsed?.html).toContain('href="https://studio.example.com/blog/');
    expect(parsed?.html).toContain('href="https://studio.example.com/unsubscribe"');
    expect(parsed?.text).toContain(TEST_BANNER);
    expect(parsed?.text).toContain("Read on the site [https://studio.example.com/blog/");
    expect(mail?.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(mail?.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail?.raw).toMatch(/Content-Type: text\/html/i);
    expect(parsed?.messageId).toMatch(/^<.+@.+>$/);
  });

  it("sends a draft too, so it can be checked before it is published", async () => {
    const post = await createPost(db(), { status: "draft", title: "Draft news" });
    const before = smtp.received.length;
    expect((await sendTest(employee, post.id)).status).toBe(200);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail?.parsed.subject).toBe("[Test] Draft news");
  });

  it("neutralizes a hostile title and content: no added header, no script", async () => {
    const post = await createPost(db(), {
      title: "Hello\r\nBcc: victim@example.com\r\nX-Injected: yes",
      content:
        '<p onclick="alert(1)">Hi</p><script>alert(2)</script><a href="javascript:alert(3)">x</a><iframe src="https://evil.example/"></iframe>',
    });
    const before = smtp.received.length;
    const response = await sendTest(employee, post.id);
    expect(response.status, await response.clone().text()).toBe(200);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail?.to).toEqual([employee.email]);
    const headerBlock = mail?.raw.split(/\r?\n\r?\n/)[0] ?? "";
    expect(headerBlock).not.toMatch(/^(Bcc|X-Injected):/im);
    expect(mail?.parsed.headers.has("x-injected")).toBe(false);
    expect(mail?.parsed.bcc).toBeUndefined();
    expect(mail?.parsed.subject).toBe("[Test] Hello Bcc: victim@example.com X-Injected: yes");
    const html = String(mail?.parsed.html);
    expect(html).not.toMatch(/<script|onclick|javascript:|<iframe|evil\.example/i);
    expect(html).toContain("Hi");
  });

  it("answers 404 for a post that does not exist", async () => {
    const body = await readError(
      await sendTest(employee, "00000000-0000-4000-8000-000000000000"),
      404,
    );
    expect(body.message).toBe("That post does not exist. It may have been deleted.");
  });

  it("answers 502 in plain words when the mail server refuses the message", async () => {
    const post = await createPost(db(), { title: REFUSE });
    allowConsoleError(1);
    const body = await readError(await sendTest(employee, post.id), 502);
    expect(body.message).toMatch(/^The mail server refused the test e-mail/);
  });

  it("is for signed-in staff only", async () => {
    const post = await createPost(db());
    await readError(await sendTest({ cookie: "" }, post.id), 401);
    await readError(await sendTest(await signInAs(server, "no-access"), post.id), 403);
  });

  it(`allows ${TEST_SEND_LIMIT} tests per staff member in 10 minutes, counted per person`, async () => {
    const busy = await signInAs(server, "employee");
    const post = await createPost(db());
    for (let i = 0; i < TEST_SEND_LIMIT; i += 1) {
      expect((await sendTest(busy, post.id)).status).toBe(200);
    }
    const body = await readError(await sendTest(busy, post.id), 429);
    expect(body.message).toBe(TEST_LIMIT_MESSAGE);
    // Another staff member on the same address is not held back by it.
    expect((await sendTest(await signInAs(server, "admin"), post.id)).status).toBe(200);
  });
});

describe("the test e-mail without SMTP_URL", () => {
  it("is written to the outbox and says so", async () => {
    const server = await startTestServer("sqlite");
    try {
      const employee = await signInAs(server, "employee");
      const post = await createPost(server.db.handle.db);
      const response = await requestAs(server, employee, `/api/posts/${post.id}/newsletter/test`, {
        method: "POST",
      });
      expect(response.status, await response.clone().text()).toBe(200);
      expect(await response.json()).toEqual({ sentTo: employee.email, outbox: true });
    } finally {
      await server.close();
    }
  });
});
