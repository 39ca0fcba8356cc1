/**
 * A post sent to the mailing list as a newsletter, as `GET /api/newsletter-sendings` and
 * `POST /api/posts/{id}/newsletter` send it (docs/product/mail.md#newsletters).
 */
export type NewsletterSending = {
  id: string;
  /** The post it was built from; null once that post is deleted. */
  postId: string | null;
  /** The post's title when the sending began. */
  postTitle: string;
  subject: string;
  /** sending while deliveries are left; finished once each one is sent, failed or skipped. */
  status: "sending" | "finished";
  /** Active subscribers when it began: one delivery each. */
  total: number;
  sent: number;
  /** Refused for good (5xx) or still failing after the last retry. */
  failed: number;
  /** Unsubscribed (or no longer active) before their turn came: not sent. */
  skipped: number;
  /** Not yet sent, failed or skipped (waiting, or waiting for a retry). */
  left: number;
  /** When the soonest copy the mail server refused for now is tried again (ISO-8601); null: none waits. */
  nextRetryAt: string | null;
  /** Who started it (the staff member's name), or null. */
  createdBy: string | null;
  createdAt: string;
  finishedAt: string | null;
};

/** One delivery that failed for good, as `GET /api/newsletter-sendings/{id}` lists them. */
export type NewsletterFailure = {
  email: string;
  attempts: number;
  /** The mail server's last answer, or what went wrong reaching it. */
  lastError: string | null;
  at: string | null;
};

/** A copy the mail server refused for now, waiting for its next try. */
export type NewsletterRetry = {
  email: string;
  attempts: number;
  lastError: string | null;
  /** When it is tried again (ISO-8601). */
  nextAttemptAt: string;
};

/**
 * `GET /api/newsletter-sendings/{id}`: the sending, its failures (at most the latest 100), the
 * copies waiting for a retry (at most the soonest 100), and what the failures panel's actions
 * would concern.
 */
export type NewsletterSendingDetail = NewsletterSending & {
  failures: NewsletterFailure[];
  retries: NewsletterRetry[];
  /** Failed copies whose address is still active: what "Retry failed" sends again. */
  retryable: number;
  /** Failed copies whose address is still on the list: what "Remove these addresses" removes. */
  removable: number;
};

/** `POST /api/newsletter-sendings/{id}/retry-failed`. */
export type RetryFailedAnswer = { retried: number };

/** `POST /api/newsletter-sendings/{id}/remove-failed`. */
export type RemoveFailedAnswer = { removed: number };

/** `GET /api/posts/{id}/newsletter/preview`: the e-mail as subscribers would get it. */
export type NewsletterPreview = {
  subject: string;
  html: string;
  text: string;
  /** Active subscribers now: who "Send" would reach. */
  recipients: number;
  /** When the post was last sent as a newsletter, or null. */
  lastSentAt: string | null;
};
