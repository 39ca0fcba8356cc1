import { canonicalTimeZone } from "#common/scheduling.ts";

/**
 * The browser's time zone as an IANA name, UTC when it cannot say: what the editor starts a
 * schedule in, and what the dashboard's dates are shown in.
 */
export function browserTimeZone(): string {
  try {
    return canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone) ?? "UTC";
  } catch {
    return "UTC";
  }
}
