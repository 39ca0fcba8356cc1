import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { SendMailOptions, Transporter } from "nodemailer";
import type { Config } from "#server/config/env.server.ts";
import { logger } from "#server/config/logger.server.ts";
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from "#server/config/private-files.server.ts";
import { describeError } from "#server/errors.ts";

/**
 * One message as the app hands it over: always an HTML and a plain-text part. `to` and every
 * header value are single lines (mailMessage refuses a line break, which would start a header of
 * the sender's choosing).
 */
export type MailMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** `<id@host>`; nodemailer makes one when absent. A newsletter delivery's is its own row's. */
  messageId?: string;
  /** The one-click unsubscribe link (RFC 8058): List-Unsubscribe and List-Unsubscribe-Post. */
  unsubscribeUrl?: string;
  /** Further headers, such as List-Id. */
  headers?: Record<string, string>;
};

/** What became of a message: its Message-ID, and the outbox file when there is no SMTP server. */
export type SentMail = { messageId: string; file?: string };

/** Why a message was not sent, and whether trying again later may work. */
export class MailError extends Error {
  override name = "MailError";
  constructor(
    message: string,
    /** A 4xx answer or a lost connection: later may work. A 5xx answer: it will not. */
    readonly temporary: boolean,
    /** The SMTP server's reply code, when it answered. */
    readonly responseCode?: number,
  ) {
    super(message);
  }
}

export type Mailer = {
  /** "smtp" or "outbox": where messages go (the dashboard shows the outbox only for the latter). */
  kind: "smtp" | "outbox";
  /** Where, for the log: the SMTP server without its password, or the outbox folder. */
  location: string;
  /** Sends one message; throws MailError when it was not accepted. */
  send: (message: MailMessage) => Promise<SentMail>;
  /** Closes pooled connections. */
  close: () => void;
};

/** The outbox folder when no SMTP_URL is set. */
export function outboxDir(dataDir: string): string {
  return path.join(dataDir, "outbox");
}

/**
 * The mailer of this configuration: an SMTP server's pooled connections (`maxConnections`, 2 by
 * default), or the outbox folder. The server makes one at start-up for everything it sends
 * (ServerContext's `mailer`); the newsletter worker makes its own, with a connection per lane.
 * Its owner closes it.
 */
export function createMailer(config: Config, { maxConnections = 2 } = {}): Mailer {
  return config.mail.smtpUrl
    ? smtpMailer(config.mail.smtpUrl, config, maxConnections)
    : outboxMailer(outboxDir(config.dataDir), config);
}

/** A line break in a header value would let its author add headers; refuse it outright. */
const LINE_BREAK = /[\r\n\u2028\u2029\u0085]/;

/** The message as nodemailer takes it, after checking that no header value spans lines. */
function composed(message: MailMessage, config: Config) {
  const headerValues = [
    message.to,
    message.subject,
    message.messageId ?? "",
    message.unsubscribeUrl ?? "",
    ...Object.entries(message.headers ?? {}).flat(),
  ];
  if (headerValues.some((value) => LINE_BREAK.test(value))) {
    throw new MailError("A header of the message holds a line break; it was not sent.", false);
  }
  return {
    from: config.mail.from,
    to: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
    messageId: message.messageId,
    headers: {
      ...message.headers,
      ...(message.unsubscribeUrl
        ? { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
        : undefined),
    },
    list: message.unsubscribeUrl ? { unsubscribe: { url: message.unsubscribeUrl } } : undefined,
    // Lines of the HTML part are wrapped by quoted-printable; nothing is sent as 8bit.
    textEncoding: "quoted-printable" as const,
  };
}

type TransportOptions = Parameters<typeof import("nodemailer").createTransport>[0];

/**
 * A nodemailer transport made when the first message is sent, with nodemailer imported then: a
 * server that sends no mail never holds it (about 8 MB of memory at rest).
 */
function lazyTransport(options: TransportOptions) {
  let made: Promise<Transporter> | undefined;
  return {
    sendMail: async (message: SendMailOptions) => {
      made ??= import("nodemailer").then(
        (nodemailer) => nodemailer.default.createTransport(options),
        (error: unknown) => {
          // Not kept: the next message tries again.
          made = undefined;
          throw error;
        },
      );
      return (await made).sendMail(message);
    },
    // A transport still being made is closed as soon as it is there.
    close: () =>
      void made?.then(
        (transport) => transport.close(),
        () => undefined,
      ),
  };
}

function smtpMailer(url: string, config: Config, maxConnections: number): Mailer {
  const transport = lazyTransport({
    url,
    pool: true,
    maxConnections,
    maxMessages: Number.POSITIVE_INFINITY,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  } as TransportOptions);
  return {
    kind: "smtp",
    location: redactedSmtpUrl(url),
    send: async (message) => {
      try {
        const info = await transport.sendMail(composed(message, config));
        return { messageId: String(info.messageId) };
      } catch (error) {
        throw asMailError(error);
      }
    },
    close: () => transport.close(),
  };
}

function outboxMailer(dir: string, config: Config): Mailer {
  const transport = lazyTransport({
    streamTransport: true,
    buffer: true,
    newline: "windows",
  } as TransportOptions);
  return {
    kind: "outbox",
    location: dir,
    send: async (message) => {
      const info = await transport.sendMail(composed(message, config));
      const messageId = String(info.messageId);
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`;
      const file = path.join(dir, name);
      const temp = path.join(dir, `.${name}.tmp`);
      try {
        await mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
        await writeFile(temp, info.message as Buffer, { flush: true, mode: PRIVATE_FILE_MODE });
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw new MailError(
          `The message could not be written to ${dir}: ${describeError(error)}`,
          true,
        );
      }
      logger.info(`No SMTP_URL is set: wrote the e-mail to ${message.to} as ${file}`);
      return { messageId, file };
    },
    close: () => undefined,
  };
}

/** A 4xx reply or a connection that failed is temporary; a 5xx reply is permanent. */
export function asMailError(error: unknown): MailError {
  if (error instanceof MailError) return error;
  const details = error as { responseCode?: unknown; message?: unknown };
  const code = typeof details.responseCode === "number" ? details.responseCode : undefined;
  const message = describeError(error);
  if (code !== undefined) return new MailError(message, code < 500, code);
  return new MailError(message, true);
}

function redactedSmtpUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparseable SMTP_URL)";
  }
}
