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

  // Each of these resolves (WHATWG URL parser) to a path that starts with "//": sent as a
  // Location it would be read as another host.
  it.each([
    "/.//evil.test",
    "/..//evil.test",
    "/./../..//evil.test",
    "/a/..//evil.test",
    "/a/b/../..//evil.test",
    "/%2e//evil.test",
    "/%2E//evil.test",
    "/%2e%2e//evil.test",
    "/.%2e//evil.test",
    "/%2E./%2e%2E//evil.test",
    "/.//evil.test/dashboard?x=1#y",
    "/.///evil.test",
    "/.//%5Cevil.test",
    "/.//evil.test%2F",
    "/.//@evil.test",
    "/.//user:pass@evil.test",
  ])("falls back for %j, whose dot segments resolve to another host", (value) => {
    expect(safeReturnTo(value)).toBe(DEFAULT_RETURN_TO);
  });

  it.each([
    "/./\\evil.test",
    "/.\\evil.test",
    "/..\\/evil.test",
    "/%2e\\evil.test",
    "/.%2e\\/evil.test",
  ])("falls back for the backslash variant %j", (value) => {
    expect(safeReturnTo(value)).toBe(DEFAULT_RETURN_TO);
  });

  it.each([
    "/./api/logout",
    "/%2e/api/logout",
    "/news/../api/logout",
    "/API/logout",
    "/Api/login?returnTo=/dashboard",
    "/./API",
  ])("falls back for %j, an /api/ endpoint in any spelling", (value) => {
    expect(safeReturnTo(value)).toBe(DEFAULT_RETURN_TO);
  });

  it("never returns a value that starts with two slashes or a slash and a backslash", () => {
    const pieces = ["/", "\\", ".", "..", "%2e", "%2E", "%2f", "%5c", "evil.test", "@", "?", "#"];
    // Every sequence of up to four pieces after a leading slash.
    let values = ["/"];
    for (let round = 0; round < 4; round++) {
      values = values.flatMap((value) => pieces.map((piece) => value + piece));
      for (const value of values) {
        const result = safeReturnTo(value);
        expect(result, value).toMatch(/^\/(?![/\\])/);
        expect(new URL(result, "https://site.test").origin, value).toBe("https://site.test");
      }
    }
  });

  it("returns the normalised path, which it keeps as is when asked again", () => {
    for (const value of ["/news/./../blog/%2e/post", "/%2e%2e/dashboard/employees?x=1#top"]) {
      const result = safeReturnTo(value);
      expect(result).not.toContain("/.");
      expect(safeReturnTo(result)).toBe(result);
    }
    expect(safeReturnTo("/news/./../blog/%2e/post")).toBe("/blog/post");
  });

  it("normalises dot segments without leaving the site", () => {
    expect(safeReturnTo("/../../dashboard")).toBe("/dashboard");
    expect(safeReturnTo("/./news")).toBe("/news");
  });
});
