import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NewsletterSendingDetail } from "#common/types/newsletter.ts";
import type { Db } from "#server/db/db.server.ts";
import { migrateToLatest } from "#server/db/migrate.server.ts";
import { createPost } from "#tests/factories/post.ts";
import { fakeSubscriber } from "#tests/factories/subscriber.ts";
import { eventually } from "#tests/helpers/http.ts";
import {
  createServerData,
  killServerProcesses,
  openServerDatabase,
  type ServerData,
  type ServerProcess,
  startServerProcess,
} from "#tests/helpers/server-process.ts";
import { startTestSmtpServer, type TestSmtpServer } from "#tests/helpers/smtp-server.ts";
import { signIn } from "#tests/helpers/staff.ts";
import { TEST_DATABASE_URL } from "#tests/helpers/test-database.ts";

// Two production server processes on one PostgreSQL database share one newsletter sending
// (docs/decisions/028-newsletter-sending.md): each claims rows of its own (FOR UPDATE SKIP
// LOCKED), both send, and no reader gets two copies.

const SUBSCRIBERS = 800;
const OWNER = { ADMIN_EMAIL: "owner@two-senders.test", ADMIN_PASSWORD: "owner-two-senders-pass" };

describe.skipIf(!TEST_DATABASE_URL)("a newsletter sent by two server processes [postgres]", () => {
  let data: ServerData;
  let db: Db;
  let smtp: TestSmtpServer;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    data = await createServerData("postgres");
    db = openServerDatabase(data).db;
    await migrateToLatest(db);
    const rows = Array.from({ length: SUBSCRIBERS }, () => fakeSubscriber());
    for (let i = 0; i < rows.length; i += 400) {
      await db
        .insertInto("subscribers")
        .values(rows.slice(i, i + 400))
        .execute();
    }
    // A little time per message, so that both processes are at work while the other is.
    smtp = await startTestSmtpServer({
      answer: () => new Promise((resolve) => setTimeout(() => resolve(undefined), 2)),
    });
    const env = {
      ...data.env,
      ...OWNER,
      SESSION_SECRET: randomBytes(32).toString("hex"),
      SMTP_URL: smtp.url,
      MAIL_RATE_PER_MINUTE: "0",
    };
    [a, b] = await Promise.all([
      startServerProcess(env, { timeoutMs: 120_000 }),
      startServerProcess(env, { timeoutMs: 120_000 }),
    ]);
  }, 240_000);
  afterAll(async () => {
    await killServerProcesses();
    await smtp?.close();
    await data?.destroy();
  });

  it("sends each reader one copy, the work shared by both", async () => {
    const post = await createPost(db, { title: "Shared sending" });
    const cookie = await signIn(a, OWNER.ADMIN_EMAIL, OWNER.ADMIN_PASSWORD);
    const started = await fetch(`${a.url}/api/posts/${post.id}/newsletter`, {
      method: "POST",
      headers: { origin: a.url, cookie, "content-type": "application/json" },
      body: "{}",
    });
    expect(started.status, await started.clone().text()).toBe(202);
    const { id } = (await started.json()) as { id: string };

    const detail = await eventually(async () => {
      const response = await fetch(`${b.url}/api/newsletter-sendings/${id}`, {
        headers: { cookie },
      });
      const body = (await response.json()) as NewsletterSendingDetail;
      expect(body.left).toBe(0);
      return body;
    }, 180_000);
    expect(detail).toMatchObject({ total: SUBSCRIBERS, sent: SUBSCRIBERS, failed: 0 });

    const recipients = smtp.received.flatMap((mail) => mail.to);
    expect(recipients).toHaveLength(SUBSCRIBERS);
    expect(new Set(recipients).size).toBe(SUBSCRIBERS);
    const byProcess = await db
      .selectFrom("newsletter_deliveries")
      .select(["claimedBy", (eb) => eb.fn.countAll<string>().as("count")])
      .where("status", "=", "sent")
      .groupBy("claimedBy")
      .execute();
    const pids = byProcess.map((row) => Number(row.claimedBy?.split(":").at(-2)));
    expect(pids.sort()).toEqual([a.pid, b.pid].sort());
    for (const row of byProcess) expect(Number(row.count)).toBeGreaterThan(0);
  }, 300_000);
});
