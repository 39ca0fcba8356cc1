import { describe, expect, it } from "vitest";
import { splitTagText, textWithTag } from "./use-tag-suggestions.ts";

describe("the tags field's text", () => {
  it("splits into the tags before the last comma and the one being typed", () => {
    expect(splitTagText("")).toEqual({ done: [], typing: "" });
    expect(splitTagText("wor")).toEqual({ done: [], typing: "wor" });
    expect(splitTagText("worlds, #sky ")).toEqual({ done: ["worlds"], typing: "sky" });
    expect(splitTagText("worlds, , update,")).toEqual({ done: ["worlds", "update"], typing: "" });
  });

  it("takes a suggestion in place of the tag being typed, ready for the next", () => {
    expect(textWithTag("sk", "Sky Islands")).toBe("Sky Islands, ");
    expect(textWithTag("worlds,  #sk", "Sky Islands")).toBe("worlds, Sky Islands, ");
    // A tag already before it is not added twice.
    expect(textWithTag("worlds, wor", "worlds")).toBe("worlds, ");
  });
});
