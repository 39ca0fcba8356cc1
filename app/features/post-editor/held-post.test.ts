import { describe, expect, it } from "vitest";
import { effectiveStatus, sameEditorValues, withStoredImage } from "./held-post.ts";
import { emptyPostForm } from "./post-form.ts";

const values = { ...emptyPostForm("Asia/Tokyo"), title: "Dragons", slug: "dragons" };

describe("withStoredImage", () => {
  it("takes the stored file's name for an image that was sent inline", () => {
    const sent = { ...values, featuredImage: "data:image/png;base64,iVBORw0KGgo=" };
    expect(withStoredImage(sent, "0123abcd.png")).toEqual({
      ...values,
      featuredImage: "0123abcd.png",
    });
  });

  it("leaves an uploaded file's name, an address or no image as they were sent", () => {
    for (const featuredImage of ["0123abcd.png", "https://cdn.example/a.png", ""]) {
      const sent = { ...values, featuredImage };
      expect(withStoredImage(sent, "other.png")).toBe(sent);
    }
    const inline = { ...values, featuredImage: "data:image/png;base64,iVBORw0KGgo=" };
    expect(withStoredImage(inline, null)).toBe(inline);
  });
});

describe("sameEditorValues", () => {
  it("compares every edited field and the tags, never the status", () => {
    expect(sameEditorValues(values, { ...values, status: "published" })).toBe(true);
    expect(sameEditorValues(values, { ...values, title: "Other" })).toBe(false);
    expect(sameEditorValues(values, { ...values, tags: ["a"] })).toBe(false);
  });

  it("counts the search and social settings as edits", () => {
    expect(sameEditorValues(values, { ...values, metaTitle: "Dragons!" })).toBe(false);
    expect(sameEditorValues(values, { ...values, socialImage: "a.png" })).toBe(false);
    expect(sameEditorValues(values, { ...values, noIndex: true })).toBe(false);
  });
});

describe("effectiveStatus", () => {
  it("counts a scheduled post whose time has come as published", () => {
    const now = new Date("2027-01-01T00:00:00Z");
    expect(effectiveStatus("scheduled", "2026-12-31T23:59:00Z", now)).toBe("published");
    expect(effectiveStatus("scheduled", "2027-01-01T00:01:00Z", now)).toBe("scheduled");
    expect(effectiveStatus("draft", null, now)).toBe("draft");
  });
});
