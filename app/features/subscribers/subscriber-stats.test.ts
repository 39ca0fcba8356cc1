import { describe, expect, it } from "vitest";
import { monthStart } from "./subscriber-stats.ts";

describe("monthStart", () => {
  it("is local midnight on the 1st of the month the instant falls in", () => {
    for (const now of [
      new Date(2025, 2, 15, 13, 30),
      new Date(2025, 0, 1, 0, 0, 0, 1),
      new Date(2024, 11, 31, 23, 59, 59),
      new Date(2024, 1, 29, 12),
    ]) {
      const start = monthStart(now);
      expect([start.getFullYear(), start.getMonth(), start.getDate()]).toEqual([
        now.getFullYear(),
        now.getMonth(),
        1,
      ]);
      expect([start.getHours(), start.getMinutes(), start.getSeconds()]).toEqual([0, 0, 0]);
      expect(start.getTime()).toBeLessThanOrEqual(now.getTime());
    }
  });
});
