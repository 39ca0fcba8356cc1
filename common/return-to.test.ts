import { describe, expect, it } from "vitest";
import { DEFAULT_RETURN_TO, safeReturnTo } from "./return-to.ts";

describe("safeReturnTo", () => {
  it.each([
    ["/dashboard", "/dashboard"],
    ["/dashboard?section=posts", "/dashboard?section=posts"],
    ["/blog/some-post#share", "/blog/some-post#share"],
    ["/", "/"],
  ])("keeps the path inside the site %s", (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });

  it.each([
    "//evil.com",
    "//evil.com/dashboard",
    "https://evil.com",
    "http://evil.com/dashboard",
    "/\\evil.com",
    "\\\\evil.com",
    "/\\/evil.com",
    "javascript:alert(1)",
    "dashboard",
    "",
    "/\tevil",
    "/dash\nboard",
    "/api/logout",
    "/api/login?returnTo=/dashboard",
    " /dashboard",
  ])("falls back to the dashboard for %j", (value) => {
    expect(safeReturnTo(value)).toBe(DEFAULT_RETURN_TO);
  });

  it("falls back for values that are not strings", () => {
    expect(safeReturnTo(undefined)).toBe(DEFAULT_RETURN_TO);
    expect(safeReturnTo(["/a", "/b"])).toBe(DEFAULT_RETURN_TO);
    expect(safeReturnTo({ path: "/a" })).toBe(DEFAULT_RETURN_TO);
  });

  it("normalises dot segments without leaving the site", () => {
    expect(safeReturnTo("/../../dashboard")).toBe("/dashboard");
    expect(safeReturnTo("/./news")).toBe("/news");
  });
});
