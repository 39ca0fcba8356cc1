import { describe, expect, it } from "vitest";
import { escapeMarkup, formatCount, formatShortDate } from "./format.ts";

describe("formatCount (download counts)", () => {
  it("shows counts under 1,000 as they are", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(7)).toBe("7");
    expect(formatCount(999)).toBe("999");
  });
  it("shows K from 1,000, with one decimal when it is not zero", () => {
    expect(formatCount(1000)).toBe("1K");
    expect(formatCount(1250)).toBe("1.2K");
    expect(formatCount(12_400)).toBe("12.4K");
    expect(formatCount(640_000)).toBe("640K");
  });
  it("never rounds up into the next unit", () => {
    expect(formatCount(1999)).toBe("1.9K");
    expect(formatCount(999_999)).toBe("999.9K");
  });
  it("shows M from 1,000,000", () => {
    expect(formatCount(1_000_000)).toBe("1M");
    expect(formatCount(1_234_567)).toBe("1.2M");
    expect(formatCount(2_147_483_647)).toBe("2147.4M");
  });
  it("shows 0 for values that are no count", () => {
    expect(formatCount(Number.NaN)).toBe("0");
    expect(formatCount(-5)).toBe("0");
  });
});

describe("formatShortDate", () => {
  it("writes MMM d, yyyy in UTC", () => {
    expect(formatShortDate("2025-03-05T23:30:00.000Z")).toBe("Mar 5, 2025");
    expect(formatShortDate("not a date")).toBe("");
    expect(formatShortDate(null)).toBe("");
  });
});

describe("escapeMarkup", () => {
  it("escapes the five characters that can end text or an attribute value", () => {
    expect(escapeMarkup(`Tom & Jerry's <b class="x">`)).toBe(
      "Tom &amp; Jerry&#39;s &lt;b class=&quot;x&quot;&gt;",
    );
  });

  it("escapes an ampersand once, so an entity in the text stays visible as written", () => {
    expect(escapeMarkup("&amp;")).toBe("&amp;amp;");
  });

  it("leaves other text, accents and emoji included, as it is", () => {
    expect(escapeMarkup("Crème brûlée 🎮 / = ;")).toBe("Crème brûlée 🎮 / = ;");
  });
});
