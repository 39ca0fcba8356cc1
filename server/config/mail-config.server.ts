import { z } from "zod";

/**
 * The e-mail variables (docs/decisions/026-mail-transport.md), read with the others
 * (env.server.ts): how mail leaves the server, who it is from, and how fast newsletters go.
 */
export const MAIL_VARIABLES = {
  /**
   * smtp://user:pass@host:587 (STARTTLS when the server offers it) or smtps://user:pass@host:465.
   * Unset: every message is written as an .eml file into DATA_DIR/outbox instead.
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/\s]+/, "must be an smtp:// or smtps:// URL with a host")
    .optional(),
  /** The From of every message; by default the company's name and no-reply@ the site's host. */
  MAIL_FROM: z.string().optional(),
  /** 1 (the default): a new subscriber confirms the address by a mailed link; 0: at once. */
  NEWSLETTER_DOUBLE_OPT_IN: z.enum(["0", "1"]).default("1"),
  /** Newsletter messages handed to the mail server per minute, per site; 0: no limit. */
  MAIL_RATE_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(600),
  /**
   * How long a newsletter copy the mail server refused for now (4xx, lost connection) waits
   * before its first retry, in milliseconds; each further retry waits twice as long.
   */
  NEWSLETTER_RETRY_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
  /**
   * The secret the mail provider presents to `POST /api/mail-events` (its bounce and complaint
   * notices), as a bearer token or a basic-auth password. Unset: no such endpoint (404).
   */
  MAIL_EVENTS_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  /** Mailgun's webhook signing key: Mailgun's notices may prove themselves by its signature. */
  MAILGUN_WEBHOOK_SIGNING_KEY: z.string().min(1).optional(),
};

export type MailConfig = Readonly<{
  /** The SMTP server's URL; undefined: the outbox folder. */
  smtpUrl: string | undefined;
  /** A whole From header value, such as `"Override Studios" <no-reply@example.com>`. */
  from: string;
  /** The address part of `from`, for envelopes and Message-IDs. */
  fromAddress: string;
  doubleOptIn: boolean;
  /** Newsletter messages per minute; 0: as fast as the mail server takes them. */
  ratePerMinute: number;
  /** The first retry's wait after a temporary refusal (ms); it doubles with each retry. */
  retryMs: number;
  /** The mail provider's notices: the endpoint's secret (undefined: no endpoint), Mailgun's key. */
  events: Readonly<{ secret: string | undefined; mailgunSigningKey: string | undefined }>;
}>;

/** Refused in any header value: a line break would start a header of the sender's choosing. */
const LINE_BREAK = /[\r\n\u2028\u2029]/;

/** The mail settings, or a line per invalid variable. */
export function mailConfigFrom(
  env: z.infer<z.ZodObject<typeof MAIL_VARIABLES>>,
  { siteUrl, companyName }: { siteUrl: string; companyName: string },
): { mail: MailConfig } | { problems: string[] } {
  const host = new URL(siteUrl).hostname;
  const from = env.MAIL_FROM ?? `"${companyName.replace(/["\\]/g, "")}" <no-reply@${host}>`;
  const fromAddress = /<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  if (LINE_BREAK.test(from) || !/^[^@\s<>"]+@[^@\s<>"]+$/.test(fromAddress)) {
    return {
      problems: [
        'MAIL_FROM: must be an address, or a name and an address such as "Studio" <news@example.com>',
      ],
    };
  }
  return {
    mail: Object.freeze({
      smtpUrl: env.SMTP_URL,
      from,
      fromAddress,
      doubleOptIn: env.NEWSLETTER_DOUBLE_OPT_IN === "1",
      ratePerMinute: env.MAIL_RATE_PER_MINUTE,
      retryMs: env.NEWSLETTER_RETRY_MS,
      events: Object.freeze({
        secret: env.MAIL_EVENTS_SECRET,
        mailgunSigningKey: env.MAILGUN_WEBHOOK_SIGNING_KEY,
      }),
    }),
  };
}
