import type { NewsletterSending } from "#common/types/newsletter.ts";

// How far a sending has come, in numbers and words (docs/product/mail.md#newsletters-section).

/** How often the Newsletters section asks again while a sending is under way. */
export const SENDING_POLL_MS = 2000;

export type SendingProgress = {
  /** Deliveries sent, failed or skipped: nothing more will happen to them. */
  done: number;
  /** Whole per cent of the total done (100 for an empty sending). */
  percent: number;
  /** "34 of 120 handled", for the progress bar's screen-reader value. */
  valueText: string;
};

export function progressOf(sending: NewsletterSending): SendingProgress {
  const done = sending.sent + sending.failed + sending.skipped;
  const percent = sending.total === 0 ? 100 : Math.floor((done / sending.total) * 100);
  return {
    done,
    percent: Math.min(100, percent),
    valueText: `${done.toLocaleString("en-US")} of ${sending.total.toLocaleString("en-US")} handled`,
  };
}

/** Whether any sending on the page is still under way (the page is asked again then). */
export function anySending(sendings: readonly NewsletterSending[] | undefined): boolean {
  return (sendings ?? []).some((sending) => sending.status === "sending");
}

/** The status as a word: "Sending" or "Finished", or "Finished with failures". */
export function statusLabel(sending: NewsletterSending): string {
  if (sending.status === "sending") return "Sending";
  return sending.failed > 0 ? "Finished with failures" : "Finished";
}
