import { Temporal } from "temporal-polyfill";
import { LOCAL_DATE_TIME } from "#common/scheduling.ts";

/**
 * The UTC instant (ISO-8601, "…Z") of a scheduled time as the editor sends it: a wall-clock
 * date-time meant in the IANA zone `timeZone`, or an ISO instant with Z or an offset (taken as
 * that instant; the zone is then not needed).
 *
 * Daylight saving follows Temporal's "compatible" rule, which is also what calendar programs do
 * (docs/decisions/004-scheduled-times-and-old-slugs.md): a wall-clock time that does not exist (skipped when
 * clocks go forward) moves forward by the length of the gap (02:30 on a day that jumps from
 * 02:00 to 03:00 is 03:30), and one that exists twice (clocks go back) is the earlier of the two.
 */
export function toScheduledInstant(value: string, timeZone: string | null): string {
  if (!LOCAL_DATE_TIME.test(value)) return new Date(value).toISOString();
  if (!timeZone) throw new Error("A wall-clock scheduled time needs a time zone");
  const instant = Temporal.PlainDateTime.from(value)
    .toZonedDateTime(timeZone, { disambiguation: "compatible" })
    .toInstant();
  return new Date(instant.epochMilliseconds).toISOString();
}
