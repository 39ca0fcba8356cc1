import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config/env.server.ts";
import { createMailer, type Mailer } from "#server/mail/mailer.server.ts";
import { takeConfirmationAllowance } from "#server/services/confirmation-mail-limits.server.ts";
import {
  claimConfirmation,
  PURGE_PENDING_AFTER_MS,
  RESEND_AFTER_MS,
} from "#server/services/subscriber-consent.server.ts";
import { createSubscriber } from "#tests/factories/subscriber.ts";
import { startTestSmtpServer, type TestSmtpServer } from "#tests/helpers/smtp-server.ts";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import { type ConfirmationSender, createConfirmationSender } from "./confirmation-sender.server.ts";
import { keepSubscribers } from "./subscriber-upkeep.server.ts";

const DAY = 24 * 60 * 60 * 1000;

describeEachDatabase("the mailing list's upkeep", (kind) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let config: ReturnType<typeof loadConfig>;
  let mailer: Mailer;
  let confirmations: ConfirmationSender;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    smtp = await startTestSmtpServer();
    config = loadConfig({ DATA_DIR: database.dataDir, SEED_DEMO: "0", SMTP_URL: smtp.url });
    mailer = createMailer(config);
    confirmations = createConfirmationSender({ db: db(), config, mailer });
  });
  afterAll(async () => {
    await confirmations?.stop();
    mailer?.close();
    await smtp?.close();
    await database?.destroy();
  });
  const db = () => database.handle.db;
  const emails = async () =>
    (await db().selectFrom("subscribers").select("email").orderBy("email").execute()).map(
      (row) => row.email,
    );
  beforeEach(async () => {
    await db().deleteFrom("subscribers").execute();
    smtp.received.length = 0;
  });

  it("drops the confirmation limits that hold nothing back any more", async () => {
    await db().deleteFrom("confirmation_mail_limits").execute();
    const start = new Date("2026-06-01T12:00:00.000Z");
    const later = (ms: number) => new Date(start.getTime() + ms);
    expect(await takeConfirmationAllowance(db(), "first", start)).not.toBeNull();
    expect(await takeConfirmationAllowance(db(), "second", later(DAY / 2))).not.toBeNull();
    const keys = async () =>
      (await db().selectFrom("confirmation_mail_limits").select("addressKey").execute()).map(
        (row) => row.addressKey,
      );
    await keepSubscribers(db(), confirmations, later(DAY - 1000));
    expect((await keys()).sort()).toEqual(["first", "second"]);
    await keepSubscribers(db(), confirmations, later(DAY + 1000));
    expect(await keys()).toEqual(["second"]);
  });

  it("deletes pending addresses older than 30 days and nothing else", async () => {
    const now = new Date("2026-06-01T12:00:00.000Z");
    const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
    const sent = ago(DAY);
    await createSubscriber(db(), {
      email: "old-pending@example.com",
      status: "pending",
      createdAt: ago(PURGE_PENDING_AFTER_MS + 1000),
      confirmationSentAt: sent,
    });
    await createSubscriber(db(), {
      email: "young-pending@example.com",
      status: "pending",
      createdAt: ago(PURGE_PENDING_AFTER_MS - 60_000),
      confirmationSentAt: sent,
    });
    await createSubscriber(db(), { email: "old-active@example.com", createdAt: ago(400 * DAY) });

    expect(await keepSubscribers(db(), confirmations, now)).toEqual({ purged: 1, queued: 0 });
    expect(await emails()).toEqual(["old-active@example.com", "young-pending@example.com"]);
    expect(await keepSubscribers(db(), confirmations, now)).toEqual({ purged: 0, queued: 0 });
  });

  it("mails pending addresses whose confirmation was never sent", async () => {
    await createSubscriber(db(), { email: "never-mailed@example.com", status: "pending" });
    await createSubscriber(db(), {
      email: "mailed@example.com",
      status: "pending",
      confirmationSentAt: new Date().toISOString(),
    });
    await createSubscriber(db(), { email: "active@example.com" });
    expect(await keepSubscribers(db(), confirmations)).toEqual({ purged: 0, queued: 1 });
    await confirmations.idle();
    expect(smtp.received.map((mail) => mail.to)).toEqual([["never-mailed@example.com"]]);
  });

  it("sends nothing more once stopped, leaving the queued addresses for the next start", async () => {
    // A sender of its own: not the one the other tests use.
    await createSubscriber(db(), { email: "queued@example.com", status: "pending" });
    const sender = createConfirmationSender({ db: db(), config, mailer });
    await sender.stop();
    sender.enqueue(["queued@example.com"]);
    await sender.idle();
    expect(smtp.received).toEqual([]);
    expect(await keepSubscribers(db(), confirmations)).toEqual({ purged: 0, queued: 1 });
    await confirmations.idle();
    expect(smtp.received.map((mail) => mail.to)).toEqual([["queued@example.com"]]);
  });

  describe("claimConfirmation", () => {
    it("lets a pending address be mailed once per 10 minutes, by the clock it is given", async () => {
      const { email } = await createSubscriber(db(), { status: "pending" });
      const t0 = new Date("2026-06-01T12:00:00.000Z");
      const at = (ms: number) => new Date(t0.getTime() + ms);
      expect(await claimConfirmation(db(), email, t0)).toMatchObject({ email });
      expect(await claimConfirmation(db(), email, t0)).toBeNull();
      expect(await claimConfirmation(db(), email, at(RESEND_AFTER_MS - 1000))).toBeNull();
      expect(await claimConfirmation(db(), email, at(RESEND_AFTER_MS))).toMatchObject({ email });
      expect(await claimConfirmation(db(), email, at(RESEND_AFTER_MS + 1000))).toBeNull();
    });

    it("never claims an active address or one not on the list", async () => {
      const active = await createSubscriber(db());
      expect(await claimConfirmation(db(), active.email)).toBeNull();
      expect(await claimConfirmation(db(), "nobody@example.com")).toBeNull();
    });
  });
});
