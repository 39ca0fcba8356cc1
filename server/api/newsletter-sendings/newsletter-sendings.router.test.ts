import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type {
  NewsletterPreview,
  NewsletterSending,
  NewsletterSendingDetail,
} from "#common/types/newsletter.ts";
import type { Paged } from "#common/types/post-list.ts";
import { startNewsletterWorker } from "#server/jobs/newsletter-worker.server.ts";
import { createPost } from "#tests/factories/post.ts";
import { createSubscriber } from "#tests/factories/subscriber.ts";
import { eventually, readError } from "#tests/helpers/http.ts";
import {
  type MailingTestServer,
  startMailingTestServer,
} from "#tests/helpers/mailing-test-server.ts";
import type { TestSmtpServer } from "#tests/helpers/smtp-server.ts";
import { requestAs, type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";

// The newsletter calls (docs/product/mail.md#newsletters) through HTTP, with the sending worker
// handing copies to a real SMTP server on loopback.

describeEachDatabase("newsletter sending API", (kind) => {
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

  beforeEach(async () => {
    await db().deleteFrom("newsletter_deliveries").execute();
    await db().deleteFrom("newsletter_sendings").execute();
    await db().deleteFrom("subscribers").execute();
    smtp.received.length = 0;
  });

  const send = (postId: string, body?: unknown) =>
    requestAs(server, employee, `/api/posts/${postId}/newsletter`, { method: "POST", body });

  async function started(postId: string, body?: unknown): Promise<NewsletterSending> {
    const response = await send(postId, body);
    expect(response.status, await response.clone().text()).toBe(202);
    return (await response.json()) as NewsletterSending;
  }

  async function detail(id: string): Promise<NewsletterSendingDetail> {
    const response = await requestAs(server, employee, `/api/newsletter-sendings/${id}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as NewsletterSendingDetail;
  }

  /** Runs a worker of its own until `check` passes, then stops it. */
  async function withWorker<T>(check: () => Promise<T>): Promise<T> {
    const worker = startNewsletterWorker(db(), server.config, { idleMs: 20 });
    try {
      return await eventually(check, 15_000);
    } finally {
      await worker.stop();
    }
  }

  describe("POST /api/posts/:id/newsletter", () => {
    it("answers 202 with a sending of one copy per active subscriber, and the worker sends them", async () => {
      const post = await createPost(db(), { title: "Winter update" });
      const active = [await createSubscriber(db()), await createSubscriber(db())];
      const pending = await createSubscriber(db(), { status: "pending" });

      const sending = await started(post.id);
      expect(sending).toMatchObject({
        postId: post.id,
        postTitle: "Winter update",
        subject: "Winter update",
        status: "sending",
        total: 2,
        sent: 0,
        failed: 0,
        skipped: 0,
        left: 2,
        createdBy: expect.any(String),
        finishedAt: null,
      });

      const done = await withWorker(async () => {
        const now = await detail(sending.id);
        expect(now.finishedAt).not.toBeNull();
        return now;
      });
      expect(done).toMatchObject({ status: "finished", sent: 2, left: 0, failures: [] });
      const recipients = smtp.received.flatMap((mail) => mail.to).sort();
      expect(recipients).toEqual(active.map((s) => s.email).sort());
      expect(recipients).not.toContain(pending.email);
      for (const mail of smtp.received) {
        expect(mail.parsed.subject).toBe("Winter update");
        expect(mail.parsed.messageId).toMatch(
          new RegExp(`^<${sending.id}\\.[0-9a-f-]+@studio\\.example\\.com>$`),
        );
        expect(mail.raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
        expect(mail.parsed.text).toContain("https://studio.example.com/unsubscribe/");
      }
    });

    it("answers 202 with a finished sending of nobody when no subscriber is active", async () => {
      const post = await createPost(db());
      await createSubscriber(db(), { status: "pending" });
      expect(await started(post.id)).toMatchObject({ total: 0, left: 0, status: "finished" });
    });

    it("answers 404 for a post that does not exist", async () => {
      expect((await readError(await send(randomUUID()), 404)).message).toMatch(/does not exist/);
      await readError(await send("not-an-id"), 404);
    });

    it("answers 400 in plain words for a post that is not published", async () => {
      for (const status of ["draft", "scheduled"] as const) {
        const post = await createPost(db(), { status });
        const error = await readError(await send(post.id), 400);
        expect(error.message).toBe(
          "Only a published post can be sent as a newsletter. Publish it first, then send it.",
        );
      }
      expect(await db().selectFrom("newsletter_sendings").selectAll().execute()).toEqual([]);
    });

    it("answers 400 for a resend that is not true or false", async () => {
      const post = await createPost(db());
      expect((await readError(await send(post.id, { resend: "yes" }), 400)).message).toMatch(
        /resend must be true or false/,
      );
    });

    it("answers 409 naming when for a post sent before, and 202 when resent deliberately", async () => {
      const post = await createPost(db());
      await createSubscriber(db());
      const first = await started(post.id);
      const when = first.createdAt.slice(0, 16).replace("T", " at ");

      const error = await readError(await send(post.id), 409);
      expect(error.message).toBe(
        `This post was already e-mailed to subscribers on ${when} UTC. To send it again, choose to resend it.`,
      );
      expect(await readError(await send(post.id, { resend: false }), 409)).toMatchObject({
        message: error.message,
      });

      const again = await started(post.id, { resend: true });
      expect(again.id).not.toBe(first.id);
      expect(again.total).toBe(1);
    });
  });

  describe("GET /api/newsletter-sendings", () => {
    it("pages the sendings newest first with their progress", async () => {
      const posts = [await createPost(db()), await createPost(db()), await createPost(db())];
      const sendings: NewsletterSending[] = [];
      for (const post of posts) sendings.push(await started(post.id));

      const response = await requestAs(server, employee, "/api/newsletter-sendings?limit=2");
      expect(response.status).toBe(200);
      const page = (await response.json()) as Paged<NewsletterSending>;
      expect(page).toMatchObject({ page: 1, pageSize: 2, total: 3, totalPages: 2 });
      expect(page.items.map((s) => s.id)).toEqual([sendings[2]?.id, sendings[1]?.id]);

      const second = await requestAs(server, employee, "/api/newsletter-sendings?page=2&limit=2");
      const rest = (await second.json()) as Paged<NewsletterSending>;
      expect(rest.items.map((s) => s.id)).toEqual([sendings[0]?.id]);
    });

    it("answers 400 for a page that is not a number", async () => {
      const response = await requestAs(server, employee, "/api/newsletter-sendings?page=first");
      expect((await readError(response, 400)).message).toMatch(/page must be a whole number/);
    });

    it("shows a deleted post's sending with no post id", async () => {
      const post = await createPost(db());
      const sending = await started(post.id);
      await db().deleteFrom("posts").where("id", "=", post.id).execute();
      expect(await detail(sending.id)).toMatchObject({ postId: null, postTitle: post.title });
    });
  });

  describe("GET /api/newsletter-sendings/:id", () => {
    it("answers 404 for a sending that does not exist", async () => {
      const response = await requestAs(
        server,
        employee,
        `/api/newsletter-sendings/${randomUUID()}`,
      );
      expect((await readError(response, 404)).message).toBe(
        "That newsletter sending does not exist.",
      );
    });
  });

  describe("GET /api/posts/:id/newsletter/preview", () => {
    it("shows the e-mail with a sample unsubscribe link, the active count and the last sending", async () => {
      const post = await createPost(db(), {
        title: "Preview me",
        content: "<p>Hello readers.</p>",
      });
      await createSubscriber(db());
      await createSubscriber(db(), { status: "pending" });
      const preview = async () => {
        const response = await requestAs(
          server,
          employee,
          `/api/posts/${post.id}/newsletter/preview`,
        );
        expect(response.status, await response.clone().text()).toBe(200);
        return (await response.json()) as NewsletterPreview;
      };

      const before = await preview();
      expect(before).toMatchObject({ subject: "Preview me", recipients: 1, lastSentAt: null });
      expect(before.html).toContain("Hello readers.");
      expect(before.html).toContain('href="https://studio.example.com/unsubscribe"');
      expect(before.text).toContain("https://studio.example.com/unsubscribe");
      expect(before.html).not.toContain("%%UNSUBSCRIBE_URL%%");

      const sending = await started(post.id);
      expect((await preview()).lastSentAt).toBe(sending.createdAt);
    });

    it("answers 404 for a post that does not exist", async () => {
      const response = await requestAs(
        server,
        employee,
        `/api/posts/${randomUUID()}/newsletter/preview`,
      );
      await readError(response, 404);
    });
  });
});
