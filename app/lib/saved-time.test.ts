import { describe, expect, it } from "vitest";
import { savedTimeLabel } from "./saved-time.ts";

describe("savedTimeLabel", () => {
  it("shows only the time for a save made today, and the date too for an older one", () => {
    const now = new Date(2027, 2, 14, 18, 0);
    const today = new Date(2027, 2, 14, 12, 3).toISOString();
    const earlier = new Date(2027, 2, 12, 12, 3).toISOString();
    const time = savedTimeLabel(today, now);
    expect(time).toMatch(/12.03/);
    expect(time).not.toMatch(/2027/);
    expect(savedTimeLabel(earlier, now)).toMatch(/2027/);
  });
});
