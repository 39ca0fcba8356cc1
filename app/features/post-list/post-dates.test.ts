import { describe, expect, it } from "vitest";
import { type DatedPost, formatTimeAgo, postDateLine } from "./post-dates.ts";

const NOW = new Date("2026-11-20T12:00:00.000Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// 2026-12-02 09:00 in Tokyo (UTC+9) is 00:00 UTC, 01:00 in Berlin (UTC+1 in winter).
const TOKYO_NINE = "2026-12-02T00:00:00.000Z";

describe("formatTimeAgo", () => {
  it("counts minutes, hours and days, then gives the date", () => {
    expect(formatTimeAgo(ago(0), NOW, "Europe/Berlin")).toBe("just now");
    expect(formatTimeAgo(ago(59_999), NOW, "Europe/Berlin")).toBe("just now");
    expect(formatTimeAgo(ago(MINUTE), NOW, "Europe/Berlin")).toBe("1 min ago");
    expect(formatTimeAgo(ago(5 * MINUTE + 30_000), NOW, "Europe/Berlin")).toBe("5 min ago");
    expect(formatTimeAgo(ago(HOUR - 1), NOW, "Europe/Berlin")).toBe("59 min ago");
    expect(formatTimeAgo(ago(HOUR), NOW, "Europe/Berlin")).toBe("1 hour ago");
    expect(formatTimeAgo(ago(23 * HOUR), NOW, "Europe/Berlin")).toBe("23 hours ago");
    expect(formatTimeAgo(ago(DAY), NOW, "Europe/Berlin")).toBe("1 day ago");
    expect(formatTimeAgo(ago(6 * DAY), NOW, "Europe/Berlin")).toBe("6 days ago");
    expect(formatTimeAgo(ago(7 * DAY), NOW, "Europe/Berlin")).toBe("on 13 Nov 2026, 13:00");
  });

  it("says just now for a time a little ahead of the viewer's clock", () => {
    expect(formatTimeAgo(ago(-30_000), NOW, "Europe/Berlin")).toBe("just now");
  });

  it("gives nothing for an unreadable time", () => {
    expect(formatTimeAgo("yesterday", NOW, "Europe/Berlin")).toBe("");
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

  it("dates a published post by its publication, in the viewer's zone", () => {
    const published = post({ status: "published", publishedAt: "2026-03-05T10:00:00.000Z" });
    expect(postDateLine(published, viewer)).toEqual({
      label: "Published",
      text: "5 Mar 2026, 11:00",
      dateTime: "2026-03-05T10:00:00.000Z",
    });
    expect(postDateLine(published, null).text).toBe("5 Mar 2026, 10:00 UTC");
  });

  it("dates a scheduled post by its time, naming its zone where the clock differs", () => {
    const scheduled = post({
      status: "scheduled",
      scheduledAt: TOKYO_NINE,
      timezone: "Asia/Tokyo",
    });
    expect(postDateLine(scheduled, viewer)).toEqual({
      label: "Scheduled for",
      text: "2 Dec 2026, 01:00 (09:00 in Tokyo)",
      dateTime: TOKYO_NINE,
    });
    expect(postDateLine(scheduled, null).text).toBe("2 Dec 2026, 00:00 UTC (09:00 in Tokyo)");
  });

  it("dates a draft by its last edit, relative once the viewer's clock is known", () => {
    const draft = post({ updatedAt: "2026-11-20T11:55:00.000Z" });
    expect(postDateLine(draft, viewer)).toEqual({
      label: "Edited",
      text: "5 min ago",
      dateTime: "2026-11-20T11:55:00.000Z",
      title: "20 Nov 2026, 12:55",
    });
    expect(postDateLine(draft, null)).toEqual({
      label: "Edited",
      text: "20 Nov 2026, 11:55 UTC",
      dateTime: "2026-11-20T11:55:00.000Z",
    });
  });

  it("dates anything else by its creation", () => {
    expect(postDateLine(post({ status: "archived" }), viewer)).toEqual({
      label: "Created",
      text: "10 Jan 2026, 09:00",
      dateTime: "2026-01-10T08:00:00.000Z",
    });
    expect(postDateLine(post({ status: "scheduled" }), viewer).label).toBe("Created");
  });

  it("shows the last edit of any post when the list is sorted by it", () => {
    const published = post({
      status: "published",
      publishedAt: "2026-03-05T10:00:00.000Z",
      updatedAt: "2026-11-20T11:00:00.000Z",
    });
    expect(postDateLine(published, viewer, "updatedAt")).toEqual({
      label: "Edited",
      text: "1 hour ago",
      dateTime: "2026-11-20T11:00:00.000Z",
      title: "20 Nov 2026, 12:00",
    });
    expect(postDateLine(published, null, "updatedAt").text).toBe("20 Nov 2026, 11:00 UTC");
  });
});
