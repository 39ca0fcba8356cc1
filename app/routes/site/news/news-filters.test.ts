import { describe, expect, it } from "vitest";
import {
  articleCountText,
  filterArticles,
  matchesSearch,
  NEWS_SORTS,
  type NewsArticle,
  newsSearchString,
  parseNewsSort,
  resultSummaryText,
  sortArticles,
} from "./news-filters.ts";

function article(overrides: Partial<NewsArticle> & { id: string }): NewsArticle {
  return {
    title: `Article ${overrides.id}`,
    excerpt: null,
    category: "news",
    publishedAt: overrides.createdAt ?? "2025-01-01T00:00:00.000Z",
    createdAt: "2025-01-01T00:00:00.000Z",
    ...overrides,
  };
}

const dragons = article({
  id: "a",
  title: "Pocket Dragons: Release Date",
  excerpt: "Five dragon species and a hatchery.",
  category: "news",
  createdAt: "2025-03-10T12:00:00.000Z",
});
const citadel = article({
  id: "b",
  title: "Skyforge Citadel",
  excerpt: "A floating fortress above the clouds.",
  category: "marketplace-content",
  createdAt: "2025-02-01T08:00:00.000Z",
});
const teaser = article({
  id: "c",
  title: "behind the build",
  excerpt: null,
  category: "youtube",
  createdAt: "2025-04-02T09:30:00.000Z",
});
const all = [dragons, citadel, teaser];
const labels = { news: "News", "marketplace-content": "Marketplace", youtube: "YouTube" };

describe("the sort options", () => {
  it("are Newest First, Oldest First and Alphabetical, in that order", () => {
    expect(NEWS_SORTS.map((option) => option.label)).toEqual([
      "Newest First",
      "Oldest First",
      "Alphabetical",
    ]);
    expect(NEWS_SORTS.map((option) => option.value)).toEqual(["newest", "oldest", "title"]);
  });

  it("read from the query string, unknown or missing values meaning newest first", () => {
    expect(parseNewsSort("oldest")).toBe("oldest");
    expect(parseNewsSort("title")).toBe("title");
    expect(parseNewsSort("newest")).toBe("newest");
    expect(parseNewsSort("Title")).toBe("newest");
    expect(parseNewsSort("random")).toBe("newest");
    expect(parseNewsSort("")).toBe("newest");
    expect(parseNewsSort(null)).toBe("newest");
    expect(parseNewsSort(undefined)).toBe("newest");
  });
});

describe("matchesSearch", () => {
  it("matches the title, the excerpt and the category, ignoring case", () => {
    expect(matchesSearch(dragons, "DRAGONS")).toBe(true);
    expect(matchesSearch(dragons, "hatchery")).toBe(true);
    expect(matchesSearch(citadel, "Marketplace-Content")).toBe(true);
    expect(matchesSearch(teaser, "YOUTUBE")).toBe(true);
    expect(matchesSearch(teaser, "Behind The")).toBe(true);
  });

  it("matches the category's label when labels are given", () => {
    expect(matchesSearch(teaser, "YouTube", labels)).toBe(true);
    expect(matchesSearch(citadel, "marketplace", labels)).toBe(true);
    expect(matchesSearch(citadel, "Marketplace Content")).toBe(false);
  });

  it("does not match other fields or text that is not there", () => {
    expect(matchesSearch(dragons, "citadel")).toBe(false);
    expect(matchesSearch(teaser, "hatchery")).toBe(false);
    // The id and the date are not searched.
    expect(matchesSearch(dragons, "2025")).toBe(false);
  });

  it("treats an empty or blank term as no search, and ignores surrounding spaces", () => {
    expect(matchesSearch(dragons, "")).toBe(true);
    expect(matchesSearch(dragons, "   ")).toBe(true);
    expect(matchesSearch(dragons, "  dragons ")).toBe(true);
  });

  it("takes the term literally, not as a pattern", () => {
    expect(matchesSearch(dragons, ".*")).toBe(false);
    expect(matchesSearch(article({ id: "d", title: "C++ (and more)" }), "c++ (")).toBe(true);
  });
});

