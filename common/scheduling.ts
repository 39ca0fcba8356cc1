/**
 * The forms a post's scheduled time travels in (docs/product/content-model.md#scheduling). The
 * editor sends the wall-clock time staff chose, without an offset, plus the IANA time zone it is
 * meant in; the server turns the pair into the UTC instant it stores. An ISO instant with "Z" or an
 * offset is taken as that instant. Pure functions on Intl only: this module runs in the browser
 * too.
 */

/** A wall-clock date-time as `<input type="datetime-local">` gives it: 2027-03-14T09:00(:00). */
export const LOCAL_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;

/** An instant: a local date-time followed by "Z" or a ±hh:mm offset. */
export const DATE_TIME_WITH_OFFSET =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i;

/** Whether `value` names a real calendar date and clock time (no 2027-02-30, no 24:00). */
export function isValidLocalDateTime(value: string): boolean {
  const match = LOCAL_DATE_TIME.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match
    .slice(1, 7)
    .map((part) => Number(part ?? "0"));
  if (
    year === undefined ||
    month === undefined ||
    day === undefined ||
    hour === undefined ||
    minute === undefined ||
    second === undefined
  ) {
    return false;
  }
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return (
    year >= 1970 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59
  );
}

/** Whether `value` is an ISO instant with "Z" or an offset that names a real moment. */
export function isValidInstant(value: string): boolean {
  if (!DATE_TIME_WITH_OFFSET.test(value)) return false;
  return isValidLocalDateTime(value.slice(0, 16)) && !Number.isNaN(Date.parse(value));
}

/**
 * An IANA time-zone name ("Europe/Berlin", "UTC") as the runtime spells it, or null when the
 * runtime does not know it. Fixed offsets ("+05:00") are not zones: they know no daylight saving.
 */
export function canonicalTimeZone(value: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/.test(value) || value.length > 64) {
    return null;
  }
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * A stored instant as the wall-clock value of a datetime-local input in `timeZone`
 * ("2027-03-14T09:00"), for showing a scheduled time in the zone it was chosen in.
 */
export function instantToLocalDateTime(instant: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? "00";
  return `${part("year")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}`;
}
