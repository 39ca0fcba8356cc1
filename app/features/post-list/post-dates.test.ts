import { describe, expect, it } from "vitest";
import {
  type DatedPost,
  formatScheduledTime,
  formatTimeAgo,
  formatWallClock,
  postDateLine,
  zonePlaceName,
} from "./post-dates.ts";

const NOW = new Date("2026-11-20T12:00:00.000Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// 2026-12-02 09:00 in Tokyo (UTC+9) is 00:00 UTC, 01:00 in Berlin (UTC+1 in winter).
const TOKYO_NINE = "2026-12-02T00:00:00.000Z";

describe("zonePlaceName", () => {
  it("names the place of an IANA zone, with spaces", () => {
    expect(zonePlaceName("Asia/Tokyo")).toBe("Tokyo");
    expect(zonePlaceName("America/New_York")).toBe("New York");
    expect(zonePlaceName("America/Argentina/Buenos_Aires")).toBe("Buenos Aires");
    expect(zonePlaceName("UTC")).toBe("UTC");
  });
});

describe("formatWallClock", () => {
  it("shows the clock of the zone, without the year in the current year", () => {
    expect(formatWallClock(TOKYO_NINE, "Asia/Tokyo", NOW)).toBe("Dec 2, 09:00");
    expect(formatWallClock(TOKYO_NINE, "Europe/Berlin", NOW)).toBe("Dec 2, 01:00");
    expect(formatWallClock(TOKYO_NINE, "America/New_York", NOW)).toBe("Dec 1, 19:00");
  });

  it("adds the year when it is another year there, or when there is no now", () => {
    expect(formatWallClock("2027-03-14T00:00:00.000Z", "Asia/Tokyo", NOW)).toBe(
      "Mar 14, 2027, 09:00",
    );
    // New Year's Eve in New York is already the new year in Tokyo.
    const newYear = "2026-12-31T20:00:00.000Z";
    expect(formatWallClock(newYear, "America/New_York", NOW)).toBe("Dec 31, 15:00");
    expect(formatWallClock(newYear, "Asia/Tokyo", NOW)).toBe("Jan 1, 2027, 05:00");
    expect(formatWallClock(TOKYO_NINE, "Asia/Tokyo", null)).toBe("Dec 2, 2026, 09:00");
  });

  it("follows daylight saving", () => {
    // 09:00 UTC is 10:00 in Berlin in winter and 11:00 in summer.
    expect(formatWallClock("2026-01-15T09:00:00.000Z", "Europe/Berlin", NOW)).toBe("Jan 15, 10:00");
    expect(formatWallClock("2026-07-15T09:00:00.000Z", "Europe/Berlin", NOW)).toBe("Jul 15, 11:00");
  });

  it("gives nothing for an unreadable instant or zone", () => {
    expect(formatWallClock("soon", "Asia/Tokyo", NOW)).toBe("");
    expect(formatWallClock(TOKYO_NINE, "Mars/Olympus_Mons", NOW)).toBe("");
  });
});

describe("formatScheduledTime", () => {
  it("shows the time in its zone and in the viewer's", () => {
    expect(
      formatScheduledTime(TOKYO_NINE, "Asia/Tokyo", { now: NOW, timeZone: "Europe/Berlin" }),
    ).toBe("Dec 2, 09:00 Tokyo · Dec 2, 01:00 your time");
    expect(
      formatScheduledTime(TOKYO_NINE, "Asia/Tokyo", { now: NOW, timeZone: "America/New_York" }),
    ).toBe("Dec 2, 09:00 Tokyo · Dec 1, 19:00 your time");
  });

  it("leaves out the viewer's time when their clock reads the same", () => {
    expect(
      formatScheduledTime(TOKYO_NINE, "Asia/Tokyo", { now: NOW, timeZone: "Asia/Tokyo" }),
    ).toBe("Dec 2, 09:00 Tokyo");
    // Another zone with the same clock at that time.
    expect(
      formatScheduledTime(TOKYO_NINE, "Asia/Tokyo", { now: NOW, timeZone: "Asia/Seoul" }),
    ).toBe("Dec 2, 09:00 Tokyo");
  });

  it("shows only the zone's time, with its year, before the viewer is known", () => {
    expect(formatScheduledTime(TOKYO_NINE, "Asia/Tokyo", null)).toBe("Dec 2, 2026, 09:00 Tokyo");
  });

  it("reads a post without a zone as UTC, and keeps the zone's own name", () => {
    expect(formatScheduledTime(TOKYO_NINE, null, null)).toBe("Dec 2, 2026, 00:00 UTC");
    expect(formatScheduledTime(TOKYO_NINE, "Asia/Kolkata", null)).toBe(
      "Dec 2, 2026, 05:30 Kolkata",
    );
  });
});

describe("formatTimeAgo", () => {
  it("counts minutes, hours and days, then gives the date", () => {
    expect(formatTimeAgo(ago(0), NOW)).toBe("just now");
    expect(formatTimeAgo(ago(59_999), NOW)).toBe("just now");
    expect(formatTimeAgo(ago(MINUTE), NOW)).toBe("1 min ago");
    expect(formatTimeAgo(ago(5 * MINUTE + 30_000), NOW)).toBe("5 min ago");
    expect(formatTimeAgo(ago(HOUR - 1), NOW)).toBe("59 min ago");
    expect(formatTimeAgo(ago(HOUR), NOW)).toBe("1 hour ago");
    expect(formatTimeAgo(ago(23 * HOUR), NOW)).toBe("23 hours ago");
    expect(formatTimeAgo(ago(DAY), NOW)).toBe("1 day ago");
    expect(formatTimeAgo(ago(6 * DAY), NOW)).toBe("6 days ago");
    expect(formatTimeAgo(ago(7 * DAY), NOW)).toBe("on Nov 13, 2026");
  });

  it("says just now for a time a little ahead of the viewer's clock", () => {
    expect(formatTimeAgo(ago(-30_000), NOW)).toBe("just now");
  });

  it("gives nothing for an unreadable time", () => {
    expect(formatTimeAgo("yesterday", NOW)).toBe("");
  });
});

describe("postDateLine", () => {
  const post = (overrides: Partial<DatedPost>): DatedPost => ({
    status: "draft",
    publishedAt: null,
    scheduledAt: null,
    timezone: null,
    createdAt: "2026-01-10T08:00:00.000Z",
    updatedAt: ago(5 * MINUTE),
    ...overrides,
  });
  const viewer = { now: NOW, timeZone: "Europe/Berlin" };

  it("dates a published post by its publication", () => {
    const published = post({ status: "published", publishedAt: "2026-03-05T10:00:00.000Z" });
    const line = { label: "Published", text: "Mar 5, 2026", dateTime: "2026-03-05T10:00:00.000Z" };
    expect(postDateLine(published, viewer)).toEqual(line);
    expect(postDateLine(published, null)).toEqual(line);
  });

  it("dates a scheduled post by its time, in its zone and the viewer's", () => {
    const scheduled = post({
      status: "scheduled",
      scheduledAt: TOKYO_NINE,
      timezone: "Asia/Tokyo",
    });
    expect(postDateLine(scheduled, viewer)).toEqual({
      label: "Scheduled for",
      text: "Dec 2, 09:00 Tokyo · Dec 2, 01:00 your time",
      dateTime: TOKYO_NINE,
    });
    expect(postDateLine(scheduled, null).text).toBe("Dec 2, 2026, 09:00 Tokyo");
  });

  it("dates a draft by its last edit, relative once the viewer's clock is known", () => {
    const draft = post({ updatedAt: "2026-11-20T11:55:00.000Z" });
    expect(postDateLine(draft, viewer)).toEqual({
      label: "Edited",
      text: "5 min ago",
      dateTime: "2026-11-20T11:55:00.000Z",
      title: "Nov 20, 2026, 11:55 UTC",
    });
    expect(postDateLine(draft, null)).toEqual({
      label: "Edited",
      text: "on Nov 20, 2026",
      dateTime: "2026-11-20T11:55:00.000Z",
    });
  });

  it("dates anything else by its creation", () => {
    expect(postDateLine(post({ status: "archived" }), viewer)).toEqual({
      label: "Created",
      text: "Jan 10, 2026",
      dateTime: "2026-01-10T08:00:00.000Z",
    });
    expect(postDateLine(post({ status: "scheduled" }), viewer).label).toBe("Created");
  });
});
