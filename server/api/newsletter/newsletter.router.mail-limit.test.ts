import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { SUBSCRIBE_ANSWERS } from "#common/schemas/subscriber.ts";
import { keepSubscribers } from "#server/jobs/subscriber-upkeep.server.ts";
import { startTestSmtpServer, type TestSmtpServer } from "#tests/helpers/smtp-server.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

// Mail-bombing through the newsletter form: subscribe, unsubscribe, subscribe again made a new
// row each time, and each new row was mailed at once. The limit is per recipient and outlives
// the rows: one confirmation mail per 10 minutes, 3 in 24 hours
// (docs/decisions/027-double-opt-in-and-unsubscribe.md).

const MINUTE = 60 * 1000;
const VICTIM = "victim@example.com";

let lastAddress = 0;
/** A client address of its own, so the form's limit per client never stops a test's calls. */
function nextClientAddress(): string {
  lastAddress += 1;
  return `10.7.${lastAddress >> 8}.${lastAddress & 255}`;
}

describeEachDatabase("confirmation mails per recipient", (kind) => {
  let smtp: TestSmtpServer;
  let server: TestServer;
  /** How far the clock of the confirmation limits is ahead of the real one. */
  let ahead = 0;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    server = await startTestServer(
      kind,
      { SMTP_URL: smtp.url, TRUST_PROXY: "1" },
      { confirmationClock: () => Date.now() + ahead },
    );
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });
  beforeEach(() => {
    ahead = 0;
  });
  const db = () => server.db.handle.db;
  const sender = () => server.context.confirmations;

  const call = async (action: "subscribe" | "unsubscribe", email: string, client: string) => {
    const response = await server.postJson(
      `/api/newsletter/${action}`,
      { email },
      {
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": client,
          origin: server.url,
        },
      },
    );
    expect(response.status).toBe(200);
    return (await response.json()) as { message: string };
  };

  /** Three clients each subscribe the address, unsubscribe it and subscribe it again. */
  async function cycles(email = VICTIM) {
    const answers: string[] = [];
    for (let client = 0; client < 3; client += 1) {
      const from = nextClientAddress();
      answers.push((await call("subscribe", email, from)).message);
      await sender().idle();
      await call("unsubscribe", email, from);
      answers.push((await call("subscribe", email, from)).message);
      await sender().idle();
    }
    // The answer never tells whether a mail went out.
    expect(new Set(answers)).toEqual(new Set([SUBSCRIBE_ANSWERS.confirm]));
  }
  const mailsTo = () => smtp.received.filter((mail) => mail.to.includes(VICTIM)).length;

  it("sends at most one a 10 minutes and 3 a day, however often the address re-subscribes", async () => {
    await cycles();
    expect(mailsTo()).toBe(1);
    // The last sign-up is kept, pending, its mail held back.
    const row = await db()
      .selectFrom("subscribers")
      .select(["status", "confirmationSentAt"])
      .where("email", "=", VICTIM)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "pending", confirmationSentAt: null });

    ahead = 9 * MINUTE;
    await cycles();
    expect(mailsTo()).toBe(1);
    ahead = 11 * MINUTE;
    await cycles();
    expect(mailsTo()).toBe(2);
    ahead = 22 * MINUTE;
    await cycles();
    expect(mailsTo()).toBe(3);

    // The day's 3 are gone: nothing more, neither from the form, nor with a +tag, nor from the
    // upkeep job that mails pending addresses never mailed.
    ahead = 60 * MINUTE;
    await cycles();
    await cycles("victim+again@example.com");
    await keepSubscribers(db(), sender(), new Date(Date.now() + ahead));
    await sender().idle();
    expect(smtp.received).toHaveLength(3);

    // A day after the first mail, the next one may go.
    ahead = 24 * 60 * MINUTE + MINUTE;
    await cycles();
    expect(mailsTo()).toBe(4);

    // The limit keeps no address.
    const limits = await db().selectFrom("confirmation_mail_limits").selectAll().execute();
    expect(limits).toHaveLength(1);
    expect(JSON.stringify(limits)).not.toMatch(/victim|example/i);
  });
});
