import { describe, expect, it } from "vitest";
import { isAllowedImageSrc, isUploadFilePath } from "./allowed-html.ts";

// An image in a post is fetched with the reader's cookies; a site path must name one uploaded
// file, never another address of the site such as /api/logout.

/** Paths that start under /uploads/ but resolve (as browsers resolve them) somewhere else. */
const LEAVING_UPLOADS = [
  "/uploads/../api/logout",
  "/uploads/./../api/logout",
  "/uploads/a/../../api/logout",
  "/uploads/..",
  "/uploads/../",
  "/uploads/%2e%2e/api/logout",
  "/uploads/%2E%2E/api/logout",
  "/uploads/.%2e/api/logout",
  "/uploads/%2e./api/logout",
  "/uploads/%2e%2E/%2e%2e/api/logout",
  "/uploads/..%2fapi%2flogout",
  "/uploads/..%2Fapi%2Flogout",
  "/uploads/%2e%2e%2fapi%2flogout",
  "/uploads/%5c..%5capi%5clogout",
  "/uploads/a.png/../../api/logout",
  "/uploads/./a.png",
  "/uploads/a.png?x=/../../api/logout",
  "/uploads/a.png#/../api",
  "/uploads/\t../api/logout",
  "/uploads/.\n./api/logout",
  "/uploads/a%00.png",
  "/uploads/.hidden.png",
  "/uploads/a..png/..",
  "/uploads/",
];

/** Paths refused before dot segments were resolved too; they must stay refused. */
const OTHER_SITE_PATHS = [
  "/uploads/..\\api\\logout",
  "/uploads\\..\\api\\logout",
  "/uploads/..\\/api/logout",
  "/uploads//evil.example/a.png",
  "/uploads/\\evil.example/a.png",
  "/uploads",
  "/api/logout",
  "/UPLOADS/a.png",
  "//evil.example/uploads/a.png",
  "/\\evil.example/uploads/a.png",
];

describe("isAllowedImageSrc", () => {
  it.each(LEAVING_UPLOADS)("refuses %j, which resolves to another address", (src) => {
    expect(isAllowedImageSrc(src)).toBe(false);
  });

  it.each(OTHER_SITE_PATHS)("refuses %j", (src) => {
    expect(isAllowedImageSrc(src)).toBe(false);
  });

  it("judges site paths by isUploadFilePath", () => {
    for (const src of [...LEAVING_UPLOADS, ...OTHER_SITE_PATHS]) {
      expect(isUploadFilePath(src), src).toBe(false);
    }
    expect(isUploadFilePath("/uploads/3f9a1c.png")).toBe(true);
  });

  it.each([
    "/uploads/3f9a1c.png",
    "/uploads/a.webp",
    "/uploads/demo-app_1.v2.jpeg",
    " /uploads/a.png ",
  ])("keeps the uploaded file %j", (src) => {
    expect(isAllowedImageSrc(src)).toBe(true);
  });

  it.each(["https://cdn.example/a.png", "http://cdn.example/uploads/../a.png"])(
    "keeps the http(s) image %j",
    (src) => {
      expect(isAllowedImageSrc(src)).toBe(true);
    },
  );

  it.each(["uploads/a.png", "./uploads/a.png", "../uploads/a.png", "a.png", "javascript:x"])(
    "refuses %j, which is not an uploads path",
    (src) => {
      expect(isAllowedImageSrc(src)).toBe(false);
    },
  );

  it("accepts no site path that resolves outside one file under /uploads/", () => {
    const pieces = ["/", "\\", ".", "..", "%2e", "%2E", "%2f", "%5c", "api", "a.png"];
    let values = ["/uploads/"];
    for (let round = 0; round < 3; round++) {
      values = values.flatMap((value) => pieces.map((piece) => value + piece));
      for (const value of values) {
        if (!isAllowedImageSrc(value)) continue;
        const { pathname } = new URL(value, "https://site.example");
        expect(pathname, value).toMatch(/^\/uploads\/[^/\\%]+$/);
        expect(pathname, value).toBe(value);
      }
    }
  });
});