describe("sortArticles", () => {
  it("puts the newest first by default, like GET /api/posts/published", () => {
    expect(sortArticles(all, "newest").map((a) => a.id)).toEqual(["c", "a", "b"]);
  });

  it("puts the oldest first", () => {
    expect(sortArticles(all, "oldest").map((a) => a.id)).toEqual(["b", "a", "c"]);
  });

  it("sorts alphabetically by title, ignoring case and reading numbers as numbers", () => {
    expect(sortArticles(all, "title").map((a) => a.title)).toEqual([
      "behind the build",
      "Pocket Dragons: Release Date",
      "Skyforge Citadel",
    ]);
    const numbered = [
      article({ id: "x", title: "Update 10" }),
      article({ id: "y", title: "Update 9" }),
    ];
    expect(sortArticles(numbered, "title").map((a) => a.title)).toEqual(["Update 9", "Update 10"]);
  });

  it("orders by the publication date the cards show, not by creation", () => {
    // Written first and published last, then a post that went public on its scheduled time.
    const late = article({
      id: "late",
      createdAt: "2025-01-01T00:00:00.000Z",
      publishedAt: "2025-06-01T00:00:00.000Z",
    });
    const scheduled = article({
      id: "scheduled",
      createdAt: "2024-12-01T00:00:00.000Z",
      publishedAt: "2025-04-01T09:00:00+09:00",
    });
    const early = article({
      id: "early",
      createdAt: "2025-03-01T00:00:00.000Z",
      publishedAt: "2025-03-01T00:00:00.000Z",
    });
    const list = [early, late, scheduled];
    expect(sortArticles(list, "newest").map((a) => a.id)).toEqual(["late", "scheduled", "early"]);
    expect(sortArticles(list, "oldest").map((a) => a.id)).toEqual(["early", "scheduled", "late"]);
    const sameTitle = list.map((a) => ({ ...a, title: "Same" }));
    expect(sortArticles(sameTitle, "title").map((a) => a.id)).toEqual([
      "late",
      "scheduled",
      "early",
    ]);
  });

  it("falls back on the creation time for an article without a publication time", () => {
    const undated = article({
      id: "undated",
      createdAt: "2025-05-01T00:00:00.000Z",
      publishedAt: null,
    });
    const dated = article({ id: "dated", publishedAt: "2025-04-01T00:00:00.000Z" });
    expect(sortArticles([dated, undated], "newest").map((a) => a.id)).toEqual(["undated", "dated"]);
  });

  it("breaks ties by id, newest first, so the order is stable", () => {
    const same = "2025-05-05T05:05:05.000Z";
    const tied = [
      article({ id: "1", createdAt: same, title: "Same" }),
      article({ id: "2", createdAt: same, title: "Same" }),
    ];
    expect(sortArticles(tied, "newest").map((a) => a.id)).toEqual(["2", "1"]);
    expect(sortArticles(tied, "oldest").map((a) => a.id)).toEqual(["1", "2"]);
    expect(sortArticles(tied, "title").map((a) => a.id)).toEqual(["2", "1"]);
  });

  it("leaves its input alone", () => {
    const input = [...all];
    sortArticles(input, "title");
    expect(input).toEqual(all);
  });
});

describe("filterArticles", () => {
  it("keeps the matching articles in the chosen order", () => {
    const found = filterArticles(all, { term: "e", sort: "oldest" });
    expect(found.map((a) => a.id)).toEqual(["b", "a", "c"]);
    expect(filterArticles(all, { term: "the", sort: "title" }).map((a) => a.id)).toEqual([
      "c",
      "b",
    ]);
  });

  it("finds nothing for a term no article contains", () => {
    expect(filterArticles(all, { term: "zzz-nothing", sort: "newest" })).toEqual([]);
  });

  it("uses the category labels", () => {
    expect(
      filterArticles(all, { term: "youtube", sort: "newest", categoryLabels: labels }),
    ).toEqual([teaser]);
  });
});

describe("the result texts", () => {
  it("say article for one and articles otherwise", () => {
    expect(articleCountText(0)).toBe("0 articles found");
    expect(articleCountText(1)).toBe("1 article found");
    expect(articleCountText(2)).toBe("2 articles found");
    expect(articleCountText(3)).toBe("3 articles found");
  });

  it('add for "{term}" while searching, with the trimmed term', () => {
    expect(resultSummaryText(3, "")).toBe("3 articles found");
    expect(resultSummaryText(3, "   ")).toBe("3 articles found");
    expect(resultSummaryText(1, " dragons ")).toBe('1 article found for "dragons"');
    expect(resultSummaryText(0, "zzz")).toBe('0 articles found for "zzz"');
  });
});

describe("newsSearchString", () => {
  it("leaves out the defaults", () => {
    expect(newsSearchString("", "newest")).toBe("");
    expect(newsSearchString("  ", "newest")).toBe("");
  });

  it("carries the term and the sort, encoded", () => {
    expect(newsSearchString("dragons", "newest")).toBe("?q=dragons");
    expect(newsSearchString("", "title")).toBe("?sort=title");
    expect(newsSearchString(" pocket dragons & more ", "oldest")).toBe(
      "?q=pocket+dragons+%26+more&sort=oldest",
    );
  });
});
