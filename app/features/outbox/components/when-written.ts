import { browserTimeZone } from "#app/lib/browser-time-zone.ts";
import { formatStaffTime } from "#app/lib/staff-time.ts";

/**
 * When a message was written, as staff screens show a time (app/lib/staff-time.ts): in the
 * browser's zone, "5 Mar 2026, 15:05". The outbox is loaded in the browser, after hydration.
 */
export function whenWritten(iso: string): string {
  return formatStaffTime(iso, browserTimeZone());
}
