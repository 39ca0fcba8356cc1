import { describe, expect, it } from "vitest";
import {
  APP_MESSAGES,
  AppInputSchema,
  isHttpUrl,
  isImageReference,
  parseReleaseDate,
} from "./app.ts";

describe("parseReleaseDate", () => {
  it.each([
    ["2024-02-29", "2024-02-29T00:00:00.000Z"],
    ["1900-01-01", "1900-01-01T00:00:00.000Z"],
    ["9999-12-31", "9999-12-31T00:00:00.000Z"],
    ["2024-03-01T10:00Z", "2024-03-01T10:00:00.000Z"],
    ["2024-03-01T10:00:30.5Z", "2024-03-01T10:00:30.500Z"],
    ["2024-03-01T01:00:00+02:00", "2024-02-29T23:00:00.000Z"],
  ])("reads %j as %j", (value, expected) => {
    expect(parseReleaseDate(value)).toBe(expected);
  });

  it.each([
    "2023-02-29",
    "2024-04-31",
    "2024-00-10",
    "2024-1-5",
    "24-01-05",
    "1899-12-31",
    "2024-01-01T10:00:00",
    "2024-01-01T99:00:00Z",
    "9999-12-31T23:00:00-05:00",
    "01/05/2024",
    "",
  ])("refuses %j", (value) => {
    expect(parseReleaseDate(value)).toBeNull();
  });
});

describe("isHttpUrl", () => {
  it.each(["https://example.com", "http://example.com/a?b=c#d", "HTTPS://EXAMPLE.COM"])(
    "accepts %j",
    (value) => expect(isHttpUrl(value)).toBe(true),
  );
  it.each([
    "example.com",
    "//example.com",
    "ftp://example.com",
    "javascript:alert(1)",
    "https://",
    "https://exa mple.com",
    "mailto:a@example.com",
  ])("refuses %j", (value) => expect(isHttpUrl(value)).toBe(false));
});

describe("isImageReference", () => {
  it.each(["/uploads/logo.png", "/uploads/demo-app_1.v2.webp", "https://cdn.example/a.png"])(
    "accepts %j",
    (value) => expect(isImageReference(value)).toBe(true),
  );
  it.each([
    "/uploads/",
    "/uploads/../studio.db",
    "/uploads/a..b.png",
    "/uploads/.hidden",
    "/uploads/a/b.png",
    "/other/a.png",
    "logo.png",
    "data:image/png;base64,AAAA",
  ])("refuses %j", (value) => expect(isImageReference(value)).toBe(false));
});

describe("AppInputSchema", () => {
  const minimal = {
    name: "Bare",
    slug: "bare",
    category: "Tool",
    relationship: "developed",
    status: "released",
    platforms: ["web"],
  };

  it("fills in the defaults for what is left out, and leaves sortOrder undefined", () => {
    expect(AppInputSchema.parse(minimal)).toEqual({
      ...minimal,
      logoUrl: null,
      imageUrl: null,
      shortDescription: "",
      description: "",
      downloadCount: 0,
      rating: null,
      releaseDate: null,
      websiteUrl: null,
      downloadUrl: null,
    });
  });

  it("drops fields it does not know", () => {
    const parsed = AppInputSchema.parse({ ...minimal, id: "x", createdAt: "now" });
    expect(parsed).not.toHaveProperty("id");
    expect(parsed).not.toHaveProperty("createdAt");
  });

  it("refuses NUL in any text", () => {
    for (const [field, message] of [
      ["shortDescription", APP_MESSAGES.shortDescription],
      ["description", APP_MESSAGES.description],
      ["websiteUrl", APP_MESSAGES.websiteUrl],
      ["name", APP_MESSAGES.nameInvalid],
    ] as const) {
      const result = AppInputSchema.safeParse({ ...minimal, [field]: "https://a.example/\0" });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
        [field, message],
      ]);
    }
  });
});
