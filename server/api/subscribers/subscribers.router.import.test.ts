import { tmpdir } from "node:os";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { IMPORT_MESSAGES, MAX_IMPORT_BYTES } from "#common/subscriber-import.ts";
import type { ImportReport, SubscriberCounts } from "#common/types/subscriber.ts";
import { loadConfig } from "#server/config/env.server.ts";
import { createMailer, type Mailer } from "#server/mail/mailer.server.ts";
import { createSubscriber } from "#tests/factories/subscriber.ts";
import { readError } from "#tests/helpers/http.ts";
import {
  type MailingTestServer,
  startMailingTestServer,
} from "#tests/helpers/mailing-test-server.ts";
import type { TestSmtpServer } from "#tests/helpers/smtp-server.ts";
import { startTestSmtpServer } from "#tests/helpers/smtp-server.ts";
import { requestAs, type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

/**
 * Runs `work` while a heartbeat every 5 ms reads this thread's CPU time, and answers the most
 * CPU time spent between two beats: the longest the event loop was held up by work in this
 * process (the server runs in it). Unlike the wall-clock delay, it does not grow when a busy
 * machine leaves the process waiting for a core.
 */
async function longestBusyStretch<T>(work: () => Promise<T>) {
  let last = process.threadCpuUsage();
  let longestMs = 0;
  const beat = () => {
    const used = process.threadCpuUsage(last);
    longestMs = Math.max(longestMs, (used.user + used.system) / 1000);
    last = process.threadCpuUsage();
  };
  const heartbeat = setInterval(beat, 5);
  try {
    const result = await work();
    beat();
    return { result, longestMs };
  } finally {
    clearInterval(heartbeat);
  }
}

describeEachDatabase("POST /api/subscribers/import", (kind) => {
  let mailing: MailingTestServer;
  let smtp: TestSmtpServer;
  let server: TestServer;
  let admin: SignedIn;
  let employee: SignedIn;
  beforeAll(async () => {
    mailing = await startMailingTestServer(kind);
    ({ smtp, server } = mailing);
    admin = await signInAs(server, "admin");
    employee = await signInAs(server, "employee");
  });
  afterAll(() => mailing?.close());
  const db = () => server.db.handle.db;
  beforeEach(async () => {
    await db().deleteFrom("subscribers").execute();
    smtp.received.length = 0;
  });
  afterEach(() => server.context.confirmations.idle());

  const upload = (who: SignedIn, csv: string | Blob, consent?: string) => {
    const form = new FormData();
    if (consent !== undefined) form.append("consent", consent);
    form.append("file", csv instanceof Blob ? csv : new Blob([csv]), "list.csv");
    const headers: Record<string, string> = { origin: server.url };
    if (who.cookie) headers.cookie = who.cookie;
    return server.request("/api/subscribers/import", { method: "POST", headers, body: form });
  };
  const rows = () =>
    db()
      .selectFrom("subscribers")
      .select(["email", "status", "createdAt", "confirmedAt"])
      .orderBy("email")
      .execute();

  const OTHER_TOOL = [
    "Email Address,First Name,OPTIN_TIME",
    "  New.One@Example.com ,Ann,2024-02-03 10:11:12",
    "present@example.com,Bob,2023-01-01 00:00:00",
    "not-an-address,Cy,",
    ",Dee,",
    "new.one@example.com,Ann again,",
    '"quoted, two@example.com",Eve,',
    "two@example.com,Fay,2025-13-45",
    "",
  ].join("\r\n");

  it("with consent, adds new addresses as active and reports the rest with reasons", async () => {
    await createSubscriber(db(), { email: "present@example.com" });
    const response = await upload(admin, OTHER_TOOL, "true");
    expect(response.status, await response.clone().text()).toBe(200);
    const report = (await response.json()) as ImportReport;
    expect(report).toEqual({
      added: 2,
      alreadyPresent: 1,
      refused: [
        { row: 4, value: "not-an-address", reason: IMPORT_MESSAGES.invalid },
        { row: 5, value: "", reason: IMPORT_MESSAGES.empty },
        { row: 6, value: "new.one@example.com", reason: IMPORT_MESSAGES.repeated(2) },
        { row: 7, value: "quoted, two@example.com", reason: IMPORT_MESSAGES.invalid },
      ],
    } satisfies ImportReport);
    const stored = await rows();
    expect(stored.map((row) => [row.email, row.status])).toEqual([
      ["new.one@example.com", "active"],
      ["present@example.com", "active"],
      ["two@example.com", "active"],
    ]);
    // The file's date becomes the subscription date; an unreadable one is the import's time.
    expect(stored[0]?.createdAt).toBe("2024-02-03T10:11:12.000Z");
    expect(Date.parse(stored[2]?.createdAt ?? "")).toBeGreaterThan(Date.now() - 60_000);
    expect(stored[0]?.confirmedAt).not.toBeNull();
    await server.context.confirmations.idle();
    expect(smtp.received).toEqual([]);
  });

  it("takes a date before 1900 as unreadable, the same on both databases", async () => {
    const csv = [
      "Email,Subscribed Date",
      "year-zero@example.com,0000-01-01",
      "negative@example.com,-000001-06-01",
      "year-one@example.com,0001-01-01",
      "last-century@example.com,1899-12-31T23:59:59Z",
      "first-day@example.com,1900-01-01",
      "",
    ].join("\r\n");
    const before = Date.now();
    const response = await upload(admin, csv, "true");
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({ added: 5, alreadyPresent: 0, refused: [] });
    const stored = new Map((await rows()).map((row) => [row.email, row.createdAt]));
    expect(stored.get("first-day@example.com")).toBe("1900-01-01T00:00:00.000Z");
    for (const email of [
      "year-zero@example.com",
      "negative@example.com",
      "year-one@example.com",
      "last-century@example.com",
    ]) {
      // Unreadable: the import's time, as for any date the import cannot read.
      expect(Date.parse(stored.get(email) ?? ""), email).toBeGreaterThanOrEqual(before - 1000);
    }
  });

  it("without consent, adds them pending and mails each its confirmation", async () => {
    const csv =
      "Email,Subscribed Date\r\nfirst@example.com,2025-03-05\r\nsecond@example.com,2025-03-06\r\n";
    const response = await upload(admin, csv, "false");
    expect(await response.json()).toEqual({ added: 2, alreadyPresent: 0, refused: [] });
    const stored = await rows();
    expect(stored.map((row) => row.status)).toEqual(["pending", "pending"]);
    // Pending from the import, so the 30 days to confirm start now.
    expect(Date.parse(stored[0]?.createdAt ?? "")).toBeGreaterThan(Date.now() - 60_000);
    const mails = await smtp.waitFor(2);
    expect(mails.flatMap((mail) => mail.to).sort()).toEqual([
      "first@example.com",
      "second@example.com",
    ]);
    expect(mails[0]?.parsed.text).toMatch(/\/subscribe\/confirm\//);
  });

  it("reads the export's own file back: everyone already present", async () => {
    const a = await createSubscriber(db());
    const b = await createSubscriber(db());
    const exported = await requestAs(server, admin, "/api/subscribers/export");
    const response = await upload(admin, await exported.text(), "true");
    expect(await response.json()).toEqual({ added: 0, alreadyPresent: 2, refused: [] });
    expect((await rows()).map((row) => row.email).sort()).toEqual([a.email, b.email].sort());
  });

  it("answers 400 for a file without an e-mail column, and adds nothing", async () => {
    const body = await readError(
      await upload(admin, "Name,Date\r\nAnn,2025-01-01\r\n", "true"),
      400,
    );
    expect(body.message).toBe(IMPORT_MESSAGES.noEmailColumn);
    expect(await rows()).toEqual([]);
  });

  it("answers 400 without a file or with a consent it cannot read", async () => {
    const form = new FormData();
    form.append("consent", "true");
    const noFile = await server.request("/api/subscribers/import", {
      method: "POST",
      headers: { origin: server.url, cookie: admin.cookie },
      body: form,
    });
    await readError(noFile, 400);
    await readError(await upload(admin, "Email\r\na@example.com\r\n", "maybe"), 400);
    expect(await rows()).toEqual([]);
  });

  it(`answers 413 for a file over ${MAX_IMPORT_BYTES} bytes`, async () => {
    const big = `Email\r\n${"x".repeat(MAX_IMPORT_BYTES)}@example.com\r\n`;
    const response = await upload(admin, big, "true");
    expect(response.status).toBe(413);
  });

  it("refuses a 2 MB file of one-letter rows at once, without holding up the server", async () => {
    const file = `Email\n${"a\n".repeat(1_048_000)}`;
    expect(file.length).toBeLessThanOrEqual(MAX_IMPORT_BYTES);
    // Reading the whole file in one go held the event loop for 5 to 10 seconds; read a slice
    // per turn, the longest stretch stays within a few tens of milliseconds.
    const { result: response, longestMs } = await longestBusyStretch(() =>
      upload(admin, file, "true"),
    );
    expect((await readError(response, 400)).message).toBe(IMPORT_MESSAGES.tooManyRows);
    expect(longestMs, "the event loop's longest busy stretch, in ms of CPU").toBeLessThan(250);
    expect(await rows()).toEqual([]);
  });

  it("is for admins only: an employee gets 403 and nothing is added", async () => {
    await readError(await upload(employee, "Email\r\nsneaky@example.com\r\n", "true"), 403);
    expect(await rows()).toEqual([]);
  });

  describe("the Mailing List after an import", () => {
    it("shows pending addresses apart and counts only active ones", async () => {
      await upload(admin, "Email\r\nyes@example.com\r\n", "true");
      await upload(admin, "Email\r\nmaybe@example.com\r\nperhaps@example.com\r\n", "false");
      const stats = await requestAs(server, employee, "/api/subscribers/stats");
      expect((await stats.json()) as SubscriberCounts).toEqual({
        total: 1,
        thisMonth: 1,
        thisWeek: 1,
      });
      const pending = await requestAs(server, employee, "/api/subscribers?status=pending");
      const page = (await pending.json()) as { items: { email: string; status: string }[] };
      // One import gives its addresses one time; the order between them is the ids'.
      expect(page.items.map((s) => [s.email, s.status]).sort()).toEqual([
        ["maybe@example.com", "pending"],
        ["perhaps@example.com", "pending"],
      ]);
      const exported = await (await requestAs(server, employee, "/api/subscribers/export")).text();
      expect(exported).toContain("yes@example.com");
      expect(exported).not.toContain("maybe@example.com");
      const wrong = await requestAs(server, employee, "/api/subscribers?status=gone");
      expect((await readError(wrong, 400)).message).toMatch(
        /status must be one of: active, pending, bounced/,
      );
    });
  });
});

describeEachDatabase("an import's confirmation mails", (kind) => {
  const ratePerMinute = 300;
  const intervalMs = 60_000 / ratePerMinute;
  let smtp: TestSmtpServer;
  let smtpMailer: Mailer;
  let server: TestServer;
  let admin: SignedIn;
  /** When the site handed each message to its mailer (Date.now), in order. */
  const handedAt: number[] = [];
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    smtpMailer = createMailer(
      loadConfig({ SMTP_URL: smtp.url, SESSION_SECRET: "s".repeat(32), DATA_DIR: tmpdir() }),
    );
    const mailer: Mailer = {
      ...smtpMailer,
      send: (message) => {
        handedAt.push(Date.now());
        return smtpMailer.send(message);
      },
    };
    const env = { SMTP_URL: smtp.url, MAIL_RATE_PER_MINUTE: String(ratePerMinute) };
    server = await startTestServer(kind, env, { services: { mailer } });
    admin = await signInAs(server, "admin");
  });
  afterAll(async () => {
    await server?.close();
    smtpMailer?.close();
    await smtp?.close();
  });

  it("leave at the site's pace, MAIL_RATE_PER_MINUTE", async () => {
    const count = 5;
    const addresses = Array.from({ length: count }, (_, i) => `paced-${i}@example.com`);
    const form = new FormData();
    form.append("consent", "false");
    form.append("file", new Blob([`Email\r\n${addresses.join("\r\n")}\r\n`]), "list.csv");
    const start = Date.now();
    const response = await server.request("/api/subscribers/import", {
      method: "POST",
      headers: { origin: server.url, cookie: admin.cookie },
      body: form,
    });
    expect(await response.json()).toEqual({ added: count, alreadyPresent: 0, refused: [] });
    await smtp.waitFor(count);
    await server.context.confirmations.idle();
    expect(smtp.received.flatMap((mail) => mail.to).sort()).toEqual(addresses);
    // The n-th mail (from 0) waits for its slot, n intervals after the first, which came no
    // earlier than the request: never sooner (2 ms allowed for timer rounding), however late
    // a busy machine makes any one of them.
    const after = handedAt.map((at) => at - start);
    expect(after).toHaveLength(count);
    after.forEach((ms, n) => {
      expect(ms, after.join(", ")).toBeGreaterThanOrEqual(n * intervalMs - 2);
    });
  });
});
