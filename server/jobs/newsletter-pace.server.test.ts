import { afterAll, beforeAll, expect, it } from "vitest";
import { loadConfig } from "#server/config/env.server.ts";
import { buildNewsletter } from "#server/mail/newsletter-message.server.ts";
import { startSending } from "#server/services/newsletter-sendings.server.ts";
import { createPost } from "#tests/factories/post.ts";
import { createSubscriber } from "#tests/factories/subscriber.ts";
import { startTestSmtpServer, type TestSmtpServer } from "#tests/helpers/smtp-server.ts";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import { paceInterval, takeSlot } from "./newsletter-pace.server.ts";
import { startNewsletterWorker } from "./newsletter-worker.server.ts";

// MAIL_RATE_PER_MINUTE holds for the site as a whole: two workers (as two server processes
// would) share one pace. Only an upper bound is checked: never more copies accepted by any
// moment than the rate allows since the start, however fast or loaded the machine.

const RATE_PER_MINUTE = 600;
const COPIES = 30;

describeEachDatabase("the newsletter pace", (kind) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  const arrivals: number[] = [];
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    smtp = await startTestSmtpServer({
      answer: () => {
        arrivals.push(Date.now());
        return undefined;
      },
    });
  });
  afterAll(async () => {
    await smtp?.close();
    await database?.destroy();
  });

  it("hands slots out one interval apart, whoever asks", async () => {
    let clock = 1_000_000;
    const now = () => clock;
    const slots = [
      await takeSlot(db(), 100, now),
      await takeSlot(db(), 100, now),
      await takeSlot(db(), 100, now),
    ];
    expect(slots).toEqual([1_000_000, 1_000_100, 1_000_200]);
    // After a quiet spell the next slot is now, not a backlog of missed ones.
    clock = 2_000_000;
    expect(await takeSlot(db(), 100, now)).toBe(2_000_000);
    await db().deleteFrom("newsletter_pace").execute();
  });

  it("keeps two workers together to MAIL_RATE_PER_MINUTE", async () => {
    const config = loadConfig({
      DATA_DIR: database.dataDir,
      SEED_DEMO: "0",
      SMTP_URL: smtp.url,
      MAIL_RATE_PER_MINUTE: String(RATE_PER_MINUTE),
    });
    for (let i = 0; i < COPIES; i++) await createSubscriber(db());
    const post = await createPost(db());
    const content = await buildNewsletter({ post, companyName: "Studio", siteUrl: config.siteUrl });
    await startSending(db(), { post, content, createdById: null, resend: false });

    const startedAt = Date.now();
    const workers = ["pace-test:1:a", "pace-test:2:b"].map((holder) =>
      startNewsletterWorker(db(), config, { holder, idleMs: 10, batchSize: 5 }),
    );
    try {
      await smtp.waitFor(COPIES, 20_000);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
    const holders = await db()
      .selectFrom("newsletter_deliveries")
      .select("claimedBy")
      .distinct()
      .execute();
    expect(holders.map((row) => row.claimedBy).sort()).toEqual(["pace-test:1:a", "pace-test:2:b"]);

    // Slots start at the start and are one interval apart, and a copy leaves at its slot or
    // later: by T ms after the start, at most 1 + T / interval copies can have been accepted.
    const interval = paceInterval(RATE_PER_MINUTE);
    const acceptedBy = (at: number) => arrivals.filter((arrival) => arrival <= at).length;
    for (const arrival of arrivals) {
      expect(acceptedBy(arrival)).toBeLessThanOrEqual(
        1 + Math.floor((arrival - startedAt + 1) / interval),
      );
    }
    // At the rate, 30 copies take about 2.9 s; unpaced they would take a few milliseconds.
    expect(Math.max(...arrivals) - startedAt).toBeGreaterThanOrEqual((COPIES - 1) * interval - 1);
  });
});
