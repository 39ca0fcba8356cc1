import type { Subscriber } from "#common/types/subscriber.ts";

/** The three counters of the Mailing List section (docs/product.md#mailing-list-section). */
export type SubscriberStats = { total: number; thisMonth: number; thisWeek: number };

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Counts the subscribers: all of them; those who joined in the same calendar month and year as
 * `now`; and those who joined in the last 7 days (at or after `now` minus 7 × 24 hours, later
 * ones included, so a sign-up stamped by a server clock slightly ahead still counts).
 *
 * The calendar month is the one on the wall where the dashboard is open: `timeZone` is an IANA
 * zone, and left out it is the browser's own, so "This Month" starts at local midnight on the
 * 1st. The week is a span of time and needs no zone. A date that cannot be read counts only
 * in the total.
 */
export function subscriberStats(
  subscribers: readonly Pick<Subscriber, "createdAt">[],
  now: Date,
  timeZone?: string,
): SubscriberStats {
  const monthOf = calendarMonth(timeZone);
  const currentMonth = monthOf(now);
  const weekStart = now.getTime() - WEEK_MS;
  let thisMonth = 0;
  let thisWeek = 0;
  for (const { createdAt } of subscribers) {
    const joined = new Date(createdAt);
    if (Number.isNaN(joined.getTime())) continue;
    if (monthOf(joined) === currentMonth) thisMonth += 1;
    if (joined.getTime() >= weekStart) thisWeek += 1;
  }
  return { total: subscribers.length, thisMonth, thisWeek };
}

/** "2025-3": the year and month of an instant in the zone. */
function calendarMonth(timeZone: string | undefined): (date: Date) => string {
  const format = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric" });
  return (date) => {
    const parts = format.formatToParts(date);
    const year = parts.find((part) => part.type === "year")?.value;
    const month = parts.find((part) => part.type === "month")?.value;
    return `${year}-${month}`;
  };
}
