import { describe, expect, it } from "vitest";
import { pageCount, pagerNumbers, parsePageNumber, showingRange, withPage } from "./paging.ts";

describe("page numbers", () => {
  it("read a missing or empty ?page= as page 1 and digits as that page", () => {
    expect(parsePageNumber(null)).toBe(1);
    expect(parsePageNumber("")).toBe(1);
    expect(parsePageNumber("3")).toBe(3);
    expect(parsePageNumber("100000")).toBe(100_000);
  });

  it("refuse anything that is not a whole page number", () => {
    for (const value of ["0", "-1", "1.5", "abc", " 2", "2e3", "100001", "9999999"]) {
      expect(parsePageNumber(value), value).toBeNull();
    }
  });

  it("count pages, an empty list still having its first", () => {
    expect(pageCount(0, 12)).toBe(1);
    expect(pageCount(12, 12)).toBe(1);
    expect(pageCount(13, 12)).toBe(2);
  });

  it("show the first, the last and the neighbours of the current page, with gaps", () => {
    const shown = (current: number, last: number) =>
      pagerNumbers(current, last).map((entry) => ("page" in entry ? entry.page : "…"));
    expect(shown(1, 1)).toEqual([1]);
    expect(shown(1, 3)).toEqual([1, 2, 3]);
    expect(shown(5, 10)).toEqual([1, "…", 4, 5, 6, "…", 10]);
    expect(shown(10, 10)).toEqual([1, "…", 9, 10]);
  });

  it("set ?page= in a query string, leaving it out for page 1", () => {
    expect(withPage("?q=sky&page=4", 1)).toBe("?q=sky");
    expect(withPage("", 1)).toBe("");
    expect(withPage("?q=sky", 2)).toBe("?q=sky&page=2");
  });
});

describe("showingRange", () => {
  const posts = ["post", "posts"] as const;
  it("says which rows of how many", () => {
    expect(showingRange(2, 25, 1234, posts)).toBe("Showing 26–50 of 1,234 posts");
    expect(showingRange(1, 25, 1, posts)).toBe("Showing 1–1 of 1 post");
    expect(showingRange(50, 25, 1234, posts)).toBe("Showing 1,226–1,234 of 1,234 posts");
    expect(showingRange(2, 25, 30, ["subscriber", "subscribers"])).toBe(
      "Showing 26–30 of 30 subscribers",
    );
  });
  it("names an empty list", () => {
    expect(showingRange(1, 25, 0, posts)).toBe("No posts");
  });
});
