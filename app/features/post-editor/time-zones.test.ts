import { describe, expect, it } from "vitest";
import { SCHEDULE_TIME_ZONES, SETTINGS_TIME_ZONES, zoneChoices } from "./time-zones.ts";

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
      { value: "Asia/Kolkata", label: "Asia/Kolkata" },
    ]);
    expect(choices.slice(2)).toEqual(SCHEDULE_TIME_ZONES);
  });
});
