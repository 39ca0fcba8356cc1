import { describe, expect, it } from "vitest";
import {
  articleCountText,
  categoriesMatching,
  NEWS_SORTS,
  newsListLinks,
  newsSearchString,
  normalizeNewsTag,
  normalizeSearchTerm,
  parseNewsSort,
  resultSummaryText,
} from "./news-filters.ts";

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

describe("the search term", () => {
  it("finds the categories whose value or label contains it, ignoring case", () => {
    expect(categoriesMatching("MARKET", labels)).toEqual(["marketplace-content"]);
    expect(categoriesMatching("content", labels)).toEqual(["marketplace-content"]);
    expect(categoriesMatching("tube", labels)).toEqual(["youtube"]);
    expect(categoriesMatching("e", labels)).toEqual(["news", "marketplace-content", "youtube"]);
    expect(categoriesMatching("dragons", labels)).toEqual([]);
  });

  it("is no search when empty or blank, and loses surrounding spaces", () => {
    expect(categoriesMatching("   ", labels)).toEqual([]);
    expect(normalizeSearchTerm("  dragons ")).toBe("dragons");
    expect(normalizeSearchTerm(null)).toBe("");
    expect(normalizeSearchTerm("x".repeat(500))).toHaveLength(200);
  });
});

describe("head links", () => {
  it("make the plain list's pages their own canonical address, page 1 without ?page=", () => {
    expect(newsListLinks({ term: "", sort: "newest", page: 1, totalPages: 2 })).toEqual({
      canonical: "/news",
      prev: null,
      next: "/news?page=2",
    });
    expect(newsListLinks({ term: "", sort: "newest", page: 2, totalPages: 2 })).toEqual({
      canonical: "/news?page=2",
      prev: "/news",
      next: null,
    });
  });

  it("point a search or another sort to /news, paging through the view", () => {
    expect(newsListLinks({ term: "dragon", sort: "title", page: 2, totalPages: 4 })).toEqual({
      canonical: "/news",
      prev: "/news?q=dragon&sort=title",
      next: "/news?q=dragon&sort=title&page=3",
    });
  });
});

describe("head links of a tag's list", () => {
  it("keep the tag: its own pages are canonical, a search or a sort points to its page 1", () => {
    expect(
      newsListLinks({ term: "", sort: "newest", tag: "sky islands", page: 2, totalPages: 3 }),
    ).toEqual({
      canonical: "/news?tag=sky+islands&page=2",
      prev: "/news?tag=sky+islands",
      next: "/news?tag=sky+islands&page=3",
    });
    expect(
      newsListLinks({ term: "dragon", sort: "oldest", tag: "a&b", page: 1, totalPages: 2 }),
    ).toEqual({
      canonical: "/news?tag=a%26b",
      prev: null,
      next: "/news?tag=a%26b&q=dragon&sort=oldest&page=2",
    });
  });
});

describe("normalizeNewsTag", () => {
  it("reads the tag as posts store it, null for none", () => {
    expect(normalizeNewsTag(null)).toBeNull();
    expect(normalizeNewsTag(" # ")).toBeNull();
    expect(normalizeNewsTag(" #Worlds ")).toBe("Worlds");
    expect(normalizeNewsTag("x".repeat(500))).toHaveLength(51);
  });

  it("counts code points, as every tag rule does: 30 emoji are a tag, 51 are one too many", () => {
    expect(normalizeNewsTag("😀".repeat(30))).toBe("😀".repeat(30));
    expect(normalizeNewsTag("🐉".repeat(50))).toBe("🐉".repeat(50));
    expect(normalizeNewsTag("🐉".repeat(500))).toBe("🐉".repeat(51));
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
