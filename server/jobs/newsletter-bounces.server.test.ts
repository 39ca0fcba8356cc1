import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { type Config, loadConfig } from "#server/config/env.server.ts";
import { buildNewsletter } from "#server/mail/newsletter-message.server.ts";
import { startSending } from "#server/services/newsletter-sendings.server.ts";
import { createPost } from "#tests/factories/post.ts";
import { createSubscriber } from "#tests/factories/subscriber.ts";
import { eventually } from "#tests/helpers/http.ts";
import { startTestSmtpServer, type TestSmtpServer } from "#tests/helpers/smtp-server.ts";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import { type NewsletterWorker, startNewsletterWorker } from "./newsletter-worker.server.ts";

// A clean list (docs/decisions/036-bounces.md): a real SMTP server on loopback answers 550 for
// one address and 451 for another.

describeEachDatabase("bounces in a newsletter sending", (kind) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let config: Config;
  let worker: NewsletterWorker | undefined;
  const unknown = new Set<string>();
  const greylisted = new Map<string, number>();
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    smtp = await startTestSmtpServer({
      answer: ({ to }) => {
        const address = to[0] ?? "";
        if (unknown.has(address)) return { code: 550, message: "5.1.1 User unknown" };
        const left = greylisted.get(address) ?? 0;
        if (left > 0) {
          greylisted.set(address, left - 1);
          return { code: 451, message: "4.7.1 Greylisted, try again later" };
        }
        return undefined;
      },
    });
    config = loadConfig({
      DATA_DIR: database.dataDir,
      SEED_DEMO: "0",
      SMTP_URL: smtp.url,
      MAIL_RATE_PER_MINUTE: "0",
      NEWSLETTER_RETRY_MS: "20",
      SITE_URL: "https://studio.example.com",
    });
  });
  afterAll(async () => {
    await smtp?.close();
    await database?.destroy();
  });
  beforeEach(async () => {
    await db().deleteFrom("newsletter_deliveries").execute();
    await db().deleteFrom("newsletter_sendings").execute();
    await db().deleteFrom("subscribers").execute();
    smtp.received.length = 0;
    unknown.clear();
    greylisted.clear();
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
  });

  async function sendAndSettle() {
    const post = await createPost(db());
    const content = await buildNewsletter({ post, companyName: "Studio", siteUrl: config.siteUrl });
    const sending = await startSending(db(), { post, content, createdById: null, resend: true });
    worker ??= startNewsletterWorker(db(), config, { idleMs: 10 });
    const rows = await eventually(async () => {
      const all = await db()
        .selectFrom("newsletter_deliveries")
        .select(["email", "status", "attempts", "lastError"])
        .where("sendingId", "=", sending.id)
        .execute();
      expect(all.filter((row) => row.status === "pending")).toEqual([]);
      return all;
    }, 15_000);
    return { sending, rows };
  }

  const subscriber = (id: string) =>
    db()
      .selectFrom("subscribers")
      .select(["status", "bouncedAt", "bounceReason"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  it("marks a 550 address Bounced and skips it next time; a 451 address is retried and stays active", async () => {
    const gone = await createSubscriber(db());
    const slow = await createSubscriber(db());
    const fine = await createSubscriber(db());
    unknown.add(gone.email);
    greylisted.set(slow.email, 1);

    const first = await sendAndSettle();
    const byEmail = new Map(first.rows.map((row) => [row.email, row]));
    expect(byEmail.get(gone.email)).toMatchObject({ status: "failed", attempts: 1 });
    expect(byEmail.get(slow.email)).toMatchObject({ status: "sent", attempts: 2 });
    expect(byEmail.get(fine.email)).toMatchObject({ status: "sent", attempts: 1 });
    const bounced = await subscriber(gone.id);
    expect(bounced.status).toBe("bounced");
    expect(bounced.bounceReason).toMatch(/550 5\.1\.1 User unknown/);
    expect(bounced.bouncedAt).not.toBeNull();
    expect((await subscriber(slow.id)).status).toBe("active");

    smtp.received.length = 0;
    const second = await sendAndSettle();
    expect(second.sending.total).toBe(2);
    expect(second.rows.map((row) => row.email).sort()).toEqual([fine.email, slow.email].sort());
    expect(smtp.received.flatMap((mail) => mail.to).sort()).toEqual(
      [fine.email, slow.email].sort(),
    );
  });

  it("skips a copy still pending for an address that bounced meanwhile", async () => {
    const stays = await createSubscriber(db());
    const bounces = await createSubscriber(db());
    const post = await createPost(db());
    const content = await buildNewsletter({ post, companyName: "Studio", siteUrl: config.siteUrl });
    await startSending(db(), { post, content, createdById: null, resend: true });
    await db()
      .updateTable("subscribers")
      .set({ status: "bounced", bouncedAt: new Date().toISOString(), bounceReason: "Hard bounce" })
      .where("id", "=", bounces.id)
      .execute();
    worker = startNewsletterWorker(db(), config, { idleMs: 10 });
    const rows = await eventually(async () => {
      const all = await db()
        .selectFrom("newsletter_deliveries")
        .select(["email", "status"])
        .execute();
      expect(all.filter((row) => row.status === "pending")).toEqual([]);
      return all;
    }, 15_000);
    expect(rows.find((row) => row.email === bounces.email)?.status).toBe("skipped");
    expect(smtp.received.map((mail) => mail.to)).toEqual([[stays.email]]);
  });
});
