import * as React from "react";
import { MONTHS } from "#common/format.ts";
import { canonicalTimeZone, instantToLocalDateTime } from "#common/scheduling.ts";
import { browserTimeZone } from "./browser-time-zone.ts";

/**
 * The one way staff screens show a time (docs/product/dashboard.md#times): in the viewer's
 * (browser's) zone, always with its date, "14 Mar 2027, 02:00"; a post's scheduled time adds the
 * post's own zone when its clock reads differently then, "14 Mar 2027, 02:00 (09:00 in Tokyo)".
 * Zones are named by their city ("Tokyo"), or by their IANA name when the site lists no city for
 * them. Pure functions with an explicit zone, so they give the same text on any machine.
 */

/** The zones the editor offers, by IANA name, with the city they are called by. */
export const ZONE_CITIES: readonly (readonly [zone: string, city: string])[] = [
  ["America/New_York", "New York"],
  ["America/Chicago", "Chicago"],
  ["America/Denver", "Denver"],
  ["America/Los_Angeles", "Los Angeles"],
  ["America/Anchorage", "Anchorage"],
  ["Pacific/Honolulu", "Honolulu"],
  ["Europe/London", "London"],
  ["Europe/Paris", "Paris"],
  ["Europe/Berlin", "Berlin"],
  ["Europe/Moscow", "Moscow"],
  ["Asia/Tokyo", "Tokyo"],
  ["Asia/Shanghai", "Shanghai"],
  ["Asia/Kolkata", "Kolkata"],
  ["Australia/Sydney", "Sydney"],
  ["Australia/Melbourne", "Melbourne"],
  ["UTC", "UTC"],
];

/**
 * How a zone is named on staff screens: "Asia/Tokyo" -> "Tokyo" (also when the runtime spells it
 * otherwise, "Asia/Calcutta" -> "Kolkata"); a zone without a city of ours keeps its IANA name,
 * underscores as spaces: "America/Argentina/Buenos Aires".
 */
export function zoneLabel(zone: string): string {
  const listed = ZONE_CITIES.find(([value]) => value === zone);
  if (listed) return listed[1];
  const canonical = canonicalTimeZone(zone);
  const same = ZONE_CITIES.find(([value]) => canonical && canonicalTimeZone(value) === canonical);
  return same ? same[1] : zone.replaceAll("_", " ");
}

/** "2027-03-14T09:00" (a wall clock) -> ["14 Mar 2027", "09:00"]. */
function parts(local: string): [date: string, time: string] {
  const month = MONTHS[Number(local.slice(5, 7)) - 1];
  return [`${Number(local.slice(8, 10))} ${month} ${local.slice(0, 4)}`, local.slice(11, 16)];
}

function wallClock(instant: string, zone: string): string | null {
  const canonical = canonicalTimeZone(zone);
  if (canonical === null || Number.isNaN(Date.parse(instant))) return null;
  return instantToLocalDateTime(instant, canonical);
}

/**
 * An instant as the viewer's clock shows it: "14 Mar 2027, 02:00". Without a viewer's zone (a
 * server render and its hydration) it is the UTC time, saying so: "14 Mar 2027, 00:00 UTC".
 * "" for an unreadable instant.
 */
export function formatStaffTime(instant: string, viewerZone: string | null): string {
  const local = wallClock(instant, viewerZone ?? "UTC");
  if (local === null) return "";
  const [date, time] = parts(local);
  return `${date}, ${time}${viewerZone === null ? " UTC" : ""}`;
}

/**
 * A post's scheduled time: formatStaffTime, and the post's own clock when it reads differently,
 * "14 Mar 2027, 02:00 (09:00 in Tokyo)", with its date when that is another day there:
 * "13 Mar 2027, 20:00 (14 Mar 2027, 09:00 in Tokyo)".
 */
export function formatPostTime(
  instant: string,
  postZone: string | null,
  viewerZone: string | null,
): string {
  const here = wallClock(instant, viewerZone ?? "UTC");
  if (here === null) return "";
  const shown = formatStaffTime(instant, viewerZone);
  const there = postZone ? wallClock(instant, postZone) : null;
  if (there === null || there === here) return shown;
  const [date, time] = parts(there);
  const when = there.slice(0, 10) === here.slice(0, 10) ? time : `${date}, ${time}`;
  return `${shown} (${when} in ${zoneLabel(postZone as string)})`;
}

const subscribeToNothing = () => () => {};

/**
 * The viewer's time zone for the functions above: the browser's, and null while a page is
 * rendered on the server and hydrated, so both renders write the same markup.
 */
export function useViewerZone(): string | null {
  return React.useSyncExternalStore<string | null>(subscribeToNothing, browserTimeZone, () => null);
}
