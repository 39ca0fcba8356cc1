import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { NEWSLETTER_RATE_LIMIT } from "#common/constants.ts";
import { SUBSCRIBE_ANSWERS } from "#common/schemas/subscriber.ts";
import { CLIENT_ADDRESS_HEADER } from "#server/auth/auth.server.ts";
import { serverContext } from "#server/context.server.ts";
import { NEWSLETTER_LIMIT_MESSAGE } from "#server/services/newsletter-signup.server.ts";
import {
  type MailingTestServer,
  startMailingTestServer,
} from "#tests/helpers/mailing-test-server.ts";
import type { TestSmtpServer } from "#tests/helpers/smtp-server.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { action } from "./subscribe.tsx";

// The newsletter form sent without JavaScript (docs/product/mail.md#newsletter-form): the page's
// action against a real server's context, next to `POST /api/newsletter/subscribe` on the same
// server, whose rules, answers and per-client limit it shares.

let lastAddress = 0;
/** A client address of its own, so one test's calls never use up another's limit. */
function nextClientAddress(): string {
  lastAddress += 1;
  return `10.9.${lastAddress >> 8}.${lastAddress & 255}`;
}

describeEachDatabase("POST /subscribe (the newsletter form without JavaScript)", (kind) => {
  let mailing: MailingTestServer;
  let smtp: TestSmtpServer;
  let server: TestServer;
  beforeAll(async () => {
    mailing = await startMailingTestServer(kind, { env: { TRUST_PROXY: "1" } });
    ({ smtp, server } = mailing);
  });
  afterAll(() => mailing?.close());
  afterEach(() => server.context.confirmations.idle());
  const db = () => server.db.handle.db;

  /** The form as a browser sends it from the site's own page, from `client`. */
  async function sendForm(fields: { email?: string }, client = nextClientAddress()) {
    const context = new RouterContextProvider();
    context.set(serverContext, server.context);
    const request = new Request(`${server.config.siteUrl}/subscribe`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: server.config.siteUrl,
        // Set by the server from the connection (or a trusted proxy) on every request.
        [CLIENT_ADDRESS_HEADER]: client,
      },
      body: new URLSearchParams(fields),
    });
    const result = await action({ request, context, params: {} } as never);
    const headers = new Headers(result.init?.headers);
    return { status: result.init?.status ?? 200, headers, ...result.data };
  }

  /** The API's answer to the same address, from a client of its own. */
  async function apiAnswer(email: unknown) {
    const response = await server.postJson(
      "/api/newsletter/subscribe",
      { email },
      { headers: { "content-type": "application/json", "x-forwarded-for": nextClientAddress() } },
    );
    return { status: response.status, body: (await response.json()) as { message: string } };
  }

  const statusOf = async (email: string) =>
    (
      await db()
        .selectFrom("subscribers")
        .select("status")
        .where("email", "=", email)
        .executeTakeFirst()
    )?.status;

  it("stores the address as Pending, mails its confirmation and answers as the API does", async () => {
    const answer = await sendForm({ email: "  No.Script@Example.com " });
    expect(answer).toMatchObject({ status: 200, done: true, message: SUBSCRIBE_ANSWERS.confirm });
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(await statusOf("no.script@example.com")).toBe("pending");
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toEqual(["no.script@example.com"]);
    expect(mail?.parsed.subject).toMatch(/confirm your subscription/i);
    expect((await apiAnswer("with.script@example.com")).body.message).toBe(answer.message);
  });

  it("refuses an invalid or missing address with the API's 400 message, keeping what was typed", async () => {
    const cases: { email?: string }[] = [{ email: "not-an-address" }, { email: "" }, {}];
    for (const fields of cases) {
      const answer = await sendForm(fields);
      const api = await apiAnswer(fields.email);
      expect(api.status).toBe(400);
      expect(answer).toMatchObject({
        status: 400,
        done: false,
        message: api.body.message,
        email: fields.email ?? "",
      });
    }
    expect(await statusOf("not-an-address")).toBeUndefined();
  });

  describe("the per-client limit", () => {
    const { limit } = NEWSLETTER_RATE_LIMIT;

    it(`answers 429 with the API's message after ${limit} requests, whichever way they came`, async () => {
      const client = nextClientAddress();
      for (let i = 0; i < limit; i++) {
        const email = `limit-${i}@example.com`;
        if (i % 2 === 0) {
          expect((await sendForm({ email }, client)).status, `request ${i + 1}`).toBe(200);
        } else {
          const response = await server.postJson(
            "/api/newsletter/subscribe",
            { email },
            { headers: { "content-type": "application/json", "x-forwarded-for": client } },
          );
          expect(response.status, `request ${i + 1}`).toBe(200);
        }
      }
      const refused = await sendForm({ email: "one-more@example.com" }, client);
      expect(refused).toMatchObject({
        status: 429,
        done: false,
        message: NEWSLETTER_LIMIT_MESSAGE,
        email: "one-more@example.com",
      });
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await statusOf("one-more@example.com")).toBeUndefined();
      // The API counts the page's requests too.
      const api = await server.postJson(
        "/api/newsletter/subscribe",
        { email: "api-after@example.com" },
        { headers: { "content-type": "application/json", "x-forwarded-for": client } },
      );
      expect(api.status).toBe(429);
      expect(((await api.json()) as { message: string }).message).toBe(NEWSLETTER_LIMIT_MESSAGE);
      // Another client is still served.
      expect((await sendForm({ email: "other-client@example.com" })).status).toBe(200);
    });
  });
});
