import { describe, expect, it } from "vitest";
import { PostInputSchema } from "#common/schemas/post.ts";
import { numberedSlug, slugFromTitle } from "./post-slug.ts";

// docs/product/content-model.md#slugs: lowercase, runs of non-alphanumerics become one hyphen, edge
// hyphens go; a counter only when the slug is taken.

function isValidSlug(slug: string): boolean {
  const result = PostInputSchema.safeParse({ title: "t", slug, content: "<p>x</p>" });
  return result.success;
}

describe("slugFromTitle", () => {
  it("lower-cases and joins words with single hyphens, with nothing added", () => {
    expect(slugFromTitle("Winter Update: Frostbite Realms")).toBe("winter-update-frostbite-realms");
    expect(slugFromTitle("Patch 1.21: New Mobs & Biomes!")).toBe("patch-1-21-new-mobs-biomes");
  });

  it("trims hyphens at either end and squeezes runs of symbols and spaces", () => {
    expect(slugFromTitle("  --Hello,   World!!--  ")).toBe("hello-world");
    expect(slugFromTitle("...Dots...")).toBe("dots");
  });

  it("keeps letters and digits of any script, as the schema's slug rule allows", () => {
    expect(slugFromTitle("Über Café Münster")).toBe("über-café-münster");
    expect(slugFromTitle("Новый мир 2")).toBe("новый-мир-2");
    expect(slugFromTitle("東京 アップデート")).toBe("東京-アップデート");
    for (const title of ["Über Café", "Новый мир", "東京 アップデート", "Ελληνικά!"]) {
      expect(isValidSlug(slugFromTitle(title))).toBe(true);
    }
  });

  it("gives nothing for a title without letters or digits, so the form asks for a slug", () => {
    expect(slugFromTitle("")).toBe("");
    expect(slugFromTitle("!!! ---")).toBe("");
  });

  it("stays within the schema's length limit without ending on a hyphen", () => {
    const slug = slugFromTitle(`${"word ".repeat(80)}end`);
    expect(slug.length).toBeLessThanOrEqual(200);
    expect(slug).toMatch(/[^-]$/);
    expect(isValidSlug(slug)).toBe(true);
  });
});

describe("numberedSlug", () => {
  it("is the base itself first, then the base with -2, -3 and so on", () => {
    expect(numberedSlug("winter-update", 1)).toBe("winter-update");
    expect(numberedSlug("winter-update", 2)).toBe("winter-update-2");
    expect(numberedSlug("winter-update", 13)).toBe("winter-update-13");
  });

  it("cuts the base, never the counter, to stay within the length limit and the slug rule", () => {
    const base = slugFromTitle(`${"a".repeat(196)} bcd`);
    expect(base.length).toBe(200);
    const second = numberedSlug(base, 2);
    expect(second).toBe(`${"a".repeat(196)}-b-2`);
    expect(second.length).toBe(200);
    // A cut that would end on a hyphen drops it rather than doubling it before the counter.
    expect(numberedSlug(base, 10)).toBe(`${"a".repeat(196)}-10`);
    expect(numberedSlug(base, 123)).toBe(`${"a".repeat(196)}-123`);
    for (const number of [2, 10, 123, 4567]) {
      const slug = numberedSlug(base, number);
      expect(slug.length).toBeLessThanOrEqual(200);
      expect(slug.endsWith(`-${number}`)).toBe(true);
      expect(isValidSlug(slug)).toBe(true);
    }
  });
});
