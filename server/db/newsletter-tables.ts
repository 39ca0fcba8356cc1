import type { Generated } from "kysely";

// The newsletter's tables (docs/decisions/028-newsletter-sending.md), apart from tables.ts to keep
// each file readable; tables.ts names them in the Database type.

/** A post sent to the mailing list (docs/decisions/028-newsletter-sending.md). */
export type NewsletterSendingsTable = {
  id: string;
  /** The post it was built from; may name a post deleted since. */
  postId: string | null;
  postTitle: string;
  /** The e-mail as built once: subject, and HTML and text with UNSUBSCRIBE_PLACEHOLDER. */
  subject: string;
  html: string;
  text: string;
  /** sending while deliveries are pending; finished once none is. */
  status: Generated<"sending" | "finished">;
  /** Deliveries made at the start (active subscribers then). */
  total: number;
  /** The name of the staff member who started it, as it was then (migration 0018). */
  createdBy: string | null;
  /** Their user id; null for a sending older than migration 0018 that could not be matched. */
  createdById: string | null;
  createdAt: string;
  finishedAt: string | null;
};

export type DeliveryStatus = "pending" | "sent" | "failed" | "skipped";

/** One subscriber's copy of one sending. */
export type NewsletterDeliveriesTable = {
  /** `{sendingId}.{subscriberId}`. */
  id: string;
  sendingId: string;
  subscriberId: string;
  email: string;
  status: Generated<DeliveryStatus>;
  /** Hand-overs tried so far. */
  attempts: Generated<number>;
  /** The mail server's last refusal, or what went wrong reaching it. */
  lastError: string | null;
  /** When a pending copy may next be handed over (later after a temporary refusal). */
  nextAttemptAt: string;
  lastAttemptAt: string | null;
  /** The process (THIS_PROCESS) that claimed it, kept once settled. */
  claimedBy: string | null;
  /** Until when the claim holds unless renewed. */
  claimedUntil: string | null;
  sentAt: string | null;
  messageId: string | null;
};

/** The site's shared sending pace: the next free slot, in milliseconds since 1970. */
export type NewsletterPaceTable = {
  name: string;
  nextSlotAt: number;
};
