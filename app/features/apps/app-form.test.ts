import { describe, expect, it } from "vitest";
import { APP_MESSAGES } from "#common/schemas/app.ts";
import type { App } from "#common/types/app.ts";
import { type AppFormFields, AppFormSchema, appToFormFields, suggestSlug } from "./app-form.ts";

describe("suggestSlug", () => {
  it("lower-cases the name and joins its words with hyphens", () => {
    expect(suggestSlug("Skin Studio")).toBe("skin-studio");
    expect(suggestSlug("  Build   Planner 2!  ")).toBe("build-planner-2");
    expect(suggestSlug("Pack/Checker & Co.")).toBe("pack-checker-co");
  });
  it("drops accents and anything that is no letter or digit", () => {
    expect(suggestSlug("Créme Brûlée Maps")).toBe("creme-brulee-maps");
    expect(suggestSlug("日本 Tools")).toBe("tools");
    expect(suggestSlug("!!!")).toBe("");
  });
  it("keeps to 100 characters without a hyphen at the end", () => {
    const slug = suggestSlug(`${"a".repeat(99)} b`);
    expect(slug).toBe("a".repeat(99));
    expect(suggestSlug("x".repeat(150))).toHaveLength(100);
  });
  it("suggests a slug the schema accepts", () => {
    for (const name of ["Skin Studio", "-Edge- Case-", "Mixed 123 Case"]) {
      expect(suggestSlug(name)).toMatch(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/);
    }
  });
});

function fields(overrides: Partial<AppFormFields> = {}): AppFormFields {
  return {
    ...appToFormFields(null),
    name: "Skin Studio",
    slug: "skin-studio",
    category: "Web Tool",
    relationship: "developed",
    platforms: ["web"],
    ...overrides,
  };
}

describe("AppFormSchema", () => {
  it("turns the typed numbers into numbers and empty ones into the defaults", () => {
    const parsed = AppFormSchema.parse(
      fields({ downloadCount: "1200", rating: "4.5", sortOrder: "-3", releaseDate: "2024-03-01" }),
    );
    expect(parsed).toMatchObject({
      downloadCount: 1200,
      rating: 4.5,
      sortOrder: -3,
      releaseDate: "2024-03-01T00:00:00.000Z",
      logoUrl: null,
      websiteUrl: null,
    });
    const empty = AppFormSchema.parse(fields());
    expect(empty).toMatchObject({ downloadCount: 0, rating: null, releaseDate: null });
    expect(empty.sortOrder).toBeUndefined();
  });

  it("answers with the server's messages, on the form's field names", () => {
    const result = AppFormSchema.safeParse(
      fields({
        name: "",
        slug: "Not A Slug",
        category: "",
        downloadCount: "1.5",
        rating: "7",
        sortOrder: "abc",
        platforms: [],
        websiteUrl: "ftp://example.com",
      }),
    );
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
    );
    expect(messages).toEqual({
      name: APP_MESSAGES.nameRequired,
      slug: APP_MESSAGES.slugFormat,
      category: APP_MESSAGES.category,
      downloadCount: APP_MESSAGES.downloadCount,
      rating: APP_MESSAGES.rating,
      sortOrder: APP_MESSAGES.sortOrder,
      platforms: APP_MESSAGES.platformsRequired,
      websiteUrl: APP_MESSAGES.websiteUrl,
    });
  });
});

describe("appToFormFields", () => {
  const app: App = {
    id: "a1",
    name: "Skin Studio",
    slug: "skin-studio",
    category: "Web Tool",
    relationship: "partner",
    status: "beta",
    logoUrl: "/uploads/logo.png",
    imageUrl: null,
    shortDescription: "Paint skins.",
    description: "A pixel editor.",
    downloadCount: 2_300_000,
    rating: null,
    releaseDate: "2021-03-01T00:00:00.000Z",
    platforms: ["web", "ios"],
    websiteUrl: "https://skins.example",
    downloadUrl: null,
    sortOrder: 4,
  };

  it("fills the form with an app, and saving it unchanged gives the same values back", () => {
    const form = appToFormFields(app);
    expect(form).toMatchObject({
      downloadCount: "2300000",
      rating: "",
      releaseDate: "2021-03-01",
      imageUrl: "",
      sortOrder: "4",
    });
    const { id: _id, ...input } = app;
    expect(AppFormSchema.parse(form)).toEqual(input);
  });

  it("starts a new app released, with nothing chosen", () => {
    expect(appToFormFields(null)).toMatchObject({
      name: "",
      status: "released",
      category: "",
      platforms: [],
    });
  });
});
