// @vitest-environment happy-dom
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { installLiveLists, SEARCH_DELAY_MS } from "#app/site-script/live-list.client.ts";
import type { PortfolioItem } from "#common/types/portfolio-item.ts";
import { StudioBrowser, type StudioList } from "./studio-browser.tsx";
import { studioCategoryFromParam } from "./studio-filters.ts";

const now = new Date("2025-06-15T12:00:00.000Z");

function item(overrides: Partial<PortfolioItem>): PortfolioItem {
  const slug = overrides.slug ?? "sky-islands";
  return {
    id: slug,
    title: "Sky Islands",
    slug,
    packType: "world",
    status: "published",
    shortDescription: "Floating islands.",
    fullDescription: "Temples in the sky.",
    launchDate: null,
    createdAt: "2025-01-01T00:00:00.000Z",
    marketplaceLink: "https://marketplace.example/sky",
    marketplaceUrl: "https://marketplace.example/sky",
    imageUrl: null,
    featuredImage: null,
    releaseDate: null,
    isPost: true,
    ...overrides,
  };
}

/**
 * The loader's answer for `url` over `all`, worked out here the way the database does it (the
 * search over title and descriptions, the tab's filter, the counts), for one page.
 */
function listFor(url: string, all: PortfolioItem[]): StudioList {
  const params = new URL(url, "http://site.test").searchParams;
  const query = (params.get("q") ?? "").trim();
  const tab = { world: "world", "skin-pack": "Skin Pack", addon: "Addon" }[
    params.get("category") ?? ""
  ];
  const matches = (i: PortfolioItem) =>
    [i.title, i.shortDescription ?? "", i.fullDescription].some((text) =>
      text.toLowerCase().includes(query.toLowerCase()),
    );
  const searched = all.filter(matches);
  const inTab = (list: PortfolioItem[], key: string | undefined) =>
    key === undefined ? list : list.filter((i) => i.packType === key);
  return {
    items: inTab(searched, tab),
    counts: {
      all: searched.length,
      world: inTab(searched, "world").length,
      "skin-pack": inTab(searched, "Skin Pack").length,
      addon: inTab(searched, "Addon").length,
    },
    inCategory: inTab(all, tab).length,
    query,
    category: studioCategoryFromParam(params.get("category")).slug,
    page: 1,
    totalPages: 1,
    now: now.toISOString(),
  };
}

/**
 * The server-rendered studio grid at a URL, as plain text and as HTML. Everything it shows
 * comes from the loader's answer: the router is there for the links only.
 */
function render(url: string, items: PortfolioItem[], list = listFor(url, items)) {
  const html = renderToString(
    <MemoryRouter initialEntries={["/studio"]}>
      <StudioBrowser list={list} />
    </MemoryRouter>,
  );
  const text = html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");
  return { html, text };
}

const items = [
  item({ slug: "sky", title: "Sky Islands", packType: "world" }),
  item({ slug: "knights", title: "Neon Knights", packType: "Skin Pack" }),
  item({ slug: "mashup", title: "Frostbound", packType: "mashup" }),
];

describe("studio empty states", () => {
  it("says 'No Projects Yet' when there is nothing at all", () => {
    const { text } = render("/studio", []);
    expect(text).toContain("No Projects Yet");
    expect(text).toContain("Check back soon for new content in this category.");
  });

  it.each([
    ["world", "No Worlds Yet"],
    ["skin-pack", "No Skin Packs Yet"],
    ["addon", "No Add-Ons Yet"],
  ])("says 'No {label} Yet' for an empty %s tab", (slug, title) => {
    const { text } = render(`/studio?category=${slug}`, slug === "addon" ? items : []);
    expect(text).toContain(title);
    expect(text).toContain("Check back soon for new content in this category.");
    expect(text).not.toContain("Clear search");
  });

  it("keeps the category's empty state when a search finds nothing in an empty tab", () => {
    const { text } = render("/studio?q=zzz&category=addon", items);
    expect(text).toContain("No Add-Ons Yet");
  });

  it("says a search matched nothing and offers to clear it, keeping the tab", () => {
    const { html, text } = render("/studio?q=zombies&category=world", items);
    expect(text).toContain('Nothing in Worlds matches "zombies".');
    expect(text).not.toContain("No Worlds Yet");
    expect(html).toMatch(/<a[^>]*href="\/studio\?category=world"[^>]*>Clear search<\/a>/);
    expect(html).toMatch(/<option value="world" selected="">Worlds \(0\)<\/option>/);
  });
});

describe("studio grid from the URL", () => {
  it("renders the search term and the chosen tab from ?q= and ?category=", () => {
    const { html, text } = render("/studio?q=KNIGHTS&category=skin-pack", items);
    expect(html).toContain('value="KNIGHTS"');
    expect(text).toContain('1 result for "KNIGHTS"');
    expect(text).toContain("Neon Knights");
    expect(text).not.toContain("Sky Islands");
    expect(html).toMatch(/aria-current="page"[^>]*>Skin Packs/);
    expect(html).toMatch(/<option value="skin-pack" selected="">Skin Packs \(1\)<\/option>/);
  });

  it("counts each tab over the search result", () => {
    const { text } = render("/studio?q=knights", items);
    expect(text).toContain("All 1 (1)");
    expect(text).toContain("Worlds 0 (0)");
    expect(text).toContain("Skin Packs 1 (1)");
  });

  it("shows every pack type under All", () => {
    const { text } = render("/studio", items);
    expect(text).toContain("All 3 (3)");
    expect(text).toContain("Frostbound");
    expect(text).toContain("Mashup Pack");
  });
});

