import { describe, expect, it } from "vitest";
import { greetingName } from "./greeting.ts";

describe("greetingName", () => {
  it("uses the first name when there is one", () => {
    expect(greetingName({ firstName: "Ada", email: "ada.l@studio.test" })).toBe("Ada");
  });
  it("falls back to the part of the e-mail before the @", () => {
    expect(greetingName({ firstName: null, email: "builder.bob@studio.test" })).toBe("builder.bob");
    expect(greetingName({ firstName: "  ", email: "builder.bob@studio.test" })).toBe("builder.bob");
  });
  it("says Employee when neither gives a name", () => {
    expect(greetingName({ firstName: null, email: "@studio.test" })).toBe("Employee");
    expect(greetingName({ firstName: "", email: "" })).toBe("Employee");
  });
});
