import type { DbKind } from "#server/db/dialect.server.ts";
import {
  startTestSmtpServer,
  type TestSmtpServer,
  type TestSmtpServerOptions,
} from "./smtp-server.ts";
import { startTestServer, type TestServer } from "./test-server.ts";

/** A test site that sends its mail to a loopback SMTP server of its own. */
export type MailingTestServer = {
  server: TestServer;
  smtp: TestSmtpServer;
  /** Closes the site (its mailer with it), then the SMTP server. */
  close: () => Promise<void>;
};

/**
 * Starts an SMTP server (with `smtp`'s options), then a site of database `kind` that sends to it
 * (`SMTP_URL`, and `env` besides).
 */
export async function startMailingTestServer(
  kind: DbKind,
  {
    env = {},
    smtp: smtpOptions,
  }: { env?: Record<string, string>; smtp?: TestSmtpServerOptions } = {},
): Promise<MailingTestServer> {
  const smtp = await startTestSmtpServer(smtpOptions);
  let server: TestServer;
  try {
    server = await startTestServer(kind, { SMTP_URL: smtp.url, ...env });
  } catch (error) {
    await smtp.close();
    throw error;
  }
  return {
    server,
    smtp,
    close: async () => {
      await server.close();
      await smtp.close();
    },
  };
}
