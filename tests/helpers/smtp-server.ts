import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";

/** One message the server accepted: its envelope, its raw bytes, and mailparser's reading. */
export type ReceivedMail = {
  from: string;
  to: string[];
  raw: string;
  parsed: ParsedMail;
};

/** An answer other than 250 for one message: a code (4xx temporary, 5xx permanent) and text. */
export type SmtpRefusal = { code: number; message: string };

export type TestSmtpServerOptions = {
  /**
   * Called for each message once its data has arrived, before the server answers: a refusal
   * makes the server answer with it (the message is not kept); undefined accepts it. May wait.
   */
  answer?: (
    envelope: { from: string; to: string[] },
    raw: string,
  ) => SmtpRefusal | undefined | Promise<SmtpRefusal | undefined>;
  /** AUTH PLAIN/LOGIN credentials the server requires; unset: no authentication. */
  credentials?: { user: string; pass: string };
};

export type TestSmtpServer = {
  /** smtp://127.0.0.1:port (with user:pass@ when credentials were given). */
  url: string;
  /** Every accepted message, in the order accepted. */
  received: ReceivedMail[];
  /** Waits until at least `count` messages were accepted (polls; fails after `timeoutMs`). */
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedMail[]>;
  close: () => Promise<void>;
};

/**
 * A real SMTP server (the smtp-server package) on a loopback port, keeping what it accepts. No
 * TLS: STARTTLS is not offered, so clients speak plain SMTP to it as they would to a local relay.
 * A message counts as accepted only once the server has answered 250 for it.
 */
export async function startTestSmtpServer(
  options: TestSmtpServerOptions = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: options.credentials ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    allowInsecureAuth: true,
    authOptional: !options.credentials,
    logger: false,
    size: 10 * 1024 * 1024,
    onAuth(auth, _session, callback) {
      const { credentials } = options;
      if (credentials && auth.username === credentials.user && auth.password === credentials.pass) {
        callback(null, { user: auth.username });
        return;
      }
      callback(new Error("Invalid username or password"));
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        };
        try {
          const refusal = await options.answer?.(envelope, raw);
          if (refusal) {
            const error = new Error(refusal.message) as Error & { responseCode: number };
            error.responseCode = refusal.code;
            callback(error);
            return;
          }
          received.push({ ...envelope, raw, parsed: await simpleParser(raw) });
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  server.on("error", () => undefined);
  const { port } = server.server.address() as AddressInfo;
  const auth = options.credentials
    ? `${encodeURIComponent(options.credentials.user)}:${encodeURIComponent(options.credentials.pass)}@`
    : "";
  return {
    url: `smtp://${auth}127.0.0.1:${port}`,
    received,
    waitFor: async (count, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(
            `Waited ${timeoutMs} ms for ${count} message(s); ${received.length} came`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
