import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OutboxEntry, OutboxMessage } from "#common/types/outbox.ts";
import type { Paged } from "#common/types/post-list.ts";
import { outboxDir } from "#server/mail/mailer.server.ts";
import { readError } from "#tests/helpers/http.ts";
import { startTestSmtpServer } from "#tests/helpers/smtp-server.ts";
import { requestAs, type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";
import { NO_OUTBOX_MESSAGE, NO_SUCH_MESSAGE } from "./outbox.router.ts";

/** An outbox file name for the given second of a day (its names sort by time). */
function fileAt(second: number): string {
  const time = new Date(Date.UTC(2026, 0, 2, 3, 0, second)).toISOString().replace(/[:.]/g, "-");
  return `${time}-${second.toString(16).padStart(8, "0")}.eml`;
}

describeEachDatabase("outbox API", (kind) => {
  let server: TestServer;
  let admin: SignedIn;
  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await signInAs(server, "admin");
  });
  afterAll(() => server?.close());
  const dir = () => outboxDir(server.config.dataDir);
  const get = (url: string) => requestAs(server, admin, url);

  it("lists what the mailer wrote, newest first, and opens a message", async () => {
    const { mailer } = server.context;
    await mailer.send({
      to: "first@example.com",
      subject: "First one",
      html: "<p>First</p>",
      text: "First",
    });
    const second = await mailer.send({
      to: "second@example.com",
      subject: "Ünïcode subject",
      html: '<p>Second</p><script>alert("x")</script>',
      text: "Second text part",
      unsubscribeUrl: "https://example.com/unsubscribe/abc",
    });
    const response = await get("/api/outbox");
    expect(response.status).toBe(200);
    const list = (await response.json()) as Paged<OutboxEntry>;
    expect(list.total).toBe(2);
    expect(list.items.map((item) => [item.to, item.subject])).toEqual([
      ["second@example.com", "Ünïcode subject"],
      ["first@example.com", "First one"],
    ]);
    const file = path.basename(second.file ?? "");
    expect(list.items[0]?.file).toBe(file);
    expect(Date.parse(list.items[0]?.date ?? "")).not.toBeNaN();

    const opened = (await (await get(`/api/outbox/${file}`)).json()) as OutboxMessage;
    expect(opened).toMatchObject({
      file,
      to: "second@example.com",
      subject: "Ünïcode subject",
      text: "Second text part",
    });
    expect(opened.from).toContain("no-reply@");
    // The HTML part comes as written; the dashboard shows it only in a sandboxed frame.
    expect(opened.html).toContain("<script>");
    const names = opened.headers.map((header) => header.name.toLowerCase());
    expect(names).toEqual(expect.arrayContaining(["message-id", "list-unsubscribe", "subject"]));
  });

  it("pages through many messages, newest first, and lists only the outbox's own files", async () => {
    const many = await startTestServer(kind);
    try {
      const folder = outboxDir(many.config.dataDir);
      await mkdir(folder, { recursive: true });
      for (let second = 0; second < 45; second += 1) {
        await writeFile(
          path.join(folder, fileAt(second)),
          `To: n${second}@example.com\r\nSubject: Message ${second}\r\n\r\nBody ${second}\r\n`,
        );
      }
      // Only names the outbox mailer makes are messages.
      await writeFile(path.join(folder, "notes.txt"), "not a message");
      const owner = await signInAs(many, "admin");
      const page = async (query: string) =>
        (await (await requestAs(many, owner, `/api/outbox${query}`)).json()) as Paged<OutboxEntry>;
      const first = await page("?page=1&limit=20");
      expect(first).toMatchObject({ total: 45, totalPages: 3, page: 1, pageSize: 20 });
      expect(first.items.map((item) => item.subject).slice(0, 2)).toEqual([
        "Message 44",
        "Message 43",
      ]);
      const last = await page("?page=3&limit=20");
      expect(last.items.map((item) => item.subject)).toEqual([
        "Message 4",
        "Message 3",
        "Message 2",
        "Message 1",
        "Message 0",
      ]);
      expect(last.items[4]?.date).toBe("2026-01-02T03:00:00.000Z");
      const beyond = await page("?page=9&limit=20");
      expect(beyond.items).toEqual([]);
      await readError(await requestAs(many, owner, "/api/outbox?page=0"), 400);
      await readError(await requestAs(many, owner, "/api/outbox?limit=1000"), 400);
    } finally {
      await many.close();
    }
  });

  it("answers 404 for unknown names and for any path outside the outbox", async () => {
    await writeFile(path.join(server.config.dataDir, "secret.eml"), "Subject: secret\r\n\r\nx");
    for (const name of [
      fileAt(59),
      "..%2Fsecret.eml",
      "..%2F..%2Fetc%2Fpasswd",
      "%2E%2E%2Fsecret.eml",
      "..%5Csecret.eml",
      "secret.eml",
      `${fileAt(1)}%00.txt`,
      encodeURIComponent(`../${fileAt(1)}`),
    ]) {
      const response = await get(`/api/outbox/${name}`);
      expect((await readError(response, 404)).message, name).toBe(NO_SUCH_MESSAGE);
    }
    expect((await get("/api/outbox/..%2F..%2Fsecret.eml")).status).toBe(404);
    expect(dir()).toContain(server.config.dataDir);
  });

  it("is for admins: employees 403, signed out 401", async () => {
    const employee = await signInAs(server, "employee");
    await readError(await requestAs(server, employee, "/api/outbox"), 403);
    await readError(await server.request("/api/outbox"), 401);
  });
});

describe("outbox API with an SMTP server", () => {
  it("answers 404 with a plain message", async () => {
    const smtp = await startTestSmtpServer();
    const server = await startTestServer("sqlite", { SMTP_URL: smtp.url });
    try {
      const admin = await signInAs(server, "admin");
      const response = await requestAs(server, admin, "/api/outbox");
      expect((await readError(response, 404)).message).toBe(NO_OUTBOX_MESSAGE);
      await readError(await server.request("/api/outbox"), 401);
    } finally {
      await server.close();
      await smtp.close();
    }
  });
});
