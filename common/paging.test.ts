import { describe, expect, it } from "vitest";
import { pageCount, pagerNumbers, parsePageNumber, withPage } from "./paging.ts";

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
