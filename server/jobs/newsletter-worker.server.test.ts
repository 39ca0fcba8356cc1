import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  onTestFinished,
} from "vitest";
import { type Config, loadConfig } from "#server/config/env.server.ts";
import type { DeliveryStatus } from "#server/db/tables.ts";
import { createMailer } from "#server/mail/mailer.server.ts";
import { buildNewsletter } from "#server/mail/newsletter-message.server.ts";
import { startSending } from "#server/services/newsletter-sendings.server.ts";
import { createPost } from "#tests/factories/post.ts";
import { createSubscriber } from "#tests/factories/subscriber.ts";
import { eventually } from "#tests/helpers/http.ts";
import {
  type SmtpRefusal,
  startTestSmtpServer,
  type TestSmtpServer,
} from "#tests/helpers/smtp-server.ts";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import { isDeadHolderOnThisHost } from "./newsletter-claims.server.ts";
import { retryDelay } from "./newsletter-send.server.ts";
import { type NewsletterWorker, startNewsletterWorker } from "./newsletter-worker.server.ts";

// What becomes of each copy (docs/decisions/028-newsletter-sending.md): a real SMTP server on
// loopback answers as each test says, per recipient.

describe("retry delays and dead holders", () => {
  it("doubles the wait after each temporary refusal", () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelay(1_000, attempts))).toEqual([
      1_000, 2_000, 4_000, 8_000,
    ]);
  });

  it("takes a holder for dead only when it is a stopped process of this host", async () => {
    const { hostname } = await import("node:os");
    const host = hostname();
    expect(
      isDeadHolderOnThisHost(`${host}:${process.pid}:aaaa`, `${host}:${process.pid}:bbbb`),
    ).toBe(true);
    expect(
      isDeadHolderOnThisHost(`${host}:${process.pid}:aaaa`, `${host}:${process.pid}:aaaa`),
    ).toBe(false);
    expect(isDeadHolderOnThisHost(`${host}:${process.ppid}:aaaa`)).toBe(false);
    expect(isDeadHolderOnThisHost(`${host}:2147483646:aaaa`)).toBe(true);
    expect(isDeadHolderOnThisHost("elsewhere.example:2147483646:aaaa")).toBe(false);
    expect(isDeadHolderOnThisHost("garbage")).toBe(false);
  });
});

