import { describe, expect, it } from "vitest";
import { fitsTagLength, MAX_TAG_INPUT_UNITS, MAX_TAG_LENGTH, tagLength } from "./tags.ts";

describe("the length of a tag", () => {
  it("counts code points: an emoji is one, a letter and its combining accent two", () => {
    expect(tagLength("worlds")).toBe(6);
    expect(tagLength("😀")).toBe(1);
    expect(tagLength("e\u0301")).toBe(2);
    expect(tagLength("👍🏽")).toBe(2);
  });

  it("allows 50 of them, whatever their UTF-16 length", () => {
    expect(fitsTagLength("a".repeat(MAX_TAG_LENGTH))).toBe(true);
    expect(fitsTagLength("🐉".repeat(MAX_TAG_LENGTH))).toBe(true);
    expect(fitsTagLength("a".repeat(MAX_TAG_LENGTH + 1))).toBe(false);
    expect(fitsTagLength("🐉".repeat(MAX_TAG_LENGTH + 1))).toBe(false);
    expect(fitsTagLength(`${"🐉".repeat(MAX_TAG_LENGTH - 1)}ab`)).toBe(false);
    // An input's maxLength counts UTF-16 units: room for the longest tag that fits.
    expect("🐉".repeat(MAX_TAG_LENGTH).length).toBe(MAX_TAG_INPUT_UNITS);
  });
});
