import { formatShortDate, MONTHS } from "#common/format.ts";
import { canonicalTimeZone, instantToLocalDateTime } from "#common/scheduling.ts";
import type { Post } from "#common/types/post.ts";

/**
 * The date a dashboard card shows for a post, the one that matters for its state
 * (docs/product/dashboard.md#content-lists): pure functions, so the rules are tested on their own
 * and the server render and the browser agree on everything that does not depend on the browser.
 */

/** What the date line needs to know about a post. */
export type DatedPost = Pick<
  Post,
  "status" | "publishedAt" | "scheduledAt" | "timezone" | "createdAt" | "updatedAt"
>;

/**
 * Who looks, and when: the browser's time zone and clock. null while the page is rendered on
 * the server and hydrated, when neither is known, so that both renders write the same markup.
 */
export type Viewer = { now: Date; timeZone: string };

/** A card's date line: `{label} {text}`, with the instant `text` stands for. */
export type DateLine = {
  label: string;
  text: string;
  /** For <time dateTime>. */
  dateTime: string;
  /** The exact time, where `text` is relative. */
  title?: string;
};

/** "Asia/Tokyo" -> "Tokyo", "America/Argentina/Buenos_Aires" -> "Buenos Aires", "UTC" -> "UTC". */
export function zonePlaceName(timeZone: string): string {
  const place = timeZone.slice(timeZone.lastIndexOf("/") + 1);
  return place.replaceAll("_", " ");
}

/**
 * An instant as the clock in `timeZone` shows it: "Dec 2, 09:00", with the year
 * ("Dec 2, 2027, 09:00") when it is not the year of `now` there, or when there is no `now`.
 * "" for an unreadable instant or zone.
 */
export function formatWallClock(instant: string, timeZone: string, now: Date | null): string {
  const zone = canonicalTimeZone(timeZone);
  if (zone === null || Number.isNaN(Date.parse(instant))) return "";
  // "2027-12-02T09:00"
  const local = instantToLocalDateTime(instant, zone);
  const year = local.slice(0, 4);
  const month = MONTHS[Number(local.slice(5, 7)) - 1];
  const day = Number(local.slice(8, 10));
  const time = local.slice(11, 16);
  const thisYear =
    now === null ? null : instantToLocalDateTime(now.toISOString(), zone).slice(0, 4);
  return year === thisYear ? `${month} ${day}, ${time}` : `${month} ${day}, ${year}, ${time}`;
}

/**
 * A scheduled time in the zone it was set in, and in the viewer's own when that clock reads
 * differently: "Dec 2, 09:00 Tokyo · Dec 2, 01:00 your time". Without a viewer (server render,
 * hydration) only the first part, which does not depend on the browser.
 */
export function formatScheduledTime(
  instant: string,
  timeZone: string | null,
  viewer: Viewer | null,
): string {
  const zone = canonicalTimeZone(timeZone ?? "UTC") ?? "UTC";
  const now = viewer?.now ?? null;
  const there = formatWallClock(instant, zone, now);
  if (there === "") return "";
  const inZone = `${there} ${zonePlaceName(timeZone ?? zone)}`;
  if (viewer === null) return inZone;
  const here = formatWallClock(instant, viewer.timeZone, now);
  return here === "" || here === there ? inZone : `${inZone} · ${here} your time`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago `instant` was, at `now`: "just now" (under a minute, or a clock a little behind),
 * "5 min ago", "1 hour ago", "3 days ago"; from a week on, the date: "on Mar 5, 2025".
 */
export function formatTimeAgo(instant: string, now: Date): string {
  const at = Date.parse(instant);
  if (Number.isNaN(at)) return "";
  const elapsed = now.getTime() - at;
  const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"} ago`;
  if (elapsed < MINUTE) return "just now";
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY) return count(Math.floor(elapsed / HOUR), "hour");
  if (elapsed < 7 * DAY) return count(Math.floor(elapsed / DAY), "day");
  return `on ${formatShortDate(instant)}`;
}

/**
 * The date line of a post's card: a published post's publication date; a scheduled post's time
 * in its zone and the viewer's; a draft's last edit, relative once the viewer's clock is known
 * ("on Mar 5, 2025" until then); anything else its creation date.
 */
export function postDateLine(post: DatedPost, viewer: Viewer | null): DateLine {
  if (post.status === "published") {
    const published = post.publishedAt ?? post.createdAt;
    return { label: "Published", text: formatShortDate(published), dateTime: published };
  }
  if (post.status === "scheduled" && post.scheduledAt) {
    return {
      label: "Scheduled for",
      text: formatScheduledTime(post.scheduledAt, post.timezone, viewer),
      dateTime: post.scheduledAt,
    };
  }
  if (post.status === "draft") {
    if (viewer === null) {
      return {
        label: "Edited",
        text: `on ${formatShortDate(post.updatedAt)}`,
        dateTime: post.updatedAt,
      };
    }
    return {
      label: "Edited",
      text: formatTimeAgo(post.updatedAt, viewer.now),
      dateTime: post.updatedAt,
      title: `${formatWallClock(post.updatedAt, "UTC", null)} UTC`,
    };
  }
  return { label: "Created", text: formatShortDate(post.createdAt), dateTime: post.createdAt };
}
