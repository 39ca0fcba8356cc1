import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NEWSLETTER_RATE_LIMIT } from "#common/constants.ts";
import { BODY_LIMITS } from "#server/http/body-limits.server.ts";
import { readError } from "#tests/helpers/http.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, startTestServerOn, type TestServer } from "#tests/helpers/test-server.ts";

const SUBSCRIBED = { message: "You've been successfully subscribed to our newsletter." };
const UNSUBSCRIBED = { message: "You have been unsubscribed from our newsletter." };
const INVALID = "Please enter a valid email address.";
const TOO_MANY =
  "Too many newsletter requests from your address. Please try again in a few minutes.";

let lastAddress = 0;
/** A client address of its own, so calls in one test do not use up another test's limit. */
function nextClientAddress(): string {
  lastAddress += 1;
  return `10.0.${lastAddress >> 8}.${lastAddress & 255}`;
}

describeEachDatabase("newsletter API", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    // One proxy hop is trusted, so each call can bring its own client address (X-Forwarded-For).
    // Single opt-in: an address is on the list at once (double opt-in has its own tests,
    // newsletter.router.opt-in.test.ts).
    server = await startTestServer(kind, { TRUST_PROXY: "1", NEWSLETTER_DOUBLE_OPT_IN: "0" });
  });
  afterAll(() => server.close());
  const db = () => server.db.handle.db;

  /** POSTs JSON from a fresh client address. */
  const post = (path: string, body: unknown, init: RequestInit = {}) =>
    server.postJson(path, body, {
      ...init,
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": nextClientAddress(),
        ...init.headers,
      },
    });

  const subscribers = () =>
    db().selectFrom("subscribers").select(["id", "email", "createdAt"]).execute();
  const subscriberEmails = async () => (await subscribers()).map((s) => s.email);

  describe("POST /api/newsletter/subscribe", () => {
    it("stores the address trimmed and lower-cased", async () => {
      const response = await post("/api/newsletter/subscribe", { email: "  Reader@Example.COM " });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(SUBSCRIBED);
      const row = (await subscribers()).find((s) => s.email === "reader@example.com");
      expect(row).toBeDefined();
      expect(Number.isNaN(Date.parse(row?.createdAt ?? ""))).toBe(false);
    });

    it("keeps one row and answers the same when the address subscribes again", async () => {
      await post("/api/newsletter/subscribe", { email: "twice@example.com" });
      const [first] = (await subscribers()).filter((s) => s.email === "twice@example.com");

      for (const email of ["twice@example.com", " TWICE@example.com", "Twice@Example.Com  "]) {
        const response = await post("/api/newsletter/subscribe", { email });
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual(SUBSCRIBED);
      }
      const rows = (await subscribers()).filter((s) => s.email === "twice@example.com");
      expect(rows).toEqual([first]);
    });

    it("answers 400 with errors.email for an invalid address and stores nothing", async () => {
      const before = await subscriberEmails();
      const invalid: unknown[] = [
        "",
        "   ",
        "no-at-sign",
        "a@",
        "@b.c",
        "a b@c.d",
        "a@b",
        `${"a".repeat(288)}@example.com`,
        42,
        true,
        null,
        { address: "a@b.co" },
        ["a@b.co"],
      ];
      for (const email of invalid) {
        const body = await readError(await post("/api/newsletter/subscribe", { email }), 400);
        expect(body, JSON.stringify(email)).toEqual({
          message: INVALID,
          errors: { email: INVALID },
        });
      }
      const missing = await readError(await post("/api/newsletter/subscribe", {}), 400);
      expect(missing).toEqual({ message: INVALID, errors: { email: INVALID } });
      expect(await subscriberEmails()).toEqual(before);
    });

    it("answers 400 with field errors when the body is a list instead of an object", async () => {
      const body = await readError(await post("/api/newsletter/subscribe", ["a@b.co"]), 400);
      expect(body.errors).toBeDefined();
    });

    it("answers 400 for a body that is not valid JSON", async () => {
      const response = await post("/api/newsletter/subscribe", undefined, {
        body: '{"email": "a@b.co"',
      });
      expect(await readError(response, 400)).toEqual({
        message: "The request body is not valid JSON.",
      });
    });

    it(`answers 413 JSON for a body over ${BODY_LIMITS.newsletter} bytes`, async () => {
      const huge = { email: "big@example.com", padding: "x".repeat(BODY_LIMITS.newsletter) };
      const body = await readError(await post("/api/newsletter/subscribe", huge), 413);
      expect(body).toEqual({ message: "The request body is too large." });
      expect(await subscriberEmails()).not.toContain("big@example.com");
    });

    it("answers 400 (address missing), not 500, for a text/plain body", async () => {
      const response = await post("/api/newsletter/subscribe", undefined, {
        headers: { "content-type": "text/plain" },
        body: JSON.stringify({ email: "plain@example.com" }),
      });
      expect(await readError(response, 400)).toEqual({
        message: INVALID,
        errors: { email: INVALID },
      });
      expect(await subscriberEmails()).not.toContain("plain@example.com");
    });

    it("answers 415 for a JSON body in a charset it cannot read", async () => {
      const response = await post("/api/newsletter/subscribe", undefined, {
        headers: { "content-type": "application/json; charset=latin1" },
        body: JSON.stringify({ email: "latin@example.com" }),
      });
      await readError(response, 415);
    });

    it("never lets a shared cache keep the answer", async () => {
      const response = await post("/api/newsletter/subscribe", { email: "cache@example.com" });
      expect(response.headers.get("cache-control")).toBe("no-store");
      const refused = await post("/api/newsletter/subscribe", undefined, { body: "{" });
      expect(refused.status).toBe(400);
      expect(refused.headers.get("cache-control")).toBe("no-store");
    });
  });

  describe("POST /api/newsletter/unsubscribe", () => {
    it("removes a subscribed address, whatever its case and spacing", async () => {
      await post("/api/newsletter/subscribe", { email: "leaving@example.com" });
      const response = await post("/api/newsletter/unsubscribe", {
        email: " Leaving@EXAMPLE.com ",
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(UNSUBSCRIBED);
      expect(await subscriberEmails()).not.toContain("leaving@example.com");
    });

    it("answers exactly the same whether or not the address was subscribed", async () => {
      await post("/api/newsletter/subscribe", { email: "known@example.com" });
      const known = await post("/api/newsletter/unsubscribe", { email: "known@example.com" });
      const unknown = await post("/api/newsletter/unsubscribe", { email: "stranger@example.com" });
      expect(known.status).toBe(unknown.status);
      expect(await known.text()).toBe(await unknown.text());
      expect(known.headers.get("content-type")).toBe(unknown.headers.get("content-type"));
    });

    it("leaves other subscribers alone", async () => {
      await post("/api/newsletter/subscribe", { email: "stays@example.com" });
      await post("/api/newsletter/unsubscribe", { email: "goes@example.com" });
      expect(await subscriberEmails()).toContain("stays@example.com");
    });

    it("answers 400 with errors.email for an invalid address", async () => {
      for (const body of [{ email: "nope" }, {}, { email: 1 }]) {
        const error = await readError(await post("/api/newsletter/unsubscribe", body), 400);
        expect(error).toEqual({ message: INVALID, errors: { email: INVALID } });
      }
    });
  });

  describe("newsletter rate limit", () => {
    const { limit } = NEWSLETTER_RATE_LIMIT;

    // These calls come straight from 127.0.0.1 (no X-Forwarded-For); start each test afresh.
    beforeEach(async () => {
      await db().deleteFrom("rate_limits").where("key", "like", "%127.0.0.1").execute();
    });

    /** A call from this machine's own address, on `target`. */
    const callFrom = (target: TestServer, i: number) =>
      target.postJson(i % 2 === 0 ? "/api/newsletter/subscribe" : "/api/newsletter/unsubscribe", {
        email: `limit-${i}@example.com`,
      });

    it(`answers 429 JSON after ${limit} calls from one address, with RateLimit headers`, async () => {
      for (let i = 0; i < limit; i++) {
        const response = await callFrom(server, i);
        expect(response.status, `call ${i + 1}`).toBe(200);
        expect(response.headers.get("ratelimit")).toMatch(/r=\d+/);
        expect(response.headers.get("ratelimit-policy")).toMatch(new RegExp(`q=${limit}`));
      }
      const refused = await callFrom(server, limit);
      expect(await readError(refused, 429)).toEqual({ message: TOO_MANY });
      expect(refused.headers.get("ratelimit")).toMatch(/r=0/);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await subscriberEmails()).not.toContain(`limit-${limit}@example.com`);
    });

    it("still serves other addresses while one is refused", async () => {
      for (let i = 0; i <= limit; i++) await callFrom(server, i);
      expect((await callFrom(server, 0)).status).toBe(429);
      const other = await post("/api/newsletter/subscribe", { email: "other@example.com" });
      expect(other.status).toBe(200);
    });

    it("keeps the count in the database, so another server on it refuses too", async () => {
      const second = await startTestServerOn(server.db);
      try {
        for (let i = 0; i < limit; i++) {
          const target = i % 2 === 0 ? server : second;
          expect((await callFrom(target, i)).status, `call ${i + 1}`).toBe(200);
        }
        await readError(await callFrom(second, limit), 429);
        await readError(await callFrom(server, limit), 429);
        const counters = await db()
          .selectFrom("rate_limits")
          .select(["key", "hits"])
          .where("key", "like", "newsletter:%127.0.0.1")
          .execute();
        expect(counters).toEqual([{ key: expect.stringMatching(/^newsletter:/), hits: limit + 2 }]);
      } finally {
        await second.close();
      }
    });

    it("starts a new window once the old one is over", async () => {
      for (let i = 0; i <= limit; i++) await callFrom(server, i);
      expect((await callFrom(server, 0)).status).toBe(429);
      await db()
        .updateTable("rate_limits")
        .set({ resetAt: new Date(Date.now() - 1000).toISOString() })
        .where("key", "like", "newsletter:%127.0.0.1")
        .execute();
      expect((await callFrom(server, 0)).status).toBe(200);
      const counter = await db()
        .selectFrom("rate_limits")
        .select(["hits", "resetAt"])
        .where("key", "like", "newsletter:%127.0.0.1")
        .executeTakeFirstOrThrow();
      expect(counter.hits).toBe(1);
      expect(Date.parse(counter.resetAt)).toBeGreaterThan(Date.now());
    });
  });
});
