import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "#server/db/db.server.ts";
import { migrateToLatest } from "#server/db/migrate.server.ts";
import { createEndpoint } from "#server/services/webhook-endpoints.server.ts";
import { queueWebhookEvent } from "#server/services/webhook-events.server.ts";
import { startWebhookReceiver, type WebhookReceiver } from "#tests/fakes/webhook-receiver.ts";
import {
  createServerData,
  killServerProcesses,
  openServerDatabase,
  type ServerData,
  startServerProcess,
  stopServerProcess,
} from "#tests/helpers/server-process.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";

// A webhook delivery survives the site being killed in the middle of it
// (docs/decisions/037-webhooks.md): the next process on the same database takes the dead one's
// claim back at once and delivers it, once, under the same webhook-id.

describeEachDatabase("a webhook delivery across a restart", (kind) => {
  let data: ServerData;
  let database: { db: Db; close: () => Promise<void> };
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    data = await createServerData(kind);
    database = openServerDatabase(data);
    await migrateToLatest(database.db);
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await killServerProcesses();
    await receiver?.close();
    await database?.close();
    await data?.destroy();
  });

  it("is delivered once by the restarted site after the first was killed mid-request", async () => {
    const db = database.db;
    await createEndpoint(
      db,
      {
        name: "Receiver",
        kind: "generic",
        url: receiver.url,
        events: ["newsletter.sent"],
        enabled: true,
      },
      { createdBy: null },
    );
    await db
      .transaction()
      .execute((trx) => queueWebhookEvent(trx, { type: "newsletter.sent", data: {} }));
    const env = { ...data.env, WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: "1" };

    receiver.answerWith(() => "hang");
    const first = await startServerProcess(env, { timeoutMs: 60_000 });
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(1);
    first.signal("SIGKILL");
    await first.exited;

    receiver.answerWith(() => ({ status: 200, body: "ok" }));
    const second = await startServerProcess(env, { timeoutMs: 60_000 });
    await second.waitForOutput(/Took back 1 webhook deliveries of a stopped process/);
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(2);
    const stored = () => db.selectFrom("webhook_deliveries").selectAll().executeTakeFirstOrThrow();
    // The receiver has the request before the site has recorded its answer.
    await expect.poll(async () => (await stored()).status, { timeout: 10_000 }).toBe("delivered");
    const delivery = await stored();
    expect(delivery).toMatchObject({ status: "delivered", attempts: 1, lastStatusCode: 200 });
    const ids = receiver.received.map((request) => request.headers["webhook-id"]);
    expect(ids).toEqual([delivery.id, delivery.id]);
    // Nothing more once it is delivered.
    await stopServerProcess(second);
    expect(receiver.received).toHaveLength(2);
  });
});
