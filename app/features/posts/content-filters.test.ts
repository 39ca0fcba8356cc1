import { describe, expect, it } from "vitest";
import { type FilterablePost, filterContent, filterUsesSearch } from "./content-filters.ts";

function post(overrides: Partial<FilterablePost> & { id: string }): FilterablePost {
  return {
    title: "A post",
    excerpt: null,
    status: "published",
    category: "news",
    createdAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}

const posts = [
  post({ id: "a", title: "Dragon Update", status: "published", createdAt: "2026-03-01T00:00:00Z" }),
  post({
    id: "b",
    title: "Skin pack",
    excerpt: "Dragon riders",
    status: "draft",
    createdAt: "2026-03-03T00:00:00Z",
  }),
  post({
    id: "c",
    title: "World",
    status: "scheduled",
    category: "marketplace-content",
    createdAt: "2026-03-02T00:00:00Z",
  }),
  post({
    id: "d",
    title: "Trailer",
    status: "draft",
    category: "youtube",
    description: "A DRAGON flies",
    createdAt: "2026-02-01T00:00:00Z",
  }),
];

const ids = (list: FilterablePost[]) => list.map((p) => p.id);

describe("filterContent", () => {
  it("lists everything newest first, limited when asked", () => {
    expect(ids(filterContent(posts, { filter: "all" }))).toEqual(["b", "c", "a", "d"]);
    expect(ids(filterContent(posts, { filter: "all", limit: 2 }))).toEqual(["b", "c"]);
  });

  it("filters by status and by category", () => {
    expect(ids(filterContent(posts, { filter: "published" }))).toEqual(["a"]);
    expect(ids(filterContent(posts, { filter: "scheduled" }))).toEqual(["c"]);
    expect(ids(filterContent(posts, { filter: "draft" }))).toEqual(["b", "d"]);
    expect(ids(filterContent(posts, { filter: "news" }))).toEqual(["b", "a"]);
    expect(ids(filterContent(posts, { filter: "marketplace" }))).toEqual(["c"]);
    expect(ids(filterContent(posts, { filter: "youtube" }))).toEqual(["d"]);
  });

  it("searches title, excerpt and description ignoring case, in the full and draft lists", () => {
    expect(ids(filterContent(posts, { filter: "all", term: "dragon" }))).toEqual(["b", "a", "d"]);
    expect(ids(filterContent(posts, { filter: "draft", term: "  DRAGON " }))).toEqual(["b", "d"]);
    expect(ids(filterContent(posts, { filter: "all", term: "nothing like it" }))).toEqual([]);
  });

  it("ignores the search text in the published, scheduled, news and marketplace lists", () => {
    for (const filter of ["published", "scheduled", "news", "marketplace"] as const) {
      expect(filterUsesSearch(filter)).toBe(false);
      expect(filterContent(posts, { filter, term: "zzz" })).toEqual(
        filterContent(posts, { filter }),
      );
    }
    expect(filterUsesSearch("all")).toBe(true);
    expect(filterUsesSearch("draft")).toBe(true);
  });
});
