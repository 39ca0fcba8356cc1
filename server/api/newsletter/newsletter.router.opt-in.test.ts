import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SUBSCRIBE_ANSWERS } from "#common/schemas/subscriber.ts";
import type { Paged } from "#common/types/post-list.ts";
import type { Subscriber } from "#common/types/subscriber.ts";
import { confirmationUrl } from "#server/services/subscriber-links.server.ts";
import { createSubscriber } from "#tests/factories/subscriber.ts";
import { readError } from "#tests/helpers/http.ts";
import {
  type MailingTestServer,
  startMailingTestServer,
} from "#tests/helpers/mailing-test-server.ts";
import type { ReceivedMail, TestSmtpServer } from "#tests/helpers/smtp-server.ts";
import { requestAs, type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { allowConsoleError } from "#tests/setup/setup-test-env.ts";

// Double opt-in through HTTP, against a real SMTP server on loopback
// (docs/decisions/027-double-opt-in-and-unsubscribe.md).

let lastAddress = 0;
/** A client address of its own, so the newsletter's rate limit never counts across tests. */
function nextClientAddress(): string {
  lastAddress += 1;
  return `10.1.${lastAddress >> 8}.${lastAddress & 255}`;
}

/** The confirmation link in a mail's text part. */
function linkIn(text: string | undefined): string {
  const link = /https?:\/\/\S+\/subscribe\/confirm\/[A-Za-z0-9._-]+/.exec(text ?? "")?.[0];
  expect(link, text).toBeDefined();
  return link as string;
}

const recipients = (mails: ReceivedMail[]) => mails.flatMap((mail) => mail.to);

describeEachDatabase("double opt-in", (kind) => {
  let mailing: MailingTestServer;
  let smtp: TestSmtpServer;
  let server: TestServer;
  let admin: SignedIn;
  /** Set by a test to make the SMTP server refuse messages to these addresses. */
  let refuse: Map<string, number>;
  beforeAll(async () => {
    refuse = new Map();
    mailing = await startMailingTestServer(kind, {
      smtp: {
        answer: ({ to }) => {
          const code = to.map((address) => refuse.get(address)).find(Boolean);
          return code ? { code, message: "Mailbox busy, try later" } : undefined;
        },
      },
      env: { TRUST_PROXY: "1" },
    });
    ({ smtp, server } = mailing);
    admin = await signInAs(server, "admin");
  });
  afterAll(() => mailing?.close());
  const db = () => server.db.handle.db;
  const sender = () => server.context.confirmations;

  beforeEach(async () => {
    await db().deleteFrom("subscribers").execute();
    smtp.received.length = 0;
    refuse.clear();
  });
  afterEach(() => sender().idle());

  const subscribe = (email: unknown) =>
    server.postJson(
      "/api/newsletter/subscribe",
      { email },
      {
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": nextClientAddress(),
          origin: server.url,
        },
      },
    );
  const row = (email: string) =>
    db()
      .selectFrom("subscribers")
      .select(["id", "status", "confirmedAt", "confirmationSentAt"])
      .where("email", "=", email)
      .executeTakeFirst();
  const pageOf = async (status: string) => {
    const response = await requestAs(server, admin, `/api/subscribers?status=${status}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as Paged<Subscriber>).items;
  };

  it("stores a new address pending, mails a link, and the link makes it active", async () => {
    const response = await subscribe("New.Reader@Example.com");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: SUBSCRIBE_ANSWERS.confirm });
    expect(await row("new.reader@example.com")).toMatchObject({
      status: "pending",
      confirmedAt: null,
    });

    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toEqual(["new.reader@example.com"]);
    expect(mail?.parsed.subject).toMatch(/confirm your subscription/i);
    const link = linkIn(mail?.parsed.text);
    expect(String(mail?.parsed.html)).toContain(`href="${link}"`);
    expect(link.startsWith(`${server.config.siteUrl}/subscribe/confirm/`)).toBe(true);
    expect((await row("new.reader@example.com"))?.confirmationSentAt).not.toBeNull();
    expect((await pageOf("pending")).map((s) => s.email)).toEqual(["new.reader@example.com"]);

    // The page's button posts back to the link, with no session and no Origin.
    const path = new URL(link).pathname;
    const confirm = await server.request(path, { method: "POST", redirect: "manual" });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get("location")).toBe(`${path}?confirmed=1`);
    const confirmed = await row("new.reader@example.com");
    expect(confirmed?.status).toBe("active");
    expect(Date.parse(confirmed?.confirmedAt ?? "")).toBeGreaterThan(Date.now() - 60_000);

    const [listed] = await pageOf("active");
    expect(listed).toMatchObject({ email: "new.reader@example.com", status: "active" });
    expect(await pageOf("pending")).toEqual([]);

    // Pressed again (or a second tab), it only says the address is confirmed.
    const again = await server.request(path, { method: "POST", redirect: "manual" });
    expect(again.headers.get("location")).toBe(path);
  });

  it("answers exactly the same for a new, a pending and an active address", async () => {
    await createSubscriber(db(), { email: "active@example.com" });
    await createSubscriber(db(), { email: "pending@example.com", status: "pending" });
    const answers = [];
    for (const email of ["new@example.com", "pending@example.com", "active@example.com"]) {
      const response = await subscribe(email);
      answers.push({
        status: response.status,
        type: response.headers.get("content-type"),
        body: await response.text(),
      });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(JSON.parse(answers[0]?.body ?? "")).toEqual({ message: SUBSCRIBE_ANSWERS.confirm });
  });

  it("mails an active address nothing, and a pending one at most once in 10 minutes", async () => {
    await createSubscriber(db(), { email: "active@example.com" });
    await subscribe("active@example.com");
    await subscribe("twice@example.com");
    await subscribe("twice@example.com");
    await subscribe("last@example.com");
    // One worker sends the queue in order: once the last address's mail is in, the requests
    // before it have been dealt with.
    await smtp.waitFor(2);
    await sender().idle();
    expect(recipients(smtp.received)).toEqual(["twice@example.com", "last@example.com"]);
  });

  it("re-sends to a pending address once its last mail is 10 minutes old", async () => {
    const tenMinutesAgo = new Date(Date.now() - 10 * 60 * 1000 - 1000).toISOString();
    await createSubscriber(db(), {
      email: "waiting@example.com",
      status: "pending",
      confirmationSentAt: tenMinutesAgo,
    });
    await subscribe("waiting@example.com");
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toEqual(["waiting@example.com"]);
    expect((await row("waiting@example.com"))?.confirmationSentAt).not.toBe(tenMinutesAgo);
  });

  it("logs a mail the server refuses, answers the same, and lets the next request retry", async () => {
    refuse.set("busy@example.com", 451);
    allowConsoleError(1);
    const response = await subscribe("busy@example.com");
    expect(await response.json()).toEqual({ message: SUBSCRIBE_ANSWERS.confirm });
    await sender().idle();
    expect(smtp.received).toEqual([]);
    expect((await row("busy@example.com"))?.confirmationSentAt).toBeNull();

    refuse.clear();
    await subscribe("busy@example.com");
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toEqual(["busy@example.com"]);
  });

  it("refuses an address with a line break, and sends exactly the address it was given", async () => {
    for (const email of [
      "victim@example.com\r\nBcc: attacker@example.com",
      "victim@example.com\nSubject: hi",
      "victim@example.com, attacker@example.com",
      "Victim <victim@example.com>",
    ]) {
      await readError(await subscribe(email), 400);
    }
    await subscribe("o'brien+news@example.com");
    const [mail] = await smtp.waitFor(1);
    await sender().idle();
    expect(smtp.received).toHaveLength(1);
    expect(mail?.to).toEqual(["o'brien+news@example.com"]);
    const head = (mail?.raw ?? "").split(/\r?\n\r?\n/)[0] ?? "";
    expect(head.match(/^To: .*$/gim)).toEqual(["To: o'brien+news@example.com"]);
    expect(head).not.toMatch(/^(Bcc|Cc):/im);
    expect(await row("victim@example.com")).toBeUndefined();
  });

  describe("POST /subscribe/confirm/:token", () => {
    it("leaves the address pending for a link that has expired or is not signed", async () => {
      const pending = await createSubscriber(db(), { status: "pending" });
      const site = { siteUrl: server.config.siteUrl, secret: server.config.sessionSecret };
      const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
      const expired = new URL(confirmationUrl(site, pending.id, eightDaysAgo)).pathname;
      const forged = new URL(
        confirmationUrl({ ...site, secret: "another-secret-of-at-least-32-chars!" }, pending.id),
      ).pathname;
      for (const path of [expired, forged, "/subscribe/confirm/nonsense"]) {
        const response = await server.request(path, { method: "POST", redirect: "manual" });
        expect(response.status, path).toBe(303);
        expect(response.headers.get("location"), path).toBe(path);
      }
      expect((await row(pending.email))?.status).toBe("pending");
    });
  });
});

describeEachDatabase("single opt-in (NEWSLETTER_DOUBLE_OPT_IN=0)", (kind) => {
  let mailing: MailingTestServer;
  let smtp: TestSmtpServer;
  let server: TestServer;
  beforeAll(async () => {
    mailing = await startMailingTestServer(kind, { env: { NEWSLETTER_DOUBLE_OPT_IN: "0" } });
    ({ smtp, server } = mailing);
  });
  afterAll(() => mailing?.close());

  it("lists the address as active at once and mails nothing", async () => {
    const response = await server.postJson("/api/newsletter/subscribe", {
      email: "at-once@example.com",
    });
    expect(await response.json()).toEqual({ message: SUBSCRIBE_ANSWERS.subscribed });
    const row = await server.db.handle.db
      .selectFrom("subscribers")
      .select(["status", "confirmedAt"])
      .where("email", "=", "at-once@example.com")
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("active");
    expect(row.confirmedAt).not.toBeNull();
    await server.context.confirmations.idle();
    expect(smtp.received).toEqual([]);
  });
});
