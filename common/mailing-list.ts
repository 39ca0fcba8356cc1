import { toCsv } from "./csv.ts";
import type { Subscriber } from "./types/subscriber.ts";

/**
 * The mailing-list export (docs/product/mail.md#csv-export): `mailing-list-{date}.csv` with the
 * header "Email,Subscribed Date" and one row per subscriber. Dates are UTC calendar dates,
 * YYYY-MM-DD, like every date the site shows (common/format.ts). There is no byte-order mark,
 * so the first line is exactly the header; the file is UTF-8.
 */

export const MAILING_LIST_HEADER = ["Email", "Subscribed Date"] as const;

/** The MIME type the export is sent with. */
export const MAILING_LIST_CONTENT_TYPE = "text/csv; charset=utf-8";

/** "2025-03-05" for any instant on that UTC day; an unreadable value is kept as it is. */
export function isoCalendarDate(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return date.toISOString().slice(0, 10);
}

/** `mailing-list-2025-03-05.csv`, dated `now` (UTC). */
export function mailingListFileName(now: Date): string {
  return `mailing-list-${isoCalendarDate(now)}.csv`;
}

/** The CSV file for these subscribers, in the order given (the API's is newest first). */
export function mailingListCsv(
  subscribers: readonly Pick<Subscriber, "email" | "createdAt">[],
): string {
  return toCsv(
    MAILING_LIST_HEADER,
    subscribers.map((s) => [s.email, isoCalendarDate(s.createdAt)]),
  );
}
