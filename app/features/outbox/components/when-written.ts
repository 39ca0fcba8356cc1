import { formatLongDate } from "#common/format.ts";

/** When a message was written, to the minute: "March 5, 2026, 14:05 UTC". */
export function whenWritten(iso: string): string {
  return `${formatLongDate(iso)}, ${iso.slice(11, 16)} UTC`;
}
