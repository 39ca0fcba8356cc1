import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type {
  NewsletterSendingDetail,
  RemoveFailedAnswer,
  RetryFailedAnswer,
} from "#common/types/newsletter.ts";
import type { DeliveryStatus, SubscriberRow } from "#server/db/tables.ts";
import { buildNewsletter } from "#server/mail/newsletter-message.server.ts";
import { startSending } from "#server/services/newsletter-sendings.server.ts";
import { createPost } from "#tests/factories/post.ts";
import { createSubscriber } from "#tests/factories/subscriber.ts";
import { readError } from "#tests/helpers/http.ts";
import { requestAs, type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

// A sending's failures panel (docs/product/mail.md#newsletters-section): retry the failed copies
// to addresses still active, remove the failed addresses, and the retries' next tries. The rows
// are arranged in the database; no worker runs, so nothing moves under the test.

describeEachDatabase("a sending's failed copies through HTTP", (kind) => {
  let server: TestServer;
  let employee: SignedIn;
  beforeAll(async () => {
    server = await startTestServer(kind, { SITE_URL: "https://studio.example.com" });
    employee = await signInAs(server, "employee");
  });
  afterAll(() => server?.close());
  const db = () => server.db.handle.db;

  beforeEach(async () => {
    await db().deleteFrom("newsletter_deliveries").execute();
    await db().deleteFrom("newsletter_sendings").execute();
    await db().deleteFrom("subscribers").execute();
  });

  /** A sending to the given subscribers, each copy then set as the test says. */
  async function sendingWith(copies: [SubscriberRow, Partial<CopyState>][]): Promise<string> {
    const post = await createPost(db());
    const content = await buildNewsletter({
      post,
      companyName: "Studio",
      siteUrl: "https://studio.example.com",
    });
    const sending = await startSending(db(), { post, content, createdById: null, resend: true });
    for (const [subscriber, state] of copies) {
      if (Object.keys(state).length === 0) continue;
      await db()
        .updateTable("newsletter_deliveries")
        .set(state)
        .where("id", "=", `${sending.id}.${subscriber.id}`)
        .execute();
    }
    return sending.id;
  }
  type CopyState = {
    status: DeliveryStatus;
    attempts: number;
    lastError: string;
    nextAttemptAt: string;
    lastAttemptAt: string;
  };
  const failed = (error: string): Partial<CopyState> => ({
    status: "failed",
    attempts: 5,
    lastError: error,
    lastAttemptAt: new Date().toISOString(),
  });

  const post = (path: string) => requestAs(server, employee, path, { method: "POST" });
  async function detail(id: string): Promise<NewsletterSendingDetail> {
    const response = await requestAs(server, employee, `/api/newsletter-sendings/${id}`);
    expect(response.status).toBe(200);
    return (await response.json()) as NewsletterSendingDetail;
  }
  const statusOf = async (sendingId: string, subscriberId: string) =>
    await db()
      .selectFrom("newsletter_deliveries")
      .select(["status", "attempts", "nextAttemptAt"])
      .where("id", "=", `${sendingId}.${subscriberId}`)
      .executeTakeFirstOrThrow();

  it("retries the failed copies to active addresses only, due now, and runs the sending again", async () => {
    const temporary = await createSubscriber(db());
    const bounced = await createSubscriber(db());
    const sent = await createSubscriber(db());
    const id = await sendingWith([
      [temporary, failed("421 Busy")],
      [bounced, failed("550 5.1.1 User unknown")],
      [sent, { status: "sent", attempts: 1 }],
    ]);
    await db()
      .updateTable("subscribers")
      .set({ status: "bounced" })
      .where("id", "=", bounced.id)
      .execute();
    await db()
      .updateTable("newsletter_sendings")
      .set({ status: "finished", finishedAt: new Date().toISOString() })
      .execute();
    expect(await detail(id)).toMatchObject({
      status: "finished",
      failed: 2,
      retryable: 1,
      removable: 2,
    });

    const before = Date.now();
    const response = await post(`/api/newsletter-sendings/${id}/retry-failed`);
    expect(response.status).toBe(200);
    expect((await response.json()) as RetryFailedAnswer).toEqual({ retried: 1 });

    const retried = await statusOf(id, temporary.id);
    expect(retried).toMatchObject({ status: "pending", attempts: 0 });
    expect(Date.parse(retried.nextAttemptAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(retried.nextAttemptAt)).toBeLessThanOrEqual(Date.now());
    expect((await statusOf(id, bounced.id)).status).toBe("failed");
    expect((await statusOf(id, sent.id)).status).toBe("sent");
    expect(await detail(id)).toMatchObject({
      status: "sending",
      failed: 1,
      left: 1,
      retryable: 0,
      finishedAt: null,
    });

    // Nothing left to retry: nothing changes.
    const again = await post(`/api/newsletter-sendings/${id}/retry-failed`);
    expect((await again.json()) as RetryFailedAnswer).toEqual({ retried: 0 });
  });

  it("removes the failed addresses from the list and keeps the others", async () => {
    const first = await createSubscriber(db());
    const second = await createSubscriber(db());
    const reached = await createSubscriber(db());
    const id = await sendingWith([
      [first, failed("550 No such user")],
      [second, failed("550 No such user")],
      [reached, { status: "sent", attempts: 1 }],
    ]);
    await db()
      .updateTable("subscribers")
      .set({ status: "bounced" })
      .where("id", "=", second.id)
      .execute();
    const response = await post(`/api/newsletter-sendings/${id}/remove-failed`);
    expect(response.status).toBe(200);
    expect((await response.json()) as RemoveFailedAnswer).toEqual({ removed: 2 });
    const left = await db().selectFrom("subscribers").select("id").execute();
    expect(left.map((row) => row.id)).toEqual([reached.id]);
    // The failures stay on record; their addresses are no longer on the list.
    expect(await detail(id)).toMatchObject({ failed: 2, removable: 0, retryable: 0 });
  });

  it("lists the copies waiting for a retry with their next try, and the soonest on the sending", async () => {
    const later = await createSubscriber(db());
    const sooner = await createSubscriber(db());
    const fresh = await createSubscriber(db());
    const soon = new Date(Date.now() + 60_000).toISOString();
    const afterThat = new Date(Date.now() + 120_000).toISOString();
    const id = await sendingWith([
      [later, { attempts: 2, lastError: "451 Greylisted", nextAttemptAt: afterThat }],
      [sooner, { attempts: 1, lastError: "451 Greylisted", nextAttemptAt: soon }],
      [fresh, {}],
    ]);
    const sending = await detail(id);
    expect(sending.nextRetryAt).toBe(soon);
    expect(sending.retries).toEqual([
      { email: sooner.email, attempts: 1, lastError: "451 Greylisted", nextAttemptAt: soon },
      { email: later.email, attempts: 2, lastError: "451 Greylisted", nextAttemptAt: afterThat },
    ]);
    const list = await requestAs(server, employee, "/api/newsletter-sendings?page=1&limit=10");
    const page = (await list.json()) as { items: { id: string; nextRetryAt: string | null }[] };
    expect(page.items.find((item) => item.id === id)?.nextRetryAt).toBe(soon);
  });

  it("answers 404 for a sending that does not exist", async () => {
    for (const action of ["retry-failed", "remove-failed"]) {
      await readError(await post(`/api/newsletter-sendings/${randomUUID()}/${action}`), 404);
      await readError(await post(`/api/newsletter-sendings/not-an-id/${action}`), 404);
    }
  });
});