describeEachDatabase("the newsletter worker", (kind) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let answer: (to: string) => SmtpRefusal | undefined = () => undefined;
  let config: Config;
  let worker: NewsletterWorker | undefined;
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    smtp = await startTestSmtpServer({ answer: ({ to }) => answer(to[0] ?? "") });
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
    answer = () => undefined;
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
  });

  async function startedSending() {
    const post = await createPost(db());
    const content = await buildNewsletter({ post, companyName: "Studio", siteUrl: config.siteUrl });
    return startSending(db(), { post, content, createdById: null, resend: true });
  }

  const deliveries = () =>
    db()
      .selectFrom("newsletter_deliveries")
      .select(["email", "status", "attempts", "lastError", "nextAttemptAt", "lastAttemptAt"])
      .execute();

  const statusOf = async (email: string): Promise<DeliveryStatus | undefined> =>
    (await deliveries()).find((row) => row.email === email)?.status;

  const settled = () =>
    eventually(async () => {
      const rows = await deliveries();
      expect(rows.filter((row) => row.status === "pending")).toEqual([]);
      return rows;
    }, 15_000);

  it("retries a temporary refusal (4xx) and sends the copy once the server takes it", async () => {
    const reader = await createSubscriber(db());
    let refusals = 0;
    answer = (to) => {
      if (to !== reader.email || refusals >= 2) return undefined;
      refusals += 1;
      return { code: 451, message: "Try again later" };
    };
    await startedSending();
    worker = startNewsletterWorker(db(), config, { idleMs: 10 });
    const [row] = await settled();
    expect(row).toMatchObject({ status: "sent", attempts: 3 });
    // The last refusal stays on record beside the copy that went through.
    expect(row?.lastError).toMatch(/451 Try again later/);
    expect(smtp.received.map((mail) => mail.to)).toEqual([[reader.email]]);
  });

  it("fails a permanent refusal (5xx) at once, keeping the server's answer", async () => {
    const refused = await createSubscriber(db());
    const fine = await createSubscriber(db());
    answer = (to) =>
      to === refused.email ? { code: 550, message: "Mailbox unavailable" } : undefined;
    const sending = await startedSending();
    worker = startNewsletterWorker(db(), config, { idleMs: 10 });
    await settled();
    expect(await statusOf(fine.email)).toBe("sent");
    const [failed] = (await deliveries()).filter((row) => row.status === "failed");
    expect(failed).toMatchObject({ email: refused.email, attempts: 1 });
    expect(failed?.lastError).toMatch(/550 Mailbox unavailable/);
    const finished = await eventually(async () => {
      const row = await db()
        .selectFrom("newsletter_sendings")
        .select(["status", "finishedAt"])
        .where("id", "=", sending.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe("finished");
      return row;
    });
    expect(finished.finishedAt).not.toBeNull();
  });

  it("gives up after the last attempt of a copy that is refused for now each time", async () => {
    const reader = await createSubscriber(db());
    answer = () => ({ code: 421, message: "Busy" });
    await startedSending();
    worker = startNewsletterWorker(db(), config, { idleMs: 10, maxAttempts: 3 });
    const [row] = await settled();
    expect(row).toMatchObject({ email: reader.email, status: "failed", attempts: 3 });
    expect(row?.lastError).toMatch(/421 Busy/);
    expect(smtp.received).toEqual([]);
  });

  it("waits longer before each retry", async () => {
    await createSubscriber(db());
    answer = () => ({ code: 451, message: "Later" });
    await startedSending();
    const slow = loadConfig({
      DATA_DIR: database.dataDir,
      SEED_DEMO: "0",
      SMTP_URL: smtp.url,
      MAIL_RATE_PER_MINUTE: "0",
      NEWSLETTER_RETRY_MS: "60000",
    });
    // A mailer the worker is given is its owner's to close.
    const mailer = createMailer(config);
    onTestFinished(() => mailer.close());
    worker = startNewsletterWorker(db(), slow, { idleMs: 10, mailer });
    const row = await eventually(async () => {
      const [first] = await deliveries();
      expect(first?.attempts).toBe(1);
      return first;
    });
    expect(row?.status).toBe("pending");
    const wait = Date.parse(row?.nextAttemptAt ?? "") - Date.parse(row?.lastAttemptAt ?? "");
    expect(wait).toBeGreaterThanOrEqual(60_000);
    // Not due yet: nobody tries it again meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await deliveries())[0]?.attempts).toBe(1);
  });

  it("skips a subscriber who unsubscribed or is no longer active before the copy's turn", async () => {
    const stays = await createSubscriber(db());
    const leaves = await createSubscriber(db());
    const demoted = await createSubscriber(db());
    await startedSending();
    await db().deleteFrom("subscribers").where("id", "=", leaves.id).execute();
    await db()
      .updateTable("subscribers")
      .set({ status: "pending" })
      .where("id", "=", demoted.id)
      .execute();
    worker = startNewsletterWorker(db(), config, { idleMs: 10 });
    await settled();
    expect(await statusOf(stays.email)).toBe("sent");
    expect(await statusOf(leaves.email)).toBe("skipped");
    expect(await statusOf(demoted.email)).toBe("skipped");
    expect(smtp.received.map((mail) => mail.to)).toEqual([[stays.email]]);
  });

  it("takes back at once the claims of a stopped process of this host, not when they run out", async () => {
    const { hostname } = await import("node:os");
    for (let i = 0; i < 3; i++) await createSubscriber(db());
    await startedSending();
    // Claimed for an hour by a process that no longer runs (no PID is this high).
    await db()
      .updateTable("newsletter_deliveries")
      .set({
        claimedBy: `${hostname()}:2147483646:gone`,
        claimedUntil: new Date(Date.now() + 3_600_000).toISOString(),
      })
      .execute();
    worker = startNewsletterWorker(db(), config, { idleMs: 10 });
    const rows = await settled();
    expect(rows.map((row) => row.status)).toEqual(["sent", "sent", "sent"]);
  });

  it("leaves alone the claims of a process that still runs", async () => {
    const { hostname } = await import("node:os");
    await createSubscriber(db());
    await startedSending();
    await db()
      .updateTable("newsletter_deliveries")
      .set({
        claimedBy: `${hostname()}:${process.ppid}:alive`,
        claimedUntil: new Date(Date.now() + 3_600_000).toISOString(),
      })
      .execute();
    worker = startNewsletterWorker(db(), config, { idleMs: 10 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await deliveries()).map((row) => row.status)).toEqual(["pending"]);
    expect(smtp.received).toEqual([]);
  });

  it("gives back what it claimed but did not send when it stops", async () => {
    for (let i = 0; i < 5; i++) await createSubscriber(db());
    await startedSending();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The server holds the first copy until the worker is asked to stop.
    const slowSmtp = await startTestSmtpServer({ answer: () => held.then(() => undefined) });
    const slowConfig = loadConfig({
      DATA_DIR: database.dataDir,
      SEED_DEMO: "0",
      SMTP_URL: slowSmtp.url,
      MAIL_RATE_PER_MINUTE: "0",
    });
    const stopping = startNewsletterWorker(db(), slowConfig, { idleMs: 10, lanes: 1 });
    await eventually(async () => {
      const rows = await db().selectFrom("newsletter_deliveries").select("claimedBy").execute();
      expect(rows.filter((row) => row.claimedBy !== null)).toHaveLength(5);
    });
    const stopped = stopping.stop();
    release();
    await stopped;
    await slowSmtp.close();
    const rows = await db()
      .selectFrom("newsletter_deliveries")
      .select(["status", "claimedBy"])
      .execute();
    expect(rows.filter((row) => row.status === "sent")).toHaveLength(1);
    expect(rows.filter((row) => row.status === "pending" && row.claimedBy === null)).toHaveLength(
      4,
    );
  });
});
