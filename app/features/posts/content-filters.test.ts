import { describe, expect, it } from "vitest";
import { type FilterablePost, filterContent, filterUsesSearch } from "./content-filters.ts";

function post(overrides: Partial<FilterablePost> & { id: string }): FilterablePost {
  return {
    title: "A post",
    excerpt: null,
    status: "published",
    category: "news",
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: overrides.createdAt ?? "2026-01-01T00:00:00.000Z",
    publishedAt: null,
    scheduledAt: null,
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

  it("orders scheduled posts soonest first, drafts by their last edit, published by publication", () => {
    const list = [
      post({ id: "later", status: "scheduled", scheduledAt: "2026-05-02T09:00:00Z" }),
      post({ id: "sooner", status: "scheduled", scheduledAt: "2026-05-01T09:00:00+09:00" }),
      post({ id: "unset", status: "scheduled" }),
      post({ id: "tie-b", status: "scheduled", scheduledAt: "2026-05-03T00:00:00Z" }),
      post({ id: "tie-a", status: "scheduled", scheduledAt: "2026-05-03T00:00:00Z" }),
      // Written first, edited last: the draft someone is working on.
      post({
        id: "old-draft",
        status: "draft",
        createdAt: "2026-01-01T00:00:00Z",
        updatedAt: "2026-04-01T00:00:00Z",
      }),
      post({
        id: "new-draft",
        status: "draft",
        createdAt: "2026-03-01T00:00:00Z",
        updatedAt: "2026-03-02T00:00:00Z",
      }),
      post({
        id: "late",
        status: "published",
        createdAt: "2026-01-01T00:00:00Z",
        publishedAt: "2026-04-01T00:00:00Z",
      }),
      post({
        id: "early",
        status: "published",
        createdAt: "2026-02-01T00:00:00Z",
        publishedAt: "2026-02-01T00:00:00Z",
      }),
    ];
    expect(ids(filterContent(list, { filter: "scheduled" }))).toEqual([
      "sooner",
      "later",
      "tie-a",
      "tie-b",
      "unset",
    ]);
    expect(ids(filterContent(list, { filter: "draft" }))).toEqual(["old-draft", "new-draft"]);
    expect(ids(filterContent(list, { filter: "published" }))).toEqual(["late", "early"]);
    // The full list keeps creation order: the newest post first, whatever its state.
    expect(ids(filterContent(list, { filter: "all" })).slice(0, 3)).toEqual([
      "new-draft",
      "early",
      "unset",
    ]);
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
