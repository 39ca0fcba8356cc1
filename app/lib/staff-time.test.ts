import { describe, expect, it } from "vitest";
import { localDateTimeToInstant } from "#common/scheduling.ts";
import { formatPostTime, formatStaffTime, zoneLabel } from "./staff-time.ts";

// 14 Mar 2027, 09:00 in Tokyo (UTC+9) is 00:00 UTC, 01:00 in Berlin, 19:00 the day before in New York.
const TOKYO_NINE = "2027-03-14T00:00:00.000Z";

describe("zoneLabel", () => {
  it("names a listed zone by its city, however the runtime spells it", () => {
    expect(zoneLabel("Asia/Tokyo")).toBe("Tokyo");
    expect(zoneLabel("America/New_York")).toBe("New York");
    expect(zoneLabel("Asia/Calcutta")).toBe("Kolkata");
    expect(zoneLabel("UTC")).toBe("UTC");
  });

  it("keeps the IANA name of a zone without a city of ours", () => {
    expect(zoneLabel("America/Argentina/Buenos_Aires")).toBe("America/Argentina/Buenos Aires");
  });
});

describe("formatStaffTime", () => {
  it("shows the viewer's clock, always with the date", () => {
    expect(formatStaffTime(TOKYO_NINE, "Asia/Tokyo")).toBe("14 Mar 2027, 09:00");
    expect(formatStaffTime(TOKYO_NINE, "Europe/Berlin")).toBe("14 Mar 2027, 01:00");
    expect(formatStaffTime(TOKYO_NINE, "America/New_York")).toBe("13 Mar 2027, 19:00");
  });

  it("says UTC when the viewer's zone is not known yet", () => {
    expect(formatStaffTime(TOKYO_NINE, null)).toBe("14 Mar 2027, 00:00 UTC");
  });

  it("gives nothing for an unreadable time", () => {
    expect(formatStaffTime("soon", "Asia/Tokyo")).toBe("");
  });
});

describe("formatPostTime", () => {
  it("adds the post's own clock, by city, when it reads differently", () => {
    expect(formatPostTime(TOKYO_NINE, "Asia/Tokyo", "Europe/Berlin")).toBe(
      "14 Mar 2027, 01:00 (09:00 in Tokyo)",
    );
    expect(formatPostTime(TOKYO_NINE, "Asia/Tokyo", null)).toBe(
      "14 Mar 2027, 00:00 UTC (09:00 in Tokyo)",
    );
  });

  it("adds the post's date too when it is another day there", () => {
    expect(formatPostTime(TOKYO_NINE, "Asia/Tokyo", "America/New_York")).toBe(
      "13 Mar 2027, 19:00 (14 Mar 2027, 09:00 in Tokyo)",
    );
  });

  it("names no zone when the post's clock reads as the viewer's", () => {
    expect(formatPostTime(TOKYO_NINE, "Asia/Tokyo", "Asia/Tokyo")).toBe("14 Mar 2027, 09:00");
    expect(formatPostTime(TOKYO_NINE, null, "Asia/Tokyo")).toBe("14 Mar 2027, 09:00");
  });
});

describe("daylight saving", () => {
  it("follows the zone's clock on the day", () => {
    // 09:00 UTC is 10:00 in Berlin in winter and 11:00 in summer.
    expect(formatStaffTime("2026-01-15T09:00:00.000Z", "Europe/Berlin")).toBe("15 Jan 2026, 10:00");
    expect(formatStaffTime("2026-07-15T09:00:00.000Z", "Europe/Berlin")).toBe("15 Jul 2026, 11:00");
  });
});

describe("localDateTimeToInstant", () => {
  it("reads a wall clock in its zone, as the server does across daylight saving", () => {
    expect(localDateTimeToInstant("2027-03-14T09:00", "Asia/Tokyo")).toBe(TOKYO_NINE);
    // Berlin skips 02:00-03:00 on 28 Mar 2027: 02:30 moves on by the gap, to 03:30 (01:30 UTC).
    expect(localDateTimeToInstant("2027-03-28T02:30", "Europe/Berlin")).toBe(
      "2027-03-28T01:30:00.000Z",
    );
    // 02:30 happens twice on 31 Oct 2027: the earlier one.
    expect(localDateTimeToInstant("2027-10-31T02:30", "Europe/Berlin")).toBe(
      "2027-10-31T00:30:00.000Z",
    );
    expect(localDateTimeToInstant("2027-02-30T09:00", "Asia/Tokyo")).toBeNull();
  });
});
