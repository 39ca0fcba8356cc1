import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createSubscriber } from "#tests/factories/subscriber.ts";
import { readError } from "#tests/helpers/http.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";
import { allowConsoleError } from "#tests/setup/setup-test-env.ts";

// The mail provider's bounce and complaint notices (docs/product/api.md#mail-provider-notices):
// each provider's shape, the secret as a bearer token or basic-auth password, Mailgun's signature.

const SECRET = "mail-events-secret-0123456789";
const MAILGUN_KEY = "mailgun-signing-key";

describeEachDatabase("POST /api/mail-events", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, {
      MAIL_EVENTS_SECRET: SECRET,
      MAILGUN_WEBHOOK_SIGNING_KEY: MAILGUN_KEY,
    });
  });
  afterAll(() => server?.close());
  const db = () => server.db.handle.db;
  beforeEach(async () => {
    await db().deleteFrom("subscribers").execute();
    await db().deleteFrom("subscriber_complaints").execute();
  });

  const bearer = { authorization: `Bearer ${SECRET}` };
  const basic = (password: string) => ({
    authorization: `Basic ${Buffer.from(`events:${password}`).toString("base64")}`,
  });
  const notify = (body: unknown, headers: Record<string, string> = bearer) =>
    server.request("/api/mail-events", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const row = (email: string) =>
    db()
      .selectFrom("subscribers")
      .select(["status", "bounceReason"])
      .where("email", "=", email)
      .executeTakeFirst();
  const complaints = () =>
    db().selectFrom("subscriber_complaints").select(["email", "reason"]).execute();

  it("reads the generic form: a bounce, and a list with a complaint and an unknown address", async () => {
    const bounces = await createSubscriber(db());
    const complains = await createSubscriber(db());
    const one = await notify({
      type: "bounce",
      email: ` ${bounces.email.toUpperCase()} `,
      reason: "550 User unknown",
    });
    expect(one.status).toBe(204);
    expect(await row(bounces.email)).toEqual({
      status: "bounced",
      bounceReason: "550 User unknown",
    });
    const list = await notify([
      { type: "complaint", email: complains.email, reason: "abuse" },
      { type: "bounce", email: "nobody@example.com" },
    ]);
    expect(list.status).toBe(204);
    expect(await list.text()).toBe("");
    expect(await row(complains.email)).toBeUndefined();
    expect(await complaints()).toEqual([{ email: complains.email, reason: "abuse" }]);
    expect(await row("nobody@example.com")).toBeUndefined();
  });

  it("reads Amazon SES notices through SNS (text/plain, basic auth), ignoring soft bounces", async () => {
    const hard = await createSubscriber(db());
    const soft = await createSubscriber(db());
    const spam = await createSubscriber(db());
    const sns = (message: unknown) =>
      server.request("/api/mail-events", {
        method: "POST",
        headers: { "content-type": "text/plain; charset=UTF-8", ...basic(SECRET) },
        body: JSON.stringify({
          Type: "Notification",
          MessageId: "m1",
          TopicArn: "arn:aws:sns:eu-west-1:123456789012:ses-events",
          Message: JSON.stringify(message),
        }),
      });
    const bounce = (bounceType: string, email: string) => ({
      notificationType: "Bounce",
      bounce: {
        bounceType,
        bouncedRecipients: [
          { emailAddress: email, diagnosticCode: `smtp; 550 5.1.1 ${bounceType}` },
        ],
      },
    });
    expect((await sns(bounce("Permanent", hard.email))).status).toBe(204);
    expect((await sns(bounce("Transient", soft.email))).status).toBe(204);
    const complaint = {
      notificationType: "Complaint",
      complaint: {
        complainedRecipients: [{ emailAddress: spam.email }],
        complaintFeedbackType: "abuse",
      },
    };
    expect((await sns(complaint)).status).toBe(204);
    expect(await row(hard.email)).toEqual({
      status: "bounced",
      bounceReason: "smtp; 550 5.1.1 Permanent",
    });
    expect((await row(soft.email))?.status).toBe("active");
    expect(await row(spam.email)).toBeUndefined();
    expect(await complaints()).toEqual([{ email: spam.email, reason: "abuse" }]);
  });

  it("answers SNS's subscription confirmation without fetching its SubscribeURL", async () => {
    let fetched = 0;
    const listener = createServer((_req, res) => {
      fetched += 1;
      res.end("ok");
    });
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    const { port } = listener.address() as AddressInfo;
    try {
      // The operator confirms it from the log, which names the topic and the address to open.
      allowConsoleError(1);
      const response = await notify({
        Type: "SubscriptionConfirmation",
        TopicArn: "arn:aws:sns:eu-west-1:123456789012:someone-elses",
        SubscribeURL: `http://127.0.0.1:${port}/confirm?Token=abc`,
        Token: "abc",
      });
      expect(response.status).toBe(204);
      expect(fetched).toBe(0);
      const logged = vi.mocked(console.error).mock.calls.map((args) => String(args[0]));
      expect(logged.join("\n")).toMatch(
        new RegExp(`someone-elses.*open http://127\\.0\\.0\\.1:${port}/confirm`),
      );
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  });

  it("reads Postmark's bounce and spam complaint webhooks", async () => {
    const hard = await createSubscriber(db());
    const soft = await createSubscriber(db());
    const spam = await createSubscriber(db());
    const postmark = (fields: Record<string, unknown>) => notify(fields, basic(SECRET));
    await postmark({
      RecordType: "Bounce",
      Type: "HardBounce",
      Email: hard.email,
      Description: "The address does not exist.",
      Details: "smtp;550 5.1.1 No such user",
    });
    await postmark({
      RecordType: "Bounce",
      Type: "SoftBounce",
      Email: soft.email,
      Description: "Mailbox full",
    });
    const last = await postmark({
      RecordType: "SpamComplaint",
      Type: "SpamComplaint",
      Email: spam.email,
    });
    expect(last.status).toBe(204);
    expect(await row(hard.email)).toEqual({
      status: "bounced",
      bounceReason: "smtp;550 5.1.1 No such user",
    });
    expect((await row(soft.email))?.status).toBe("active");
    expect(await row(spam.email)).toBeUndefined();
  });

  describe("Mailgun", () => {
    const signed = (timestamp: number, key = MAILGUN_KEY) => {
      const token = "a".repeat(50);
      const signature = createHmac("sha256", key).update(`${timestamp}${token}`).digest("hex");
      return { timestamp: String(timestamp), token, signature };
    };
    const failed = (
      email: string,
      severity: string,
      signature = signed(Math.floor(Date.now() / 1000)),
    ) => ({
      signature,
      "event-data": {
        event: "failed",
        severity,
        recipient: email,
        "delivery-status": { code: 550, message: "5.1.1 The email account does not exist" },
      },
    });

    it("takes an event-data notice proved by its signature, without the secret", async () => {
      const hard = await createSubscriber(db());
      const soft = await createSubscriber(db());
      expect((await notify(failed(hard.email, "permanent"), {})).status).toBe(204);
      expect((await notify(failed(soft.email, "temporary"), {})).status).toBe(204);
      expect(await row(hard.email)).toEqual({
        status: "bounced",
        bounceReason: "5.1.1 The email account does not exist",
      });
      expect((await row(soft.email))?.status).toBe("active");
    });

    it("refuses a wrong or old signature (401)", async () => {
      const reader = await createSubscriber(db());
      const wrong = failed(
        reader.email,
        "permanent",
        signed(Math.floor(Date.now() / 1000), "other-key"),
      );
      await readError(await notify(wrong, {}), 401);
      const old = failed(reader.email, "permanent", signed(Math.floor(Date.now() / 1000) - 3600));
      await readError(await notify(old, {}), 401);
      expect((await row(reader.email))?.status).toBe("active");
    });
  });

  it("reads SendGrid's event array: bounce, blocked (soft, ignored) and spam report", async () => {
    const hard = await createSubscriber(db());
    const blocked = await createSubscriber(db());
    const spam = await createSubscriber(db());
    const response = await notify([
      {
        email: hard.email,
        event: "bounce",
        type: "bounce",
        reason: "550 5.1.1 Unknown user",
        status: "5.1.1",
      },
      { email: blocked.email, event: "bounce", type: "blocked", reason: "451 Try later" },
      { email: spam.email, event: "spamreport" },
      { email: hard.email, event: "delivered" },
    ]);
    expect(response.status).toBe(204);
    expect(await row(hard.email)).toEqual({
      status: "bounced",
      bounceReason: "550 5.1.1 Unknown user",
    });
    expect((await row(blocked.email))?.status).toBe("active");
    expect(await row(spam.email)).toBeUndefined();
  });

  it("refuses a notice without the secret (401), and tells it nothing about the body", async () => {
    const reader = await createSubscriber(db());
    const body = { type: "bounce", email: reader.email };
    const none = await notify(body, {});
    expect(none.headers.get("www-authenticate")).toMatch(/^Basic/);
    await readError(none, 401);
    await readError(await notify(body, { authorization: "Bearer wrong-secret-wrong-secret" }), 401);
    await readError(await notify(body, basic("wrong-secret-wrong-secret")), 401);
    await readError(await notify("not json", {}), 401);
    expect((await row(reader.email))?.status).toBe("active");
  });

  it("answers 400 with the reason for a body it cannot read, and 413 for one too large", async () => {
    expect((await readError(await notify("{not json"), 400)).message).toMatch(/must be JSON/);
    expect((await readError(await notify({ hello: "world" }), 400)).message).toMatch(
      /not a notice this site reads/,
    );
    expect(
      (await readError(await notify({ type: "unsubscribe", email: "a@example.com" }), 400)).message,
    ).toMatch(/type must be "bounce" or "complaint"/);
    expect(
      (await readError(await notify({ type: "bounce", email: "not-an-address" }), 400)).message,
    ).toMatch(/e-mail address/);
    const huge = JSON.stringify([
      { type: "bounce", email: "a@example.com", reason: "x".repeat(1_100_000) },
    ]);
    await readError(await notify(huge), 413);
  });
});

describeEachDatabase("POST /api/mail-events without MAIL_EVENTS_SECRET", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());

  it("does not exist (404)", async () => {
    const response = await server.request("/api/mail-events", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${SECRET}` },
      body: JSON.stringify({ type: "bounce", email: "a@example.com" }),
    });
    await readError(response, 404);
  });
});
