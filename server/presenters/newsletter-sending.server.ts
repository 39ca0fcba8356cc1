import type {
  NewsletterFailure,
  NewsletterRetry,
  NewsletterSending,
  NewsletterSendingDetail,
} from "#common/types/newsletter.ts";
import type { DeliveryStatus, NewsletterSendingRow } from "#server/db/tables.ts";

/** A sending as the list reads it: the row's fields, its deliveries counted, its post's fate. */
type SendingSummary = Pick<
  NewsletterSendingRow,
  "id" | "postId" | "postTitle" | "subject" | "total" | "createdBy" | "createdAt" | "finishedAt"
> & {
  counts: Record<DeliveryStatus, number>;
  /** False when the post has been deleted since. */
  postExists: boolean;
  nextRetryAt: string | null;
};

/** A copy that failed for good: where it was going, and why. */
type SendingFailure = {
  email: string;
  attempts: number;
  lastError: string | null;
  lastAttemptAt: string | null;
};

/** A sending and its progress as the API sends it. */
export function presentSending(row: SendingSummary): NewsletterSending {
  const { pending, sent, failed, skipped } = row.counts;
  return {
    id: row.id,
    postId: row.postExists ? row.postId : null,
    postTitle: row.postTitle,
    subject: row.subject,
    // Finished as soon as nothing is left, even before the worker's next look marks the row.
    status: pending === 0 ? "finished" : "sending",
    total: row.total,
    sent,
    failed,
    skipped,
    left: pending,
    nextRetryAt: pending > 0 ? row.nextRetryAt : null,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
  };
}

export function presentFailure(row: SendingFailure): NewsletterFailure {
  return {
    email: row.email,
    attempts: row.attempts,
    lastError: row.lastError,
    at: row.lastAttemptAt,
  };
}

export function presentSendingDetail(
  row: SendingSummary,
  {
    failures,
    retries,
    retryable,
    removable,
  }: {
    failures: SendingFailure[];
    retries: NewsletterRetry[];
    retryable: number;
    removable: number;
  },
): NewsletterSendingDetail {
  return {
    ...presentSending(row),
    failures: failures.map(presentFailure),
    retries: retries.map(({ email, attempts, lastError, nextAttemptAt }) => ({
      email,
      attempts,
      lastError,
      nextAttemptAt,
    })),
    retryable,
    removable,
  };
}
