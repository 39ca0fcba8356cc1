import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Subscriber } from "#common/types/subscriber.ts";
import { presentSubscriber } from "#server/presenters/subscriber.server.ts";
import { createSubscriber } from "#tests/factories/subscriber.ts";
import { readError } from "#tests/helpers/http.ts";
import { requestAs, type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

const NOT_ON_LIST = "That subscriber is not on the mailing list.";

/** Today's UTC date, for the export's file name. */
const today = () => new Date().toISOString().slice(0, 10);

describeEachDatabase("subscribers API", (kind) => {
  let server: TestServer;
  let employee: SignedIn;
  beforeAll(async () => {
    server = await startTestServer(kind);
    employee = await signInAs(server, "employee");
  });
  afterAll(() => server?.close());
  const db = () => server.db.handle.db;

  // Each test starts from an empty list, so it can state the whole list it expects.
  beforeEach(async () => {
    await db().deleteFrom("subscribers").execute();
  });

  async function list(): Promise<Subscriber[]> {
    const response = await requestAs(server, employee, "/api/subscribers");
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    return (await response.json()) as Subscriber[];
  }

  async function exportCsv() {
    const response = await requestAs(server, employee, "/api/subscribers/export");
    expect(response.status, await response.clone().text()).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { response, bytes, text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  }

  describe("GET /api/subscribers", () => {
    it("answers an empty list when nobody has subscribed", async () => {
      expect(await list()).toEqual([]);
    });

    it("lists id, email and createdAt, newest first, the higher id first on a tie", async () => {
      const tie = "2025-02-10T09:00:00.000Z";
      const oldest = await createSubscriber(db(), { createdAt: "2024-05-01T12:00:00.000Z" });
      const tieLow = await createSubscriber(db(), {
        id: "00000000-0000-4000-8000-000000000001",
        createdAt: tie,
      });
      const newest = await createSubscriber(db(), { createdAt: "2025-03-01T08:30:00.000Z" });
      const tieHigh = await createSubscriber(db(), {
        id: "ffffffff-ffff-4fff-bfff-ffffffffffff",
        createdAt: tie,
      });

      expect(await list()).toEqual([newest, tieHigh, tieLow, oldest].map(presentSubscriber));
    });

    it("includes an address that just subscribed through the newsletter form", async () => {
      const response = await server.postJson("/api/newsletter/subscribe", {
        email: "Fresh.Reader@Example.com",
      });
      expect(response.status).toBe(200);
      const [first] = await list();
      expect(first?.email).toBe("fresh.reader@example.com");
      expect(Date.now() - Date.parse(first?.createdAt ?? "")).toBeLessThan(60_000);
    });
  });

  describe("DELETE /api/subscribers/:id", () => {
    it("removes the subscriber and answers 204 with no body", async () => {
      const keep = await createSubscriber(db());
      const remove = await createSubscriber(db());
      const response = await requestAs(server, employee, `/api/subscribers/${remove.id}`, {
        method: "DELETE",
      });
      expect(response.status).toBe(204);
      expect(await response.text()).toBe("");
      expect((await list()).map((s) => s.id)).toEqual([keep.id]);
    });

    it("answers 404 with a message for an id that is not on the list", async () => {
      const gone = await createSubscriber(db());
      const first = await requestAs(server, employee, `/api/subscribers/${gone.id}`, {
        method: "DELETE",
      });
      expect(first.status).toBe(204);
      for (const id of [gone.id, crypto.randomUUID(), "not-an-id", "%00", "a%00b"]) {
        const response = await requestAs(server, employee, `/api/subscribers/${id}`, {
          method: "DELETE",
        });
        expect((await readError(response, 404)).message, id).toBe(NOT_ON_LIST);
      }
    });

    it("answers 401 when signed out and removes nothing", async () => {
      const target = await createSubscriber(db());
      const response = await server.request(`/api/subscribers/${target.id}`, {
        method: "DELETE",
        headers: { origin: server.url },
      });
      await readError(response, 401);
      expect((await list()).map((s) => s.id)).toEqual([target.id]);
    });
  });

  describe("GET /api/subscribers/export", () => {
    it("sends a UTF-8 CSV attachment named after today's date", async () => {
      const before = today();
      const { response, text } = await exportCsv();
      const after = today();
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      const disposition = response.headers.get("content-disposition");
      expect([
        `attachment; filename="mailing-list-${before}.csv"`,
        `attachment; filename="mailing-list-${after}.csv"`,
      ]).toContain(disposition);
      expect(disposition).toMatch(/^attachment; filename="mailing-list-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(text).toBe("Email,Subscribed Date\r\n");
    });

    it("writes one row per subscriber, newest first, with the subscribed date", async () => {
      await createSubscriber(db(), {
        email: "older@example.com",
        createdAt: "2024-11-20T23:59:59.000Z",
      });
      await createSubscriber(db(), {
        email: "newest@example.com",
        createdAt: "2025-03-05T00:00:01.000Z",
      });
      await createSubscriber(db(), {
        email: "middle@example.com",
        createdAt: "2025-01-31T12:00:00.000Z",
      });
      const { text } = await exportCsv();
      expect(text).toBe(
        "Email,Subscribed Date\r\n" +
          "newest@example.com,2025-03-05\r\n" +
          "middle@example.com,2025-01-31\r\n" +
          "older@example.com,2024-11-20\r\n",
      );
    });

    it("quotes commas, double quotes and line breaks as RFC 4180 asks", async () => {
      const date = "2025-01-01T10:00:00.000Z";
      // Newest first: each row one second older than the one before.
      const at = (i: number) => new Date(Date.parse(date) - i * 1000).toISOString();
      await createSubscriber(db(), { email: "comma,in@example.com", createdAt: at(0) });
      await createSubscriber(db(), { email: '"quoted"@example.com', createdAt: at(1) });
      await createSubscriber(db(), { email: "line\nfeed@example.com", createdAt: at(2) });
      await createSubscriber(db(), { email: "carriage\rreturn@example.com", createdAt: at(3) });
      const { text } = await exportCsv();
      expect(text).toBe(
        "Email,Subscribed Date\r\n" +
          '"comma,in@example.com",2025-01-01\r\n' +
          '"""quoted""@example.com",2025-01-01\r\n' +
          '"line\nfeed@example.com",2025-01-01\r\n' +
          '"carriage\rreturn@example.com",2025-01-01\r\n',
      );
    });

    it("puts a single quote before cells a spreadsheet would run as a formula", async () => {
      const base = Date.parse("2025-02-02T10:00:00.000Z");
      const emails = [
        '=HYPERLINK("https://evil.example")@example.com',
        "+1-555@example.com",
        "-2+3@example.com",
        "@SUM(A1)@example.com",
        "\t=1@example.com",
        "\r=1@example.com",
        "plain@example.com",
      ];
      for (const [i, email] of emails.entries()) {
        await createSubscriber(db(), { email, createdAt: new Date(base - i * 1000).toISOString() });
      }
      const { text } = await exportCsv();
      expect(text).toBe(
        "Email,Subscribed Date\r\n" +
          `"'=HYPERLINK(""https://evil.example"")@example.com",2025-02-02\r\n` +
          "'+1-555@example.com,2025-02-02\r\n" +
          "'-2+3@example.com,2025-02-02\r\n" +
          "'@SUM(A1)@example.com,2025-02-02\r\n" +
          "'\t=1@example.com,2025-02-02\r\n" +
          `"'\r=1@example.com",2025-02-02\r\n` +
          "plain@example.com,2025-02-02\r\n",
      );
    });

    // PostgreSQL cannot store NUL in text at all, so only a SQLite list can hold such an
    // address; the case exists for SQLite only.
    if (kind === "sqlite") {
      it("neutralises a cell that starts with NUL", async () => {
        await createSubscriber(db(), {
          email: "\0=1@example.com",
          createdAt: "2025-02-02T10:00:00.000Z",
        });
        const { text } = await exportCsv();
        expect(text).toBe("Email,Subscribed Date\r\n'\0=1@example.com,2025-02-02\r\n");
      });
    }

    it("keeps non-ASCII addresses as UTF-8", async () => {
      const base = Date.parse("2025-04-01T10:00:00.000Z");
      const emails = ["jürgen@münchen.example", "用户@例子.广告", "zoë😀@example.com"];
      for (const [i, email] of emails.entries()) {
        await createSubscriber(db(), { email, createdAt: new Date(base - i * 1000).toISOString() });
      }
      const { bytes, text } = await exportCsv();
      expect(text).toBe(
        "Email,Subscribed Date\r\n" +
          "jürgen@münchen.example,2025-04-01\r\n" +
          "用户@例子.广告,2025-04-01\r\n" +
          "zoë😀@example.com,2025-04-01\r\n",
      );
      // Raw UTF-8 bytes, no byte-order mark: the first line is exactly the header.
      expect(Array.from(bytes.slice(0, 5))).toEqual([...new TextEncoder().encode("Email")]);
      const umlaut = new TextEncoder().encode("ü");
      expect(umlaut).toEqual(new Uint8Array([0xc3, 0xbc]));
      expect(Buffer.from(bytes).includes(Buffer.from(umlaut))).toBe(true);
    });

    it("answers 401 JSON when signed out", async () => {
      await readError(await server.request("/api/subscribers/export"), 401);
    });
  });
});
