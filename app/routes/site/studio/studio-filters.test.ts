import { describe, expect, it } from "vitest";
import {
  canGetPack,
  STUDIO_CATEGORIES,
  studioCategoryFromParam,
  studioEmptyTitle,
  studioListLinks,
  studioPackLabel,
  studioPackTypeOf,
  studioStatus,
  studioTabCounts,
  studioUrlSearch,
} from "./studio-filters.ts";

const now = new Date("2025-06-15T12:00:00.000Z");

const category = (slug: string) => studioCategoryFromParam(slug);

describe("studio categories", () => {
  it("lists All, Worlds, Skin Packs and Add-Ons with their filter keys", () => {
    expect(STUDIO_CATEGORIES.map((c) => [c.slug, c.filterKey, c.label])).toEqual([
      ["all", null, "All"],
      ["world", "world", "Worlds"],
      ["skin-pack", "Skin Pack", "Skin Packs"],
      ["addon", "Addon", "Add-Ons"],
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
    expect(studioEmptyTitle(category("addon"))).toBe("No Add-Ons Yet");
  });
});

describe("tabs from the database's counts", () => {
  it("names the stored pack type each tab shows, none for All", () => {
    expect(STUDIO_CATEGORIES.map(studioPackTypeOf)).toEqual([null, "world", "skin-pack", "addon"]);
  });

  it("counts every tab; All counts pack types without a tab too", () => {
    const counts = new Map<string | null, number>([
      ["world", 2],
      ["skin-pack", 1],
      ["addon", 1],
      ["mashup", 1],
      [null, 1],
    ]);
    expect(studioTabCounts(counts)).toEqual({ all: 6, world: 2, "skin-pack": 1, addon: 1 });
    expect(studioTabCounts(new Map())).toEqual({ all: 0, world: 0, "skin-pack": 0, addon: 0 });
  });
});

describe("head links", () => {
  it("make a page without a search its own canonical address, page 1 without ?page=", () => {
    expect(
      studioListLinks({ query: "", category: category("all"), page: 1, totalPages: 3 }),
    ).toEqual({ canonical: "/studio", prev: null, next: "/studio?page=2" });
    expect(
      studioListLinks({ query: "", category: category("world"), page: 3, totalPages: 3 }),
    ).toEqual({
      canonical: "/studio?category=world&page=3",
      prev: "/studio?category=world&page=2",
      next: null,
    });
  });

  it("point a search to its tab's first page, paging through the search", () => {
    expect(
      studioListLinks({ query: "sky", category: category("addon"), page: 2, totalPages: 3 }),
    ).toEqual({
      canonical: "/studio?category=addon",
      prev: "/studio?category=addon&q=sky",
      next: "/studio?category=addon&q=sky&page=3",
    });
  });
});

describe("pack badge labels", () => {
  it("labels the filter keys and the other pack types, and shows unknown values raw", () => {
    expect(studioPackLabel("world")).toBe("World/Map");
    expect(studioPackLabel("Skin Pack")).toBe("Skin Pack");
    expect(studioPackLabel("Addon")).toBe("Add-On");
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
      "?category=world&q=a%26b+c",
    );
  });
});
