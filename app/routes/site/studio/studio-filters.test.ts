import { describe, expect, it } from "vitest";
import {
  canGetPack,
  countStudioCategories,
  filterStudioItems,
  matchesStudioSearch,
  STUDIO_CATEGORIES,
  type StudioItem,
  studioCategoryFromParam,
  studioEmptyTitle,
  studioPackLabel,
  studioStatus,
  studioUrlSearch,
} from "./studio-filters.ts";

const now = new Date("2025-06-15T12:00:00.000Z");

function item(overrides: Partial<StudioItem> = {}): StudioItem {
  return {
    title: "Sky Islands",
    shortDescription: "Floating islands to explore.",
    fullDescription: "A world of floating islands, hidden temples and dragons.",
    packType: "world",
    status: "published",
    releaseDate: null,
    ...overrides,
  };
}

const category = (slug: string) => studioCategoryFromParam(slug);

describe("studio categories", () => {
  it("lists All, Worlds, Skin Packs and Add-ons with their filter keys", () => {
    expect(STUDIO_CATEGORIES.map((c) => [c.slug, c.filterKey, c.label])).toEqual([
      ["all", null, "All"],
      ["world", "world", "Worlds"],
      ["skin-pack", "Skin Pack", "Skin Packs"],
      ["addon", "Addon", "Add-ons"],
    ]);
  });

  it("treats a missing or unknown ?category= as All", () => {
    expect(studioCategoryFromParam(null).slug).toBe("all");
    expect(studioCategoryFromParam("").slug).toBe("all");
    expect(studioCategoryFromParam("Skin Pack").slug).toBe("all");
    expect(studioCategoryFromParam("skin-pack").label).toBe("Skin Packs");
  });

  it("names the empty state after the tab", () => {
    expect(studioEmptyTitle(category("all"))).toBe("No Projects Yet");
    expect(studioEmptyTitle(category("world"))).toBe("No Worlds Yet");
    expect(studioEmptyTitle(category("skin-pack"))).toBe("No Skin Packs Yet");
    expect(studioEmptyTitle(category("addon"))).toBe("No Add-ons Yet");
  });
});

describe("studio search", () => {
  it("matches title, short description and full description, ignoring case", () => {
    const it1 = item();
    expect(matchesStudioSearch(it1, "SKY")).toBe(true);
    expect(matchesStudioSearch(it1, "floating ISLANDS to")).toBe(true);
    expect(matchesStudioSearch(it1, "dragons")).toBe(true);
    expect(matchesStudioSearch(it1, "zombies")).toBe(false);
  });

  it("ignores surrounding spaces, and an empty search matches everything", () => {
    expect(matchesStudioSearch(item(), "  temples ")).toBe(true);
    expect(matchesStudioSearch(item(), "")).toBe(true);
    expect(matchesStudioSearch(item(), "   ")).toBe(true);
  });

  it("copes with a missing short description", () => {
    expect(matchesStudioSearch(item({ shortDescription: null }), "dragons")).toBe(true);
    expect(matchesStudioSearch(item({ shortDescription: null }), "zzz")).toBe(false);
  });

  it("does not match other fields such as the pack type", () => {
    expect(matchesStudioSearch(item({ title: "A", fullDescription: "" }), "world")).toBe(false);
  });
});

