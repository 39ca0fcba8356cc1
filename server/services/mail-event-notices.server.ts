import { z } from "#common/zod.ts";

// The mail provider's bounce and complaint notices (docs/decisions/036-bounces.md), read into one
// form whatever the provider: a generic JSON form, Amazon SES through SNS, Postmark, Mailgun
// and SendGrid. Pure: what is done with them is mail-events.server.ts's.

/** A hard bounce (the address does not take mail) or a complaint (the reader marked it as spam). */
export type MailEvent = { type: "bounce" | "complaint"; email: string; reason: string | null };

/** What a notice asks for. */
export type MailNotice =
  | { kind: "events"; events: MailEvent[] }
  /** Amazon SNS asks to confirm a subscription to its topic; confirmed by the operator. */
  | { kind: "sns-subscription"; topicArn: string; subscribeUrl: string }
  /** Mailgun's signed notice: the events, and the signature to check before they count. */
  | { kind: "mailgun"; events: MailEvent[]; signature: MailgunSignature };

export type MailgunSignature = { timestamp: string; token: string; signature: string };

/** A body this site cannot read: answered 400 with these words. */
export class NoticeError extends Error {}

const text = z.string().max(10_000);
const ADDRESS = /^[^\s\0@]+@[^\s\0@]+$/;
const email = z
  .string({ error: "the address is missing." })
  .trim()
  .toLowerCase()
  .max(320)
  .regex(ADDRESS, "must be an e-mail address");

const GenericEvent = z
  .object({
    type: z.enum(["bounce", "complaint"], { error: 'type must be "bounce" or "complaint".' }),
    email,
    reason: text.nullish().transform((value) => value ?? null),
  })
  .strict();

const SnsEnvelope = z.object({
  Type: z.enum(["Notification", "SubscriptionConfirmation", "UnsubscribeConfirmation"]),
  TopicArn: z.string().max(1000),
  Message: z.string().max(1_000_000).optional(),
  SubscribeURL: z.string().max(2000).optional(),
});

const Recipient = z.object({ emailAddress: email, diagnosticCode: text.optional() });
const SesNotice = z.object({
  notificationType: z.string().optional(),
  eventType: z.string().optional(),
  bounce: z
    .object({ bounceType: z.string(), bouncedRecipients: z.array(Recipient).max(1000) })
    .optional(),
  complaint: z
    .object({
      complainedRecipients: z.array(Recipient).max(1000),
      complaintFeedbackType: text.optional(),
    })
    .optional(),
});

const PostmarkNotice = z.object({
  RecordType: z.string(),
  Type: z.string().optional(),
  Email: email,
  Description: text.nullish(),
  Details: text.nullish(),
});

const MailgunNotice = z.object({
  signature: z.object({ timestamp: z.string(), token: z.string(), signature: z.string() }),
  "event-data": z.object({
    event: z.string(),
    severity: z.string().optional(),
    recipient: email,
    reason: text.nullish(),
    "delivery-status": z
      .object({ message: text.nullish(), description: text.nullish(), code: z.unknown() })
      .partial()
      .optional(),
  }),
});

const SendGridEvent = z.object({
  event: z.string(),
  email,
  type: z.string().optional(),
  reason: text.nullish(),
  status: text.nullish(),
});

/** The most events one notice may carry. */
export const MAX_EVENTS = 1000;

function parsed<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` (at ${issue.path.join(".")})` : "";
  throw new NoticeError(`This ${what} cannot be read: ${issue?.message ?? "invalid"}${where}.`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Reads a notice's body (JSON text, however it was labelled); throws NoticeError. */
export function readMailNotice(body: string): MailNotice {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw new NoticeError("The body must be JSON: a bounce or complaint notice.");
  }
  if (Array.isArray(value)) return { kind: "events", events: readArray(value) };
  if (!isObject(value)) throw new NoticeError(UNKNOWN_SHAPE);
  if ("Type" in value && "TopicArn" in value) return readSns(value);
  if ("notificationType" in value || "eventType" in value) {
    return { kind: "events", events: readSes(value) };
  }
  if ("RecordType" in value) return { kind: "events", events: readPostmark(value) };
  if ("event-data" in value) return readMailgun(value);
  if ("type" in value) return { kind: "events", events: [parsed(GenericEvent, value, "notice")] };
  throw new NoticeError(UNKNOWN_SHAPE);
}

