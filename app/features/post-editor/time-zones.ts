import { ZONE_CITIES, zoneLabel } from "#app/lib/staff-time.ts";
import { canonicalTimeZone } from "#common/scheduling.ts";

export type TimeZoneOption = { value: string; label: string };

/** The Post Settings panel's time zones (docs/product/editor.md#schedule-dialog), by IANA name. */
export const SETTINGS_TIME_ZONES: readonly TimeZoneOption[] = ZONE_CITIES.map(([value, label]) => ({
  value,
  label,
}));

/** The Schedule Post dialog's shorter list of 8 (docs/product/editor.md#schedule-dialog). */
export const SCHEDULE_TIME_ZONES: readonly TimeZoneOption[] = [
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Los_Angeles",
  "Europe/London",
  "Europe/Paris",
  "Asia/Tokyo",
  "Australia/Sydney",
].map((value) => SETTINGS_TIME_ZONES.find((zone) => zone.value === value) as TimeZoneOption);

/**
 * The value in `zones` that names the same zone as `zone`, else `zone` itself. Runtimes spell
 * some zones differently (Node's ICU resolves Asia/Kolkata to Asia/Calcutta), so a zone read
 * back from a saved post may not match its option letter for letter.
 */
export function listedZone(zone: string, zones: readonly TimeZoneOption[]): string {
  if (zones.some((option) => option.value === zone)) return zone;
  const canonical = canonicalTimeZone(zone);
  if (canonical === null) return zone;
  return zones.find((option) => canonicalTimeZone(option.value) === canonical)?.value ?? zone;
}

/**
 * A list of zones to choose from: `zones`, and in front of them any of `extra` that are not
 * in it (the browser's zone, the zone a post was scheduled in), labelled as staff screens name
 * zones (zoneLabel: the city, else the IANA name).
 */
export function timeZoneOptions(
  zones: readonly TimeZoneOption[],
  ...extra: (string | null | undefined)[]
): TimeZoneOption[] {
  const added: TimeZoneOption[] = [];
  for (const given of extra) {
    if (!given) continue;
    const zone = listedZone(given, zones);
    if (zones.some((option) => option.value === zone)) continue;
    if (added.some((option) => option.value === zone)) continue;
    added.push({ value: zone, label: zoneLabel(zone) });
  }
  return [...added, ...zones];
}

/**
 * A list of zones to choose from as the editor shows it: timeZoneOptions with the browser's
 * zone and `extra`, the browser's zone marked "(your time zone)".
 */
export function zoneChoices(
  zones: readonly TimeZoneOption[],
  browserZone: string,
  ...extra: (string | null | undefined)[]
): TimeZoneOption[] {
  return timeZoneOptions(zones, browserZone, ...extra).map((zone) =>
    zone.value === browserZone ? { ...zone, label: `${zone.label} (your time zone)` } : zone,
  );
}