describe("filtering and counting", () => {
  const items = [
    item({ title: "Sky Islands", packType: "world", fullDescription: "Floating temples" }),
    item({ title: "Dragon Keep", packType: "world", fullDescription: "Dragons!" }),
    item({ title: "Knights", packType: "Skin Pack", fullDescription: "Armour" }),
    item({ title: "More Mobs", packType: "Addon", fullDescription: "New mobs" }),
    item({ title: "Mashup", packType: "mashup", fullDescription: "Everything" }),
    item({ title: "Unknown", packType: null, fullDescription: "" }),
  ];

  it("keeps the items of the chosen category that match the search", () => {
    const titles = (query: string, slug: string) =>
      filterStudioItems(items, { query, category: category(slug) }).map((i) => i.title);
    expect(titles("", "all")).toHaveLength(6);
    expect(titles("", "world")).toEqual(["Sky Islands", "Dragon Keep"]);
    expect(titles("", "skin-pack")).toEqual(["Knights"]);
    expect(titles("", "addon")).toEqual(["More Mobs"]);
    expect(titles("dragon", "world")).toEqual(["Dragon Keep"]);
    expect(titles("dragon", "addon")).toEqual([]);
  });

  it("counts every tab; All counts pack types without a tab too", () => {
    expect(countStudioCategories(items)).toEqual({
      all: 6,
      world: 2,
      "skin-pack": 1,
      addon: 1,
    });
    expect(countStudioCategories([])).toEqual({ all: 0, world: 0, "skin-pack": 0, addon: 0 });
  });
});

describe("pack badge labels", () => {
  it("labels the filter keys and the other pack types, and shows unknown values raw", () => {
    expect(studioPackLabel("world")).toBe("World");
    expect(studioPackLabel("Skin Pack")).toBe("Skin Pack");
    expect(studioPackLabel("Addon")).toBe("Add-on");
    expect(studioPackLabel("mashup")).toBe("Mashup Pack");
    expect(studioPackLabel("Persona")).toBe("Persona");
    expect(studioPackLabel(null)).toBeNull();
  });
});

describe("Live or Coming Soon", () => {
  const future = "2025-06-15T12:00:01.000Z";
  const past = "2025-06-15T11:59:59.000Z";

  it("is Live for a published item released now, earlier, or without a release date", () => {
    expect(studioStatus({ status: "published", releaseDate: now.toISOString() }, now)).toBe("live");
    expect(studioStatus({ status: "published", releaseDate: past }, now)).toBe("live");
    expect(studioStatus({ status: "published", releaseDate: null }, now)).toBe("live");
  });

  it("is Coming Soon while the release date is in the future", () => {
    expect(studioStatus({ status: "published", releaseDate: future }, now)).toBe("coming-soon");
  });

  it("shows a draft as a draft and any other status as Coming Soon", () => {
    expect(studioStatus({ status: "draft", releaseDate: past }, now)).toBe("draft");
    expect(studioStatus({ status: "scheduled", releaseDate: null }, now)).toBe("coming-soon");
    expect(studioStatus({ status: "archived", releaseDate: past }, now)).toBe("coming-soon");
  });

  it("ignores an unreadable release date", () => {
    expect(studioStatus({ status: "published", releaseDate: "soon" }, now)).toBe("live");
  });

  it("enables Get Pack only with a link and once the release date has come", () => {
    const link = "https://example.com/pack";
    expect(canGetPack({ marketplaceLink: link, releaseDate: past }, now)).toBe(true);
    expect(canGetPack({ marketplaceLink: link, releaseDate: null }, now)).toBe(true);
    expect(canGetPack({ marketplaceLink: link, releaseDate: now.toISOString() }, now)).toBe(true);
    expect(canGetPack({ marketplaceLink: link, releaseDate: future }, now)).toBe(false);
    expect(canGetPack({ marketplaceLink: null, releaseDate: past }, now)).toBe(false);
    expect(canGetPack({ marketplaceLink: "", releaseDate: null }, now)).toBe(false);
  });
});

describe("studio URLs", () => {
  it("keeps the search and a category other than All in the query string", () => {
    expect(studioUrlSearch({ query: "", category: category("all") })).toBe("");
    expect(studioUrlSearch({ query: "   ", category: category("all") })).toBe("");
    expect(studioUrlSearch({ query: "sky", category: category("all") })).toBe("?q=sky");
    expect(studioUrlSearch({ query: "", category: category("skin-pack") })).toBe(
      "?category=skin-pack",
    );
    expect(studioUrlSearch({ query: "a&b c", category: category("world") })).toBe(
      "?q=a%26b+c&category=world",
    );
  });
});
