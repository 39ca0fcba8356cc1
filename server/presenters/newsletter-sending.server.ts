import type {
  NewsletterFailure,
  NewsletterSending,
  NewsletterSendingDetail,
} from "#common/types/newsletter.ts";
import type {
  SendingFailure,
  SendingSummary,
} from "#server/services/newsletter-sendings.server.ts";

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
  failures: SendingFailure[],
): NewsletterSendingDetail {
  return { ...presentSending(row), failures: failures.map(presentFailure) };
}
