import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "#server/config/env.server.ts";
import { startTestSmtpServer, type TestSmtpServer } from "#tests/helpers/smtp-server.ts";
import { createMailer, MailError, outboxDir } from "./mailer.server.ts";

const SECRET = "s".repeat(32);
let dataDir: string;
let smtp: TestSmtpServer | undefined;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "studio-mail-"));
});
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

const configWith = (env: Record<string, string> = {}) =>
  loadConfig({
    DATA_DIR: dataDir,
    SESSION_SECRET: SECRET,
    SITE_URL: "https://studio.example.com",
    COMPANY_NAME: "Override Studios",
    ...env,
  });

const MESSAGE = {
  to: "reader@example.com",
  subject: "New world: Skyblock Ruins",
  html: "<p>It is <strong>out</strong> now.</p>",
  text: "It is out now.",
};

describe("configuration", () => {
  it("builds the From from the company's name and the site's host", () => {
    const { mail } = configWith();
    expect(mail.from).toBe('"Override Studios" <no-reply@studio.example.com>');
    expect(mail.fromAddress).toBe("no-reply@studio.example.com");
    expect(mail.smtpUrl).toBeUndefined();
    expect(mail.doubleOptIn).toBe(true);
    expect(mail.ratePerMinute).toBe(600);
  });

  it("takes MAIL_FROM, NEWSLETTER_DOUBLE_OPT_IN and MAIL_RATE_PER_MINUTE as given", () => {
    const { mail } = configWith({
      MAIL_FROM: "Studio News <news@example.com>",
      NEWSLETTER_DOUBLE_OPT_IN: "0",
      MAIL_RATE_PER_MINUTE: "0",
      SMTP_URL: "smtps://user:pass@mail.example.com:465",
    });
    expect(mail).toMatchObject({
      from: "Studio News <news@example.com>",
      fromAddress: "news@example.com",
      doubleOptIn: false,
      ratePerMinute: 0,
      smtpUrl: "smtps://user:pass@mail.example.com:465",
    });
  });

  it.each([
    [{ SMTP_URL: "http://mail.example.com" }, "SMTP_URL: must be an smtp:// or smtps:// URL"],
    [{ MAIL_FROM: "news@example.com\r\nBcc: all@example.com" }, "MAIL_FROM: must be an address"],
    [{ MAIL_FROM: "not an address" }, "MAIL_FROM: must be an address"],
    [{ MAIL_RATE_PER_MINUTE: "-1" }, "MAIL_RATE_PER_MINUTE"],
  ])("refuses %j", (env, words) => {
    expect(() => configWith(env)).toThrow(ConfigError);
    expect(() => configWith(env)).toThrow(words);
  });
});

describe("over SMTP", () => {
  it("hands the server a message with an HTML and a text part, a Message-ID and the From", async () => {
    smtp = await startTestSmtpServer({ credentials: { user: "studio", pass: "p@ss word" } });
    const mailer = createMailer(configWith({ SMTP_URL: smtp.url }));
    try {
      const sent = await mailer.send({
        ...MESSAGE,
        unsubscribeUrl: "https://studio.example.com/api/newsletter/one-click/abc",
      });
      const [mail] = await smtp.waitFor(1);
      expect(mail?.to).toEqual(["reader@example.com"]);
      expect(mail?.from).toBe("no-reply@studio.example.com");
      expect(mail?.parsed.subject).toBe(MESSAGE.subject);
      expect(mail?.parsed.html).toContain("<strong>out</strong>");
      expect(mail?.parsed.text?.trim()).toBe("It is out now.");
      expect(mail?.parsed.messageId).toBe(sent.messageId);
      expect(mail?.parsed.from?.text).toBe('"Override Studios" <no-reply@studio.example.com>');
      expect(mail?.raw).toContain(
        "List-Unsubscribe: <https://studio.example.com/api/newsletter/one-click/abc>",
      );
      expect(mail?.raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
      expect(mailer.location).not.toContain("p@ss");
    } finally {
      mailer.close();
    }
  });

  it("tells a temporary refusal (4xx) from a permanent one (5xx)", async () => {
    let next = { code: 451, message: "Try again later" };
    smtp = await startTestSmtpServer({ answer: () => next });
    const mailer = createMailer(configWith({ SMTP_URL: smtp.url }));
    try {
      const temporary = await mailer.send(MESSAGE).catch((error: unknown) => error);
      expect(temporary).toBeInstanceOf(MailError);
      expect(temporary).toMatchObject({ temporary: true, responseCode: 451 });
      next = { code: 550, message: "No such mailbox" };
      const permanent = await mailer.send(MESSAGE).catch((error: unknown) => error);
      expect(permanent).toMatchObject({ temporary: false, responseCode: 550 });
      expect(smtp.received).toHaveLength(0);
    } finally {
      mailer.close();
    }
  });

  it("counts a server that does not answer as temporary", async () => {
    smtp = await startTestSmtpServer();
    const url = smtp.url;
    await smtp.close();
    smtp = undefined;
    const mailer = createMailer(configWith({ SMTP_URL: url }));
    try {
      const error = await mailer.send(MESSAGE).catch((caught: unknown) => caught);
      expect(error).toMatchObject({ name: "MailError", temporary: true });
    } finally {
      mailer.close();
    }
  });

  it.each([
    ["subject", { subject: "Hello\r\nBcc: everyone@example.com" }],
    ["subject (a lone LF)", { subject: "Hello\nX-Injected: yes" }],
    ["to", { to: "reader@example.com\r\nBcc: everyone@example.com" }],
    ["a header", { headers: { "X-Campaign": "one\r\nBcc: everyone@example.com" } }],
  ])("refuses a line break in the %s and sends nothing", async (_field, change) => {
    smtp = await startTestSmtpServer();
    const mailer = createMailer(configWith({ SMTP_URL: smtp.url }));
    try {
      const error = await mailer.send({ ...MESSAGE, ...change }).catch((caught: unknown) => caught);
      expect(error).toMatchObject({ name: "MailError", temporary: false });
      await mailer.send(MESSAGE);
      const [mail] = await smtp.waitFor(1);
      expect(smtp.received).toHaveLength(1);
      expect(mail?.raw).not.toMatch(/^(Bcc|X-Injected):/im);
    } finally {
      mailer.close();
    }
  });
});

describe("without SMTP_URL", () => {
  it("writes each message as an .eml file into DATA_DIR/outbox", async () => {
    const mailer = createMailer(configWith());
    expect(mailer.kind).toBe("outbox");
    const sent = await mailer.send({ ...MESSAGE, subject: "Ünïcode ✓ subject" });
    const dir = outboxDir(dataDir);
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    expect(sent.file).toBe(path.join(dir, files[0] ?? ""));
    const parsed = await simpleParser(readFileSync(path.join(dir, files[0] ?? "")));
    expect(parsed.subject).toBe("Ünïcode ✓ subject");
    expect(parsed.messageId).toBe(sent.messageId);
    expect(parsed.html).toContain("<strong>out</strong>");
    expect(parsed.text?.trim()).toBe("It is out now.");
  });
});