describe("studio pages", () => {
  it("links to the other pages of the view, keeping the search and the tab", () => {
    const base = listFor("/studio?q=sky&category=world", items);
    const { html } = render("/studio?q=sky&category=world&page=2", items, {
      ...base,
      page: 2,
      totalPages: 3,
    });
    expect(html).toMatch(/<nav aria-label="Project pages"/);
    expect(html).toMatch(/rel="prev"[^>]*href="\/studio\?category=world&amp;q=sky"/);
    expect(html).toMatch(/rel="next"[^>]*href="\/studio\?category=world&amp;q=sky&amp;page=3"/);
    expect(html).toContain('data-live-url="/studio?category=world&amp;q=sky&amp;page=2"');
    expect(html).toMatch(
      /<span aria-current="page"[^>]*><span class="sr-only">Page <\/span>2<\/span>/,
    );
  });

  it("shows no page links when the view fits on one page", () => {
    expect(render("/studio", items).html).not.toContain("Project pages");
  });
});

describe("studio cards", () => {
  it("links to the post, shows Live and an enabled Get Pack for a released pack", () => {
    const { html } = render("/studio", [
      item({
        slug: "sky",
        releaseDate: "2025-06-01T00:00:00.000Z",
        launchDate: "2025-06-01T00:00:00.000Z",
      }),
    ]);
    expect(html).toContain('href="/post/sky"');
    expect(html).toMatch(/data-status="live"/);
    expect(html).toContain("Jun 1, 2025");
    expect(html).toMatch(/<a[^>]*href="https:\/\/marketplace.example\/sky"[^>]*target="_blank"/);
  });

  it("shows Coming Soon and a disabled Get Pack before the release date", () => {
    const { html } = render("/studio", [
      item({
        slug: "soon",
        releaseDate: "2025-07-01T00:00:00.000Z",
        launchDate: "2025-07-01T00:00:00.000Z",
      }),
    ]);
    expect(html).toMatch(/data-status="coming-soon"[^>]*>.*Coming Soon/);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Get Pack<\/button>/);
    expect(html).not.toContain('href="https://marketplace.example/sky"');
  });

  it("disables Get Pack without a marketplace link and shows a placeholder without an image", () => {
    const { html } = render("/studio", [item({ marketplaceLink: null, imageUrl: null })]);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Get Pack<\/button>/);
    expect(html).toContain('data-slot="image-placeholder"');
  });

  it("loads an uploaded image from /uploads with its size set", () => {
    const { html } = render("/studio", [item({ imageUrl: "sky.png" })]);
    expect(html).toMatch(/<img[^>]*src="\/uploads\/sky.png"[^>]*width="1200"[^>]*height="630"/);
  });
});

describe("the page in the browser, with the site script", () => {
  const fetchMock = vi.fn<(url: string) => Promise<Response>>();
  const view = document.defaultView as Window & typeof globalThis;
  const $ = <T extends HTMLElement = HTMLElement>(selector: string) =>
    document.querySelector(selector) as T;
  const titles = () =>
    [...document.querySelectorAll('[data-slot="studio-card"] h3')].map((h) => h.textContent);

  /** The whole page the server answers at `url`, as the script fetches it. */
  function pageAt(url: string) {
    const { pathname, search } = new URL(url, "http://site.test");
    return `<!doctype html><html><head><title>Studio Portfolio</title></head><body>${render(pathname + search, items).html}</body></html>`;
  }

  async function settle() {
    for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(0);
  }

  beforeAll(() => {
    vi.stubGlobal("fetch", fetchMock);
    fetchMock.mockImplementation((url) => Promise.resolve(new Response(pageAt(url))));
    installLiveLists(document);
  });

  beforeEach(() => {
    vi.useFakeTimers();
    view.history.replaceState(null, "", "/studio");
    document.body.innerHTML = render("/studio", items).html;
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.clearAllMocks();
  });

  it("searches as the person types, counting every tab anew, and keeps the typing", async () => {
    const box = $<HTMLInputElement>("#studio-search");
    box.focus();
    box.value = "knights";
    box.dispatchEvent(new Event("input", { bubbles: true }));
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
    await settle();
    expect(fetchMock).toHaveBeenCalledWith(
      `${view.location.origin}/studio?q=knights&category=all`,
      expect.anything(),
    );
    expect(titles()).toEqual(["Neon Knights"]);
    expect($("#studio-count").textContent).toBe('1 result for "knights"');
    expect($("#studio-tabs").textContent).toContain("Worlds0 (0)");
    expect($("#studio-category").textContent).toContain("Skin Packs (1)");
    expect(view.location.search).toBe("?q=knights");
    expect(document.activeElement).toBe(box);
  });

  it("moves between tabs in place, keeping the search, and the Clear search button empties it", async () => {
    view.history.replaceState(null, "", "/studio?q=sky");
    document.body.innerHTML = render("/studio?q=sky", items).html;
    const worlds = $('#studio-tabs a[href="/studio?category=world&q=sky"]');
    worlds.click();
    await settle();
    expect(view.location.search).toBe("?category=world&q=sky");
    expect($('#studio-tabs [aria-current="page"]').textContent).toContain("Worlds");
    expect($<HTMLSelectElement>("#studio-category").value).toBe("world");

    $('button[aria-label="Clear search"]').click();
    expect($<HTMLInputElement>("#studio-search").value).toBe("");
    await settle();
    expect(view.location.search).toBe("?category=world");
    expect(titles()).toEqual(["Sky Islands"]);
    expect($("#studio-count").textContent).toBe("");
  });
});
