import { formatPostTime, formatStaffTime } from "#app/lib/staff-time.ts";
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

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago `instant` was, at `now`: "just now" (under a minute, or a clock a little behind),
 * "5 min ago", "1 hour ago", "3 days ago"; from a week on, the date and time in `timeZone`:
 * "on 5 Mar 2025, 14:00".
 */
export function formatTimeAgo(instant: string, now: Date, timeZone: string): string {
  const at = Date.parse(instant);
  if (Number.isNaN(at)) return "";
  const elapsed = now.getTime() - at;
  const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"} ago`;
  if (elapsed < MINUTE) return "just now";
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY) return count(Math.floor(elapsed / HOUR), "hour");
  if (elapsed < 7 * DAY) return count(Math.floor(elapsed / DAY), "day");
  return `on ${formatStaffTime(instant, timeZone)}`;
}

/**
 * The date line of a post's card. When the list is sorted by when posts were last edited
 * (`shown`), the last edit, whatever the post's state; otherwise the one that matters for the
 * post's state: a published
 * post's publication, a scheduled post's time (with its own zone where that differs), a draft's
 * last edit, anything else its creation. Times are the viewer's (app/lib/staff-time.ts); a last
 * edit is relative ("5 min ago") once the viewer's clock is known, the exact time in its title.
 */
export function postDateLine(
  post: DatedPost,
  viewer: Viewer | null,
  shown: "updatedAt" | null = null,
): DateLine {
  const zone = viewer?.timeZone ?? null;
  const at = (label: string, instant: string): DateLine => ({
    label,
    text: formatStaffTime(instant, zone),
    dateTime: instant,
  });
  if (shown === "updatedAt" || post.status === "draft") {
    if (viewer === null) return at("Edited", post.updatedAt);
    return {
      label: "Edited",
      text: formatTimeAgo(post.updatedAt, viewer.now, viewer.timeZone),
      dateTime: post.updatedAt,
      title: formatStaffTime(post.updatedAt, viewer.timeZone),
    };
  }
  if (post.status === "published") {
    return at("Published", post.publishedAt ?? post.createdAt);
  }
  if (post.status === "scheduled" && post.scheduledAt) {
    return {
      label: "Scheduled for",
      text: formatPostTime(post.scheduledAt, post.timezone, zone),
      dateTime: post.scheduledAt,
    };
  }
  return at("Created", post.createdAt);
}
