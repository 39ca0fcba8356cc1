/**
 * pending: waiting for its owner to confirm it (double opt-in); active: gets newsletters;
 * bounced: a mail server refused it for good, so it gets nothing until confirmed again.
 */
export type SubscriberStatus = "pending" | "active" | "bounced";

/** The states the Mailing List can be narrowed to, `GET /api/subscribers?status=`. */
export const SUBSCRIBER_STATUSES = [
  "active",
  "pending",
  "bounced",
] as const satisfies SubscriberStatus[];

/**
 * A mailing-list subscriber as `GET /api/subscribers` sends it
 * (docs/product/content-model.md#employees-and-subscribers).
 */
export type Subscriber = {
  id: string;
  /** Trimmed and lower-cased when subscribed through the site. */
  email: string;
  /** When the address joined the list (ISO-8601). */
  createdAt: string;
  status: SubscriberStatus;
  /** When the address was confirmed (ISO-8601); null while pending. */
  confirmedAt: string | null;
  /** When it bounced for good (ISO-8601); null unless bounced. */
  bouncedAt: string | null;
  /** The mail server's or provider's answer when it bounced. */
  bounceReason: string | null;
};

/**
 * The Mailing List's counters, `GET /api/subscribers/stats`
 * (docs/product/mail.md#mailing-list-section): Active subscribers only.
 */
export type SubscriberCounts = { total: number; thisMonth: number; thisWeek: number };

/** A row of an import file that was not added, and why. */
export type ImportRefusal = { row: number; value: string; reason: string };

/** What `POST /api/subscribers/import` answers (docs/product/mail.md#importing-subscribers). */
export type ImportReport = {
  added: number;
  alreadyPresent: number;
  refused: ImportRefusal[];
};
