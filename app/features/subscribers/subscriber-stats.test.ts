import { describe, expect, it } from "vitest";
import { subscriberStats } from "./subscriber-stats.ts";

const joined = (...createdAt: string[]) => createdAt.map((value) => ({ createdAt: value }));

describe("subscriberStats", () => {
  it("counts every subscriber in the total", () => {
    const now = new Date("2025-06-15T12:00:00Z");
    expect(subscriberStats([], now, "UTC")).toEqual({ total: 0, thisMonth: 0, thisWeek: 0 });
    const list = joined("2025-06-14T00:00:00Z", "2023-01-01T00:00:00Z", "not a date");
    expect(subscriberStats(list, now, "UTC").total).toBe(3);
  });

  describe("This Month: the same calendar month and year", () => {
    const now = new Date("2025-06-15T12:00:00Z");

    it("starts on the 1st at midnight and ends at the last moment of the month", () => {
      const list = joined(
        "2025-06-01T00:00:00.000Z", // the first moment of June
        "2025-06-30T23:59:59.999Z", // the last moment of June
        "2025-05-31T23:59:59.999Z", // the last moment of May
        "2025-07-01T00:00:00.000Z", // the first moment of July
      );
      expect(subscriberStats(list, now, "UTC").thisMonth).toBe(2);
    });

    it("does not count the same month of another year", () => {
      const list = joined("2024-06-15T12:00:00Z", "2026-06-15T12:00:00Z");
      expect(subscriberStats(list, now, "UTC").thisMonth).toBe(0);
    });

    it("is the month on the wall where the dashboard is open", () => {
      // 03:30 UTC on June 1st is still May 31st in New York, and June 1st in Tokyo.
      const list = joined("2025-06-01T03:30:00Z");
      expect(subscriberStats(list, now, "America/New_York").thisMonth).toBe(0);
      expect(subscriberStats(list, now, "Asia/Tokyo").thisMonth).toBe(1);
      // 20:00 UTC on May 31st is already June 1st in Tokyo.
      const late = joined("2025-05-31T20:00:00Z");
      expect(subscriberStats(late, now, "America/New_York").thisMonth).toBe(0);
      expect(subscriberStats(late, now, "Asia/Tokyo").thisMonth).toBe(1);
    });

    it("follows `now` across a year end in the zone", () => {
      // 02:00 UTC on January 1st is New Year's Eve in Los Angeles.
      const newYear = new Date("2026-01-01T02:00:00Z");
      const list = joined("2025-12-20T00:00:00Z", "2026-01-01T01:00:00Z");
      expect(subscriberStats(list, newYear, "America/Los_Angeles").thisMonth).toBe(2);
      expect(subscriberStats(list, newYear, "UTC").thisMonth).toBe(1);
    });
  });

  describe("This Week: the last 7 days", () => {
    const now = new Date("2025-06-15T12:00:00.000Z");

    it("counts from exactly 7 × 24 hours before now", () => {
      const list = joined(
        "2025-06-08T12:00:00.000Z", // exactly 7 days ago
        "2025-06-08T11:59:59.999Z", // a millisecond earlier
        "2025-06-15T11:59:00.000Z", // a minute ago
      );
      expect(subscriberStats(list, now, "UTC").thisWeek).toBe(2);
    });

    it("spans the turn of a month, unlike This Month", () => {
      const july3 = new Date("2025-07-03T12:00:00Z");
      const list = joined("2025-06-28T12:00:00Z", "2025-07-02T12:00:00Z");
      expect(subscriberStats(list, july3, "UTC")).toEqual({
        total: 2,
        thisMonth: 1,
        thisWeek: 2,
      });
    });

    it("counts a sign-up stamped slightly ahead of the browser's clock", () => {
      const list = joined("2025-06-15T12:00:05.000Z");
      expect(subscriberStats(list, now, "UTC")).toEqual({ total: 1, thisMonth: 1, thisWeek: 1 });
    });

    it("skips dates it cannot read", () => {
      expect(subscriberStats(joined("yesterday"), now, "UTC")).toEqual({
        total: 1,
        thisMonth: 0,
        thisWeek: 0,
      });
    });
  });
});
