import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { finishSendings } from "#server/jobs/newsletter-deliveries.server.ts";
import { publishDuePosts } from "#server/jobs/publish-scheduled.server.ts";
import { createPost, fromNow } from "#tests/factories/post.ts";
import { createSubscriber } from "#tests/factories/subscriber.ts";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "#tests/helpers/test-database.ts";
import { startSending } from "./newsletter-sendings.server.ts";
import { pruneDeliveryLog } from "./webhook-deliveries.server.ts";
import { createEndpoint } from "./webhook-endpoints.server.ts";
import { queueDueLaunches, queueWebhookEvent } from "./webhook-events.server.ts";

// Events are recorded with the change that causes them, with a delivery per endpoint that takes
// them, and never more than once for a launch (docs/decisions/037-webhooks.md).

const HOUR = 3_600_000;

describeEachDatabase("webhook events", (kind) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await createEndpoint(
      db(),
      {
        name: "All",
        kind: "generic",
        url: "https://hooks.example/all",
        events: ["post.published", "marketplace.launched", "newsletter.sent"],
        enabled: true,
      },
      { createdBy: null },
    );
    await createEndpoint(
      db(),
      {
        name: "Off",
        kind: "chat",
        url: "https://hooks.example/off",
        events: ["post.published"],
        enabled: false,
      },
      { createdBy: null },
    );
  });
  afterAll(() => database?.destroy());
  beforeEach(async () => {
    await db().deleteFrom("webhook_deliveries").execute();
    await db().deleteFrom("webhook_events").execute();
  });

  const events = () =>
    db()
      .selectFrom("webhook_events as e")
      .leftJoin("webhook_deliveries as d", "d.eventId", "e.id")
      .select(["e.type", "e.data", "d.id as deliveryId"])
      .orderBy("e.createdAt")
      .execute();

  it("records nothing when the change's transaction rolls back", async () => {
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await queueWebhookEvent(trx, { type: "post.published", data: {} });
          throw new Error("the change failed");
        }),
    ).rejects.toThrow("the change failed");
    expect(await events()).toEqual([]);
  });

  it("announces the posts the scheduled sweep publishes, to enabled endpoints only", async () => {
    const due = await createPost(db(), { status: "scheduled", scheduledAt: fromNow(-HOUR) });
    await createPost(db(), { status: "scheduled", scheduledAt: fromNow(HOUR) });
    await publishDuePosts(db());
    const rows = await events();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.type).toBe("post.published");
    expect(JSON.parse(rows[0]?.data ?? "{}").post.id).toBe(due.id);
    expect(rows[0]?.deliveryId).toMatch(/^msg_[0-9a-f]{32}$/);
  });

  it("announces a marketplace item whose release date came, once, and not old ones", async () => {
    const today = await createPost(db(), {
      category: "marketplace-content",
      packType: "world",
      releaseDate: fromNow(-HOUR),
    });
    await createPost(db(), {
      category: "marketplace-content",
      releaseDate: fromNow(-3 * 24 * HOUR),
    });
    await createPost(db(), { category: "marketplace-content", releaseDate: fromNow(HOUR) });
    await createPost(db(), {
      category: "marketplace-content",
      status: "draft",
      releaseDate: fromNow(-HOUR),
    });
    expect(await queueDueLaunches(db())).toBe(1);
    expect(await queueDueLaunches(db())).toBe(0);
    const rows = await events();
    expect(rows.map((row) => row.type)).toEqual(["marketplace.launched"]);
    expect(JSON.parse(rows[0]?.data ?? "{}").post.id).toBe(today.id);
  });

  it("announces a newsletter when its sending finishes", async () => {
    await createSubscriber(db());
    const post = await createPost(db(), { title: "Monthly news" });
    const content = { subject: "Monthly news", html: "<p>Hi</p>", text: "Hi" };
    const sending = await startSending(db(), { post, content, createdById: null, resend: false });
    await db().updateTable("newsletter_deliveries").set({ status: "sent" }).execute();
    expect(await finishSendings(db(), new Date())).toEqual(["Monthly news"]);
    const rows = await events();
    expect(rows.map((row) => row.type)).toEqual(["newsletter.sent"]);
    expect(JSON.parse(rows[0]?.data ?? "{}").newsletter).toMatchObject({
      id: sending.id,
      title: "Monthly news",
      postSlug: post.slug,
      sent: 1,
      failed: 0,
    });
  });

  it("prunes deliveries and events older than 30 days", async () => {
    const old = new Date(Date.now() - 31 * 24 * HOUR);
    await db()
      .transaction()
      .execute((trx) => queueWebhookEvent(trx, { type: "post.published", data: {}, now: old }));
    await db().updateTable("webhook_deliveries").set({ status: "delivered" }).execute();
    await db()
      .transaction()
      .execute((trx) => queueWebhookEvent(trx, { type: "post.published", data: {} }));
    expect(await pruneDeliveryLog(db())).toBe(1);
    expect(await events()).toHaveLength(1);
  });
});
