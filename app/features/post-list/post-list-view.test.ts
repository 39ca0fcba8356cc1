import { describe, expect, it } from "vitest";
import {
  clearedView,
  hasOwnFilters,
  type ListPreset,
  listViewApiSearch,
  listViewSearch,
  nextHeaderSort,
  readListView,
  sortDirection,
} from "./post-list-view.ts";

const ALL: ListPreset = { fixed: {}, defaultSort: "-updatedAt" };
const DRAFTS: ListPreset = { fixed: { status: "draft" }, defaultSort: "-updatedAt" };
const SCHEDULED: ListPreset = { fixed: { status: "scheduled" }, defaultSort: "scheduledAt" };

describe("readListView", () => {
  it("reads every filter, the sort, the search and the page from the address", () => {
    const view = readListView(
      "?q=%20Castle%20&status=draft&category=marketplace-content&packType=world&author=u1&tag=pvp&sort=-publishedAt&page=3",
      ALL,
    );
    expect(view).toEqual({
      page: 3,
      sort: "-publishedAt",
      q: "Castle",
      status: "draft",
      category: "marketplace-content",
      packType: "world",
      author: "u1",
      tag: "pvp",
    });
  });

  it("reads values the server would refuse as their defaults", () => {
    const view = readListView(
      `?status=gone&category=blog&packType=Addon&sort=views&page=0&tag=${"t".repeat(51)}`,
      ALL,
    );
    expect(view).toMatchObject({
      page: 1,
      sort: "-updatedAt",
      status: "",
      category: "",
      packType: "",
      tag: "",
    });
    expect(readListView("?page=100001", ALL).page).toBe(1);
    expect(readListView(`?q=${"a".repeat(250)}`, ALL).q).toHaveLength(200);
  });

  it("lets the section's fixed filter win over the address, and starts in its own order", () => {
    const view = readListView("?status=published", SCHEDULED);
    expect(view.status).toBe("scheduled");
    expect(view.sort).toBe("scheduledAt");
  });
});

describe("listViewSearch", () => {
  it("writes only what differs from the section's defaults, in a stable order", () => {
    const view = readListView("?page=3&sort=-publishedAt&status=draft&q=castle", ALL);
    expect(listViewSearch(view, ALL)).toBe("?q=castle&status=draft&sort=-publishedAt&page=3");
    expect(listViewSearch(readListView("?page=1&sort=-updatedAt", ALL), ALL)).toBe("");
  });

  it("reads a tag of up to 50 code points, emoji included, as the server does", () => {
    expect(readListView(`?tag=${"😀".repeat(50)}`, DRAFTS).tag).toBe("😀".repeat(50));
    expect(readListView(`?tag=${"😀".repeat(51)}`, DRAFTS).tag).toBe("");
  });

  it("leaves the fixed filter out of the address", () => {
    const view = readListView("?tag=pvp", DRAFTS);
    expect(listViewSearch(view, DRAFTS)).toBe("?tag=pvp");
  });

  it("round-trips through readListView", () => {
    const search = "?q=a+b&category=youtube&author=u2&sort=title&page=2";
    expect(listViewSearch(readListView(search, ALL), ALL)).toBe(search);
  });
});

describe("listViewApiSearch", () => {
  it("asks for the page, the sort and every filter, the fixed ones included", () => {
    const view = readListView("?q=castle&tag=pvp&page=2", DRAFTS);
    expect(listViewApiSearch(view)).toBe("page=2&sort=-updatedAt&status=draft&tag=pvp&q=castle");
  });

  it("names the page size only when it is not the default", () => {
    const view = readListView("", ALL);
    expect(listViewApiSearch(view, 6)).toBe("page=1&limit=6&sort=-updatedAt");
    expect(listViewApiSearch(view, 25)).toBe("page=1&sort=-updatedAt");
  });
});

describe("filters of one's own", () => {
  it("counts a search or a filter the person chose, not the section's", () => {
    expect(hasOwnFilters(readListView("", DRAFTS), DRAFTS)).toBe(false);
    expect(hasOwnFilters(readListView("?q=x", DRAFTS), DRAFTS)).toBe(true);
    expect(hasOwnFilters(readListView("?author=u1", DRAFTS), DRAFTS)).toBe(true);
  });

  it("clears them, keeping the sort and the section's own filter, back at page 1", () => {
    const view = readListView("?q=x&tag=y&author=u&sort=title&page=4", DRAFTS);
    expect(listViewSearch(clearedView(view, DRAFTS), DRAFTS)).toBe("?sort=title");
    expect(clearedView(view, DRAFTS).status).toBe("draft");
  });
});

describe("nextHeaderSort", () => {
  it("turns the sorted column around", () => {
    expect(nextHeaderSort("title", "title")).toBe("-title");
    expect(nextHeaderSort("-title", "title")).toBe("title");
    expect(nextHeaderSort("-publishedAt", "publishedAt")).toBe("publishedAt");
  });

  it("starts another column in its natural direction", () => {
    expect(nextHeaderSort("-updatedAt", "title")).toBe("title");
    expect(nextHeaderSort("title", "updatedAt")).toBe("-updatedAt");
    expect(nextHeaderSort("title", "scheduledAt")).toBe("scheduledAt");
  });
});

describe("sortDirection", () => {
  it("says how the sorted column is sorted, and none for the others", () => {
    expect(sortDirection("title", "title")).toBe("ascending");
    expect(sortDirection("-publishedAt", "publishedAt")).toBe("descending");
    expect(sortDirection("-publishedAt", "title")).toBe("none");
    expect(sortDirection("scheduledAt", "updatedAt")).toBe("none");
  });
});
