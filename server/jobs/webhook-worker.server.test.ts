import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { type Config, loadConfig } from "#server/config/env.server.ts";
import { createEndpoint } from "#server/services/webhook-endpoints.server.ts";
import { queueWebhookEvent } from "#server/services/webhook-events.server.ts";
import { signWebhook } from "#server/services/webhook-request.server.ts";
import { startWebhookReceiver, type WebhookReceiver } from "#tests/fakes/webhook-receiver.ts";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import { claimDueWebhook } from "./webhook-claims.server.ts";
import { deliverOne, startWebhookWorker } from "./webhook-worker.server.ts";

// Deliveries reach loopback receivers once, with a valid signature, through failures, a receiver
// that hangs or is down, and a restart; due times follow a clock the test moves, not waits.

const MINUTE = 60_000;

describeEachDatabase("the webhook worker", (kind) => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let config: Config;
  let secret: string;
  let clock: number;
  const now = () => new Date(clock);
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    receiver = await startWebhookReceiver();
    config = loadConfig({
      DATA_DIR: database.dataDir,
      SEED_DEMO: "0",
      WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: "1",
    });
    const created = await createEndpoint(
      db(),
      {
        name: "Receiver",
        kind: "generic",
        url: receiver.url,
        events: ["post.published"],
        enabled: true,
      },
      { createdBy: null },
    );
    secret = created.secret ?? "";
  });
  afterAll(async () => {
    await receiver?.close();
    await database?.destroy();
  });
  beforeEach(async () => {
    clock = Date.parse("2027-03-14T12:00:00.000Z");
    receiver.received.length = 0;
    receiver.answerWith(() => ({ status: 200, body: "ok" }));
    await db().deleteFrom("webhook_deliveries").execute();
  });

  async function publishEvent(title = `Post ${randomUUID()}`) {
    await db()
      .transaction()
      .execute((trx) =>
        queueWebhookEvent(trx, {
          type: "post.published",
          data: {
            post: {
              id: randomUUID(),
              title,
              slug: "a-post",
              excerpt: "Short.",
              featuredImage: "cover.png",
              category: "news",
              packType: null,
              publishedAt: now().toISOString(),
            },
          },
          now: now(),
        }),
      );
    return db().selectFrom("webhook_deliveries").selectAll().executeTakeFirstOrThrow();
  }
  const delivery = (id: string) =>
    db()
      .selectFrom("webhook_deliveries")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  const pass = (holder = "test:1:a", timeoutMs = 2_000) =>
    deliverOne(db(), config, { holder, now, timeoutMs, retryMs: MINUTE });

  it("delivers once, signed the Standard Webhooks way", async () => {
    const queued = await publishEvent("Dragon Flight");
    expect(await pass()).toBe(true);
    expect(await pass()).toBe(false);
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    const id = String(request?.headers["webhook-id"]);
    const timestamp = Number(request?.headers["webhook-timestamp"]);
    expect(id).toBe(queued.id);
    expect(timestamp).toBe(Math.floor(clock / 1000));
    expect(request?.headers["webhook-signature"]).toBe(
      signWebhook(secret, id, timestamp, request?.body ?? ""),
    );
    const body = JSON.parse(request?.body ?? "{}");
    expect(body).toMatchObject({
      type: "post.published",
      data: { post: { title: "Dragon Flight", url: `${config.siteUrl}/blog/a-post` } },
    });
    expect(body.data.post.imageUrl).toMatch(/^http:\/\/localhost:\d+\/uploads\/cover\.png$/);
    expect(await delivery(queued.id)).toMatchObject({
      status: "delivered",
      attempts: 1,
      lastStatusCode: 200,
      lastResponse: "ok",
    });
  });

  it("retries after a 500, later, under the same webhook-id", async () => {
    let calls = 0;
    receiver.answerWith(() => (++calls === 1 ? { status: 500, body: "oops" } : { status: 200 }));
    const queued = await publishEvent();
    await pass();
    const failed = await delivery(queued.id);
    expect(failed).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 500 });
    expect(failed.lastResponse).toBe("oops");
    // Not yet due: nothing is sent.
    expect(await pass()).toBe(false);
    clock = Date.parse(failed.nextAttemptAt);
    expect(Date.parse(failed.nextAttemptAt) - Date.parse(queued.createdAt)).toBeGreaterThan(30_000);
    await pass();
    expect(await delivery(queued.id)).toMatchObject({ status: "delivered", attempts: 2 });
    const ids = receiver.received.map((request) => request.headers["webhook-id"]);
    expect(ids).toEqual([queued.id, queued.id]);
  });

  it("gives up on a receiver that hangs after the time limit, and tries again later", async () => {
    receiver.answerWith(() => "hang");
    const queued = await publishEvent();
    const started = Date.now();
    await pass("test:1:a", 300);
    expect(Date.now() - started).toBeLessThan(2_000);
    const timedOut = await delivery(queued.id);
    expect(timedOut).toMatchObject({ status: "pending", lastStatusCode: null });
    expect(timedOut.lastError).toMatch(/No answer within/);
    receiver.answerWith(() => ({ status: 204 }));
    clock = Date.parse(timedOut.nextAttemptAt);
    await pass();
    expect(await delivery(queued.id)).toMatchObject({ status: "delivered", attempts: 2 });
  });

  it("holds up no other delivery while a receiver hangs", async () => {
    const other = await startWebhookReceiver();
    const { row } = await createEndpoint(
      db(),
      { name: "Other", kind: "chat", url: other.url, events: ["post.published"], enabled: true },
      { createdBy: null },
    );
    receiver.answerWith(() => "hang");
    try {
      await publishEvent();
      const worker = startWebhookWorker(db(), config, {
        holder: "test:3:c",
        now,
        idleMs: 20,
        timeoutMs: 10_000,
      });
      try {
        // Both arrive well before the hanging request's time limit runs out.
        await expect
          .poll(() => [receiver.received.length, other.received.length], { timeout: 8_000 })
          .toEqual([1, 1]);
      } finally {
        receiver.cutHanging();
        await worker.stop();
      }
    } finally {
      await db().deleteFrom("webhook_endpoints").where("id", "=", row.id).execute();
      await other.close();
    }
  });

  it("reaches a receiver that was down for ten minutes once it is up, once", async () => {
    receiver.setDown(true);
    try {
      const queued = await publishEvent();
      const start = clock;
      while (clock - start < 10 * MINUTE) {
        await pass();
        const row = await delivery(queued.id);
        expect(row.status).toBe("pending");
        expect(row.lastError).toMatch(/could not be reached|No answer/);
        clock = Date.parse(row.nextAttemptAt);
      }
      receiver.setDown(false);
      await pass();
      expect(receiver.received).toHaveLength(1);
      expect(await delivery(queued.id)).toMatchObject({ status: "delivered" });
      expect(await pass()).toBe(false);
    } finally {
      receiver.setDown(false);
    }
  });

  it("fails a delivery for good a day after its event", async () => {
    receiver.answerWith(() => ({ status: 503 }));
    const queued = await publishEvent();
    for (let turn = 0; turn < 100; turn++) {
      await pass();
      const row = await delivery(queued.id);
      if (row.status !== "pending") break;
      clock = Date.parse(row.nextAttemptAt);
    }
    const row = await delivery(queued.id);
    expect(row.status).toBe("failed");
    expect(Date.parse(row.lastAttemptAt ?? "") - Date.parse(queued.createdAt)).toBeLessThanOrEqual(
      24 * 60 * MINUTE,
    );
  });

  it("is delivered once after a restart: a new worker takes over the claim of one that died", async () => {
    const queued = await publishEvent();
    // A process on another host claimed it and died before sending.
    const [claimed] = await claimDueWebhook(db(), {
      holder: "gone-host:4242:dead",
      now: now(),
      until: new Date(clock + MINUTE),
    });
    expect(claimed?.id).toBe(queued.id);
    expect(await pass("test:2:b")).toBe(false);
    clock += 2 * MINUTE;
    const worker = startWebhookWorker(db(), config, { holder: "test:2:b", now, idleMs: 20 });
    try {
      await expect.poll(() => receiver.received.length, { timeout: 5_000 }).toBe(1);
    } finally {
      await worker.stop();
    }
    expect(await delivery(queued.id)).toMatchObject({ status: "delivered", claimedBy: "test:2:b" });
    expect(receiver.received).toHaveLength(1);
  });
});
