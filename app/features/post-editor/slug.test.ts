import { describe, expect, it, vi } from "vitest";
import { PostInputSchema } from "#common/schemas/post.ts";
import { slugFromTitle } from "./slug.ts";

// docs/product/content-model.md#slugs: lowercase, runs of non-alphanumerics become one hyphen, edge
// hyphens go, then a hyphen and the last 6 digits of the current time.
const NOW = 1_764_000_123_456;

function isValidSlug(slug: string): boolean {
  const result = PostInputSchema.safeParse({ title: "t", slug, content: "<p>x</p>" });
  return result.success;
}

describe("slugFromTitle", () => {
  it("lower-cases, joins words with single hyphens and adds the time's last 6 digits", () => {
    expect(slugFromTitle("Skyforge Citadel Update", NOW)).toBe("skyforge-citadel-update-123456");
    expect(slugFromTitle("Patch 1.21: New Mobs & Biomes!", NOW)).toBe(
      "patch-1-21-new-mobs-biomes-123456",
    );
  });

  it("trims hyphens at either end and squeezes runs of symbols and spaces", () => {
    expect(slugFromTitle("  --Hello,   World!!--  ", NOW)).toBe("hello-world-123456");
    expect(slugFromTitle("...Dots...", NOW)).toBe("dots-123456");
  });

  it("keeps letters and digits of any script, as the schema's slug rule allows", () => {
    expect(slugFromTitle("Über Café Münster", NOW)).toBe("über-café-münster-123456");
    expect(slugFromTitle("Новый мир 2", NOW)).toBe("новый-мир-2-123456");
    expect(slugFromTitle("東京 アップデート", NOW)).toBe("東京-アップデート-123456");
    for (const title of ["Über Café", "Новый мир", "東京 アップデート", "Ελληνικά!"]) {
      expect(isValidSlug(slugFromTitle(title, NOW))).toBe(true);
    }
  });

  it("takes the last 6 digits of the time, padded when the time is short", () => {
    expect(slugFromTitle("News", 1_700_000_000_042)).toBe("news-000042");
    expect(slugFromTitle("News", 42)).toBe("news-000042");
  });

  it("uses the current time by default", () => {
    vi.useFakeTimers();
    try {
      vi.setSystemTime(NOW);
      expect(slugFromTitle("Now")).toBe("now-123456");
    } finally {
      vi.useRealTimers();
    }
  });

  it("gives nothing for a title without letters or digits, so the form asks for a slug", () => {
    expect(slugFromTitle("", NOW)).toBe("");
    expect(slugFromTitle("!!! ---", NOW)).toBe("");
  });

  it("stays within the schema's length limit without ending on a hyphen", () => {
    const slug = slugFromTitle(`${"word ".repeat(80)}end`, NOW);
    expect(slug.length).toBeLessThanOrEqual(200);
    expect(slug).toMatch(/[^-]-123456$/);
    expect(isValidSlug(slug)).toBe(true);
  });
});
