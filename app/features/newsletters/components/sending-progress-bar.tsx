import { nextTryText } from "#app/features/newsletters/newsletter-texts.ts";
import { progressOf } from "#app/features/newsletters/sending-progress.ts";
import type { NewsletterSending } from "#common/types/newsletter.ts";

/**
 * A sending's progress: a bar that names what it measures for screen readers, and the counts
 * under it (sent, failed, skipped, left, and when a copy refused for now is tried again).
 */
export function SendingProgressBar({ sending }: { sending: NewsletterSending }) {
  const progress = progressOf(sending);
  return (
    <div className="grid min-w-0 gap-1.5">
      <div
        role="progressbar"
        aria-label={`Progress of "${sending.postTitle}"`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={progress.valueText}
        className="h-2 w-full overflow-hidden rounded-full bg-night-700"
      >
        <div
          className={
            sending.status === "sending"
              ? "h-full rounded-full bg-diamond-400 transition-[width]"
              : "h-full rounded-full bg-grass-500"
          }
          style={{ width: `${progress.percent}%` }}
        />
      </div>
      <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-zinc-300 tabular-nums">
        <span>{`${sending.sent.toLocaleString("en-US")} sent`}</span>
        <span className={sending.failed > 0 ? "text-redstone-400" : undefined}>
          {`${sending.failed.toLocaleString("en-US")} failed`}
        </span>
        <span>{`${sending.skipped.toLocaleString("en-US")} skipped`}</span>
        <span>{`${sending.left.toLocaleString("en-US")} left`}</span>
        {sending.nextRetryAt ? <span>{nextTryText(sending.nextRetryAt)}</span> : null}
      </p>
    </div>
  );
}