const UNKNOWN_SHAPE =
  'This is not a notice this site reads: send {"type":"bounce"|"complaint","email":"…"}, a list of them, or a notice of Amazon SES (through SNS), Postmark, Mailgun or SendGrid.';

function readArray(items: unknown[]): MailEvent[] {
  if (items.length > MAX_EVENTS) {
    throw new NoticeError(`A notice may carry at most ${MAX_EVENTS} events.`);
  }
  const sendGrid = items.length > 0 && items.every((item) => isObject(item) && "event" in item);
  if (!sendGrid) return items.map((item) => parsed(GenericEvent, item, "list of notices"));
  return items.flatMap((item): MailEvent[] => {
    const event = parsed(SendGridEvent, item, "SendGrid event");
    const reason = event.reason ?? event.status ?? null;
    if (event.event === "spamreport") return [{ type: "complaint", email: event.email, reason }];
    // "blocked" is SendGrid's soft bounce; only "bounce" says the address does not exist.
    if (event.event === "bounce" && (event.type ?? "bounce") === "bounce") {
      return [{ type: "bounce", email: event.email, reason }];
    }
    return [];
  });
}

function readSns(value: Record<string, unknown>): MailNotice {
  const envelope = parsed(SnsEnvelope, value, "Amazon SNS message");
  if (envelope.Type === "SubscriptionConfirmation") {
    if (!envelope.SubscribeURL) throw new NoticeError("The subscription has no SubscribeURL.");
    return {
      kind: "sns-subscription",
      topicArn: envelope.TopicArn,
      subscribeUrl: envelope.SubscribeURL,
    };
  }
  if (envelope.Type === "UnsubscribeConfirmation") return { kind: "events", events: [] };
  let message: unknown;
  try {
    message = JSON.parse(envelope.Message ?? "");
  } catch {
    throw new NoticeError("The Amazon SNS notification's Message must be an SES notice in JSON.");
  }
  if (!isObject(message)) throw new NoticeError("The Amazon SNS notification's Message is empty.");
  return { kind: "events", events: readSes(message) };
}

function readSes(value: Record<string, unknown>): MailEvent[] {
  const notice = parsed(SesNotice, value, "Amazon SES notice");
  const type = notice.notificationType ?? notice.eventType;
  if (type === "Bounce" && notice.bounce?.bounceType === "Permanent") {
    return notice.bounce.bouncedRecipients.map((recipient) => ({
      type: "bounce",
      email: recipient.emailAddress,
      reason: recipient.diagnosticCode ?? "Permanent bounce",
    }));
  }
  if (type === "Complaint" && notice.complaint) {
    const reason = notice.complaint.complaintFeedbackType ?? null;
    return notice.complaint.complainedRecipients.map((recipient) => ({
      type: "complaint",
      email: recipient.emailAddress,
      reason,
    }));
  }
  return [];
}

/** Postmark's hard bounce types; the others (soft, transient, blocked) are tried again. */
const POSTMARK_HARD = new Set(["HardBounce", "BadEmailAddress"]);

function readPostmark(value: Record<string, unknown>): MailEvent[] {
  const notice = parsed(PostmarkNotice, value, "Postmark notice");
  const reason = notice.Details || notice.Description || null;
  if (notice.RecordType === "SpamComplaint" || notice.Type === "SpamComplaint") {
    return [{ type: "complaint", email: notice.Email, reason }];
  }
  if (notice.RecordType === "Bounce" && POSTMARK_HARD.has(notice.Type ?? "")) {
    return [{ type: "bounce", email: notice.Email, reason }];
  }
  return [];
}

function readMailgun(value: Record<string, unknown>): MailNotice {
  const notice = parsed(MailgunNotice, value, "Mailgun notice");
  const data = notice["event-data"];
  const status = data["delivery-status"];
  const reason = status?.message || status?.description || data.reason || null;
  const events: MailEvent[] =
    data.event === "complained"
      ? [{ type: "complaint", email: data.recipient, reason }]
      : data.event === "failed" && data.severity === "permanent"
        ? [{ type: "bounce", email: data.recipient, reason }]
        : [];
  return { kind: "mailgun", events, signature: notice.signature };
}
