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

/** How far `timeZone`'s clock is ahead of UTC at `epochMs`, in milliseconds. */
function zoneOffset(epochMs: number, timeZone: string): number {
  const local = instantToLocalDateTime(new Date(epochMs).toISOString(), timeZone);
  return Date.parse(`${local}:00Z`) - Math.floor(epochMs / 60_000) * 60_000;
}

/**
 * The UTC instant ("…Z") of a wall-clock date-time ("2027-03-14T09:00") meant in `timeZone`, as
 * the browser works it out (the server has its own, with Temporal): the Schedule dialog uses it
 * to see a time has passed, and to keep a post's zone when the time was chosen in another. A
 * time that exists twice is the earlier; one skipped by the clocks moves on by the gap. null for
 * an unreadable date-time or zone.
 */
export function localDateTimeToInstant(local: string, timeZone: string): string | null {
  const zone = canonicalTimeZone(timeZone);
  if (zone === null || !isValidLocalDateTime(local)) return null;
  const asUtc = Date.parse(`${local.slice(0, 16)}:00Z`);
  const before = asUtc - zoneOffset(asUtc - 86_400_000, zone);
  const after = asUtc - zoneOffset(asUtc + 86_400_000, zone);
  // Of the readings either side of a change, the earlier one that shows this clock, else the
  // later (the time fell in a gap).
  for (const guess of [Math.min(before, after), Math.max(before, after)]) {
    if (instantToLocalDateTime(new Date(guess).toISOString(), zone) === local.slice(0, 16)) {
      return new Date(guess).toISOString();
    }
  }
  return new Date(Math.max(before, after)).toISOString();
}
