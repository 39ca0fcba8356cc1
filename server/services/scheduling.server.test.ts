import { describe, expect, it } from "vitest";
import { instantToLocalDateTime } from "#common/scheduling.ts";
import { toScheduledInstant } from "./scheduling.server.ts";

describe("toScheduledInstant", () => {
  it("places 09:00 in Tokyo (UTC+9 all year) at 00:00 UTC", () => {
    expect(toScheduledInstant("2027-03-14T09:00", "Asia/Tokyo")).toBe("2027-03-14T00:00:00.000Z");
    expect(toScheduledInstant("2027-07-01T09:00", "Asia/Tokyo")).toBe("2027-07-01T00:00:00.000Z");
  });

  it("places 09:00 in New York at 14:00 UTC before and 13:00 UTC after daylight saving starts", () => {
    // US clocks go forward on Sunday 2027-03-14 at 02:00.
    expect(toScheduledInstant("2027-03-13T09:00", "America/New_York")).toBe(
      "2027-03-13T14:00:00.000Z",
    );
    expect(toScheduledInstant("2027-03-14T09:00", "America/New_York")).toBe(
      "2027-03-14T13:00:00.000Z",
    );
    expect(toScheduledInstant("2027-03-15T09:00", "America/New_York")).toBe(
      "2027-03-15T13:00:00.000Z",
    );
  });

  it("places 09:00 in New York at 13:00 UTC before and 14:00 UTC after daylight saving ends", () => {
    // US clocks go back on Sunday 2027-11-07 at 02:00.
    expect(toScheduledInstant("2027-11-06T09:00", "America/New_York")).toBe(
      "2027-11-06T13:00:00.000Z",
    );
    expect(toScheduledInstant("2027-11-07T09:00", "America/New_York")).toBe(
      "2027-11-07T14:00:00.000Z",
    );
  });

  it("moves a time skipped by clocks going forward on by the length of the gap", () => {
    // 02:30 does not exist in New York on 2027-03-14: it is read as 03:30 EDT.
    expect(toScheduledInstant("2027-03-14T02:30", "America/New_York")).toBe(
      "2027-03-14T07:30:00.000Z",
    );
    // London skips 01:00-02:00 on 2027-03-28: 01:30 is read as 02:30 BST.
    expect(toScheduledInstant("2027-03-28T01:30", "Europe/London")).toBe(
      "2027-03-28T01:30:00.000Z",
    );
    // Lord Howe Island moves by half an hour: 02:15 is read as 02:45 (UTC+11).
    expect(toScheduledInstant("2027-10-03T02:15", "Australia/Lord_Howe")).toBe(
      "2027-10-02T15:45:00.000Z",
    );
  });

  it("takes the earlier of the two instants of a time that clocks going back repeat", () => {
    // 01:30 happens twice in New York on 2027-11-07: first in EDT (UTC-4).
    expect(toScheduledInstant("2027-11-07T01:30", "America/New_York")).toBe(
      "2027-11-07T05:30:00.000Z",
    );
    // ... and twice in London on 2027-10-31: first in BST (UTC+1).
    expect(toScheduledInstant("2027-10-31T01:30", "Europe/London")).toBe(
      "2027-10-31T00:30:00.000Z",
    );
  });

  it("takes an ISO instant with Z or an offset as that instant, whatever the zone", () => {
    expect(toScheduledInstant("2027-03-14T09:00:00+09:00", "America/New_York")).toBe(
      "2027-03-14T00:00:00.000Z",
    );
    expect(toScheduledInstant("2027-03-14T00:00:00.000Z", null)).toBe("2027-03-14T00:00:00.000Z");
  });

  it("reads seconds when they are given", () => {
    expect(toScheduledInstant("2027-03-14T09:00:30", "UTC")).toBe("2027-03-14T09:00:30.000Z");
  });
});

describe("instantToLocalDateTime", () => {
  it("shows a stored instant as the wall-clock time of its zone, for the editor's input", () => {
    expect(instantToLocalDateTime("2027-03-14T00:00:00.000Z", "Asia/Tokyo")).toBe(
      "2027-03-14T09:00",
    );
    expect(instantToLocalDateTime("2027-03-14T13:00:00.000Z", "America/New_York")).toBe(
      "2027-03-14T09:00",
    );
    expect(instantToLocalDateTime("2027-03-13T14:00:00.000Z", "America/New_York")).toBe(
      "2027-03-13T09:00",
    );
  });

  it("round-trips every wall-clock time that exists once", () => {
    for (const [local, zone] of [
      ["2027-01-01T00:00", "Pacific/Auckland"],
      ["2027-06-30T23:59", "America/Los_Angeles"],
      ["2027-11-07T03:00", "America/New_York"],
      ["2027-10-03T12:00", "Australia/Sydney"],
    ] as const) {
      expect(instantToLocalDateTime(toScheduledInstant(local, zone), zone)).toBe(local);
    }
  });
});
