/**
 * Formatting shared by the pages, the dashboard and the feeds. Dates are shown in UTC, except
 * the times the dashboard shows in a named zone (app/features/post-list/post-dates.ts).
 */

/** The months as the site abbreviates them. */
export const MONTHS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
];
const LONG_MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Mar 5, 2025" (date-fns' "MMM d, yyyy"); an unreadable date gives "". */
export function formatShortDate(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  if (!date) return "";
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** "March 5, 2025"; an unreadable date gives "". */
export function formatLongDate(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  if (!date) return "";
  return `${LONG_MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** "March 5, 2025, 14:05 UTC"; an unreadable date gives "". */
export function formatLongDateTime(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  if (!date) return "";
  const time = `${String(date.getUTCHours()).padStart(2, "0")}:${String(date.getUTCMinutes()).padStart(2, "0")}`;
  return `${formatLongDate(date)}, ${time} UTC`;
}

/** 950 -> "950", 12_400 -> "12.4K", 2_300_000 -> "2.3M" (K from 1,000, M from 1,000,000). */
export function formatCount(count: number): string {
  if (!Number.isFinite(count) || count < 1000) return String(Math.max(0, Math.trunc(count || 0)));
  if (count < 1_000_000) {
    const k = Math.floor(count / 100) / 10;
    // 999_999 would round up to "1000K"; show it as "999.9K" instead.
    return `${trimZero(k)}K`;
  }
  return `${trimZero(Math.floor(count / 100_000) / 10)}M`;
}

function trimZero(n: number): string {
  return n.toFixed(1).replace(/\.0$/, "");
}

/** True when the date is after `now`. */
export function isFuture(value: string | null | undefined, now = new Date()): boolean {
  if (!value) return false;
  const date = toDate(value);
  return date !== null && date.getTime() > now.getTime();
}

const MARKUP_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Text made safe to put inside HTML or XML, as element text or a quoted attribute value. `'`
 * becomes `&#39;`, which HTML and XML readers alike understand.
 */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => MARKUP_ESCAPES[ch] ?? ch);
}
