import { describe, expect, it } from "vitest";
import { canonicalTimeZone } from "#common/scheduling.ts";
import {
  listedZone,
  SCHEDULE_TIME_ZONES,
  SETTINGS_TIME_ZONES,
  timeZoneOptions,
  zoneChoices,
} from "./time-zones.ts";

describe("zoneChoices", () => {
  it("marks the browser's zone in the list", () => {
    const choices = zoneChoices(SETTINGS_TIME_ZONES, "Europe/Berlin", "Europe/Berlin");
    expect(choices).toHaveLength(SETTINGS_TIME_ZONES.length);
    expect(choices.find((zone) => zone.value === "Europe/Berlin")?.label).toBe(
      "Berlin (your time zone)",
    );
    expect(choices.filter((zone) => zone.label.endsWith("(your time zone)"))).toHaveLength(1);
  });

  it("puts the browser's zone and a post's own zone in front when the list lacks them", () => {
    const choices = zoneChoices(SCHEDULE_TIME_ZONES, "Europe/Zurich", "Asia/Kolkata", null);
    expect(choices.slice(0, 2)).toEqual([
      { value: "Europe/Zurich", label: "Europe/Zurich (your time zone)" },
      { value: "Asia/Kolkata", label: "Kolkata" },
    ]);
    expect(choices.slice(2)).toEqual(SCHEDULE_TIME_ZONES);
  });
});

describe("the zone lists", () => {
  it("offers 16 zones in the settings and 8 in the dialog, adding the browser's", () => {
    expect(SETTINGS_TIME_ZONES.map((zone) => zone.label)).toEqual([
      "New York",
      "Chicago",
      "Denver",
      "Los Angeles",
      "Anchorage",
      "Honolulu",
      "London",
      "Paris",
      "Berlin",
      "Moscow",
      "Tokyo",
      "Shanghai",
      "Kolkata",
      "Sydney",
      "Melbourne",
      "UTC",
    ]);
    expect(SCHEDULE_TIME_ZONES).toHaveLength(8);
    for (const zone of SETTINGS_TIME_ZONES) expect(canonicalTimeZone(zone.value)).not.toBeNull();
    const options = timeZoneOptions(SCHEDULE_TIME_ZONES, "Europe/Zurich", "Asia/Tokyo", null);
    expect(options.map((zone) => zone.value)).toEqual([
      "Europe/Zurich",
      ...SCHEDULE_TIME_ZONES.map((zone) => zone.value),
    ]);
  });

  it("matches a zone to its option whatever the runtime calls it", () => {
    expect(listedZone("Asia/Calcutta", SETTINGS_TIME_ZONES)).toBe("Asia/Kolkata");
    expect(listedZone("Etc/UTC", SETTINGS_TIME_ZONES)).toBe("UTC");
    expect(listedZone("Europe/Zurich", SETTINGS_TIME_ZONES)).toBe("Europe/Zurich");
    expect(timeZoneOptions(SETTINGS_TIME_ZONES, "Asia/Calcutta").map((zone) => zone.value)).toEqual(
      SETTINGS_TIME_ZONES.map((zone) => zone.value),
    );
  });
});
