import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Paged } from "#common/types/post-list.ts";
import type { Subscriber, SubscriberCounts } from "#common/types/subscriber.ts";
import { presentSubscriber } from "#server/presenters/subscriber.server.ts";
import { createSubscriber } from "#tests/factories/subscriber.ts";
import { readError } from "#tests/helpers/http.ts";
import { requestAs, type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

const DAY = 24 * 60 * 60 * 1000;

describeEachDatabase("subscribers API, paged", (kind) => {
  let server: TestServer;
  let employee: SignedIn;
  /** 30 subscribers, one a day, newest first. */
  let newestFirst: Subscriber[] = [];
  const now = Date.now();

  beforeAll(async () => {
    server = await startTestServer(kind);
    employee = await signInAs(server, "employee");
    const db = server.db.handle.db;
    await db.deleteFrom("subscribers").execute();
    const rows: Subscriber[] = [];
    for (let i = 0; i < 30; i += 1) {
      // Addresses in an order unlike the dates': 'reader-07@…' joined before 'reader-08@…', and
      // every third one on another domain.
      const domain = i % 3 === 0 ? "Mail.Example.ORG" : "example.com";
      const row = await createSubscriber(db, {
        email: `reader-${String((i * 7) % 30).padStart(2, "0")}@${domain}`,
        createdAt: new Date(now - (30 - i) * DAY + DAY / 2).toISOString(),
      });
      rows.push(presentSubscriber(row));
    }
    newestFirst = rows.reverse();
  });
  afterAll(() => server?.close());

  async function getPage(query: string): Promise<Paged<Subscriber>> {
    const response = await requestAs(server, employee, `/api/subscribers?${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as Paged<Subscriber>;
  }

  describe("GET /api/subscribers?page=", () => {
    it("answers 25 to a page, newest first, with the totals", async () => {
      const first = await getPage("page=1");
      expect(first).toMatchObject({ page: 1, pageSize: 25, total: 30, totalPages: 2 });
      expect(first.items).toEqual(newestFirst.slice(0, 25));
      const second = await getPage("page=2");
      expect(second.items).toEqual(newestFirst.slice(25));
      expect((await getPage("page=3")).items).toEqual([]);
    });

    it("pages with limit, and any list parameter alone asks for the paged form", async () => {
      const page = await getPage("limit=4&page=3");
      expect(page).toMatchObject({ page: 3, pageSize: 4, total: 30, totalPages: 8 });
      expect(page.items).toEqual(newestFirst.slice(8, 12));
      expect((await getPage("sort=createdAt")).items).toEqual(
        [...newestFirst].reverse().slice(0, 25),
      );
    });

    it("sorts by address both ways, character by character", async () => {
      const byEmail = [...newestFirst].sort((a, b) => (a.email < b.email ? -1 : 1));
      expect((await getPage("sort=email&limit=100")).items).toEqual(byEmail);
      expect((await getPage("sort=-email&limit=100")).items).toEqual([...byEmail].reverse());
    });

    it("searches the address for what it contains, ignoring case, and counts the matches", async () => {
      const page = await getPage("q=%20MAIL.example%20&limit=5");
      const matching = newestFirst.filter((s) => s.email.toLowerCase().includes("mail.example"));
      expect(matching).toHaveLength(10);
      expect(page).toMatchObject({ total: 10, totalPages: 2 });
      expect(page.items).toEqual(matching.slice(0, 5));
      // % and _ are taken literally.
      expect((await getPage("q=reader_0")).total).toBe(0);
      expect((await getPage("q=%25")).total).toBe(0);
    });

    it("refuses a bad page, limit or sort with a message naming what it takes", async () => {
      const cases: [string, string][] = [
        ["page=0", "page must be a whole number from 1 to 100000."],
        ["page=two", "page must be a whole number from 1 to 100000."],
        ["limit=0", "limit must be a whole number from 1 to 100."],
        ["limit=101", "limit must be a whole number from 1 to 100."],
        ["limit=-5", "limit must be a whole number from 1 to 100."],
        ["sort=newest", "sort must be one of: -createdAt, createdAt, email, -email."],
        [`q=${"a".repeat(201)}`, "q must be at most 200 characters."],
      ];
      for (const [query, message] of cases) {
        const response = await requestAs(server, employee, `/api/subscribers?${query}`);
        expect((await readError(response, 400)).message, query).toBe(message);
      }
    });

    it("keeps answering the whole list, newest first, without list parameters", async () => {
      const response = await requestAs(server, employee, "/api/subscribers");
      expect(await response.json()).toEqual(newestFirst);
    });

    it("answers 401 signed out and 403 without staff access", async () => {
      await readError(await server.request("/api/subscribers?page=1"), 401);
      const outsider = await signInAs(server, "no-access");
      await readError(await requestAs(server, outsider, "/api/subscribers?page=1"), 403);
    });
  });

  describe("GET /api/subscribers/stats", () => {
    async function stats(query = ""): Promise<SubscriberCounts> {
      const response = await requestAs(server, employee, `/api/subscribers/stats${query}`);
      expect(response.status, await response.clone().text()).toBe(200);
      return (await response.json()) as SubscriberCounts;
    }

    it("counts everyone, those since the month's start it is given, and the last 7 days", async () => {
      // Joined 29.5 days ago down to half a day ago: the last 7 days hold 7 of them.
      const monthStart = new Date(now - 10 * DAY).toISOString();
      expect(await stats(`?monthStart=${encodeURIComponent(monthStart)}`)).toEqual({
        total: 30,
        thisMonth: 10,
        thisWeek: 7,
      });
      const withOffset = "2000-01-01T00:00:00+01:00";
      expect((await stats(`?monthStart=${encodeURIComponent(withOffset)}`)).thisMonth).toBe(30);
    });

    it("counts from the start of the UTC month when no month start is given", async () => {
      const today = new Date();
      const utcMonthStart = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1);
      const expected = newestFirst.filter((s) => Date.parse(s.createdAt) >= utcMonthStart);
      expect((await stats()).thisMonth).toBe(expected.length);
    });

    it("refuses a month start that is not an instant, and callers without access", async () => {
      const response = await requestAs(server, employee, "/api/subscribers/stats?monthStart=March");
      expect((await readError(response, 400)).message).toBe(
        "monthStart must be an ISO date and time with a zone, such as 2025-03-01T00:00:00+01:00.",
      );
      await readError(await server.request("/api/subscribers/stats"), 401);
    });
  });
});
