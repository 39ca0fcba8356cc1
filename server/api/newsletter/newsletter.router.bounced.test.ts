import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { SUBSCRIBE_ANSWERS } from "#common/schemas/subscriber.ts";
import { createSubscriber } from "#tests/factories/subscriber.ts";
import {
  type MailingTestServer,
  startMailingTestServer,
} from "#tests/helpers/mailing-test-server.ts";
import type { TestSmtpServer } from "#tests/helpers/smtp-server.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";

// A bounced address comes back only through a new confirmation (docs/decisions/036-bounces.md),
// even with double opt-in off, and the form's answer never tells that it had bounced.

describeEachDatabase("subscribing again with a bounced address (double opt-in off)", (kind) => {
  let mailing: MailingTestServer;
  let smtp: TestSmtpServer;
  let server: TestServer;
  beforeAll(async () => {
    mailing = await startMailingTestServer(kind, { env: { NEWSLETTER_DOUBLE_OPT_IN: "0" } });
    ({ smtp, server } = mailing);
  });
  afterAll(() => mailing?.close());
  const db = () => server.db.handle.db;
  beforeEach(async () => {
    await db().deleteFrom("subscribers").execute();
    smtp.received.length = 0;
  });

  const subscribe = (email: string) =>
    server.postJson(
      "/api/newsletter/subscribe",
      { email },
      {
        headers: { "content-type": "application/json", origin: server.url },
      },
    );
  const row = (email: string) =>
    db()
      .selectFrom("subscribers")
      .select(["status", "bouncedAt"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();

  it("mails the confirmation, keeps it Bounced until the link is followed, and answers as for anyone", async () => {
    const bounced = await createSubscriber(db(), {
      status: "bounced",
      bouncedAt: new Date().toISOString(),
      bounceReason: "550 5.1.1 User unknown",
    });
    const fresh = await subscribe("someone-new@example.com");
    const again = await subscribe(bounced.email);
    expect(again.status).toBe(fresh.status);
    expect(await again.json()).toEqual(await fresh.json());
    expect(await subscribe(bounced.email).then((r) => r.json())).toEqual({
      message: SUBSCRIBE_ANSWERS.subscribed,
    });
    expect((await row(bounced.email)).status).toBe("bounced");

    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toEqual([bounced.email]);
    const link = /https?:\/\/\S+\/subscribe\/confirm\/[A-Za-z0-9._-]+/.exec(
      mail?.parsed.text ?? "",
    )?.[0];
    expect(link).toBeDefined();
    await server.context.confirmations.idle();
    // Only the bounced address got a mail: the new one was active at once.
    expect(smtp.received.map((received) => received.to)).toEqual([[bounced.email]]);

    const confirm = await server.request(new URL(link ?? "").pathname, {
      method: "POST",
      redirect: "manual",
    });
    expect(confirm.status).toBe(303);
    expect(await row(bounced.email)).toEqual({ status: "active", bouncedAt: null });
  });
});
