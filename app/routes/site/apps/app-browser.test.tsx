// @vitest-environment happy-dom
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { installLiveLists } from "#app/site-script/live-list.client.ts";
import type { App } from "#common/types/app.ts";
import { AppBrowser } from "./app-browser.tsx";

const now = new Date("2025-06-15T12:00:00.000Z");
const petitionUrl = "https://petition.example/bring-it-back";

function app(overrides: Partial<App>): App {
  const slug = overrides.slug ?? "skin-studio";
  return {
    id: slug,
    name: "Skin Studio",
    slug,
    category: "Web Tool",
    relationship: "developed",
    status: "released",
    logoUrl: "/uploads/logo.png",
    imageUrl: "/uploads/banner.png",
    shortDescription: "Paint skins in your browser.",
    description: "A pixel editor made for skins.",
    downloadCount: 2_300_000,
    rating: 4.8,
    releaseDate: "2021-03-01T00:00:00.000Z",
    platforms: ["web", "ios"],
    websiteUrl: "https://skins.example",
    downloadUrl: "https://skins.example/download",
    sortOrder: 0,
    ...overrides,
  };
}

/**
 * The server-rendered list at `url`: the filter is what the loader read from the address; the
 * router is there for the links only.
 */
function render(url: string, apps: App[]) {
  const filter = new URL(url, "http://site.test").searchParams.get("filter") ?? "all";
  const html = renderToString(
    <MemoryRouter initialEntries={["/apps"]}>
      <AppBrowser apps={apps} filter={filter} now={now} petitionUrl={petitionUrl} />
    </MemoryRouter>,
  );
  const text = html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
  return { html, text };
}

const apps = [
  app({
    slug: "roamer",
    name: "Realm Roamer",
    status: "banned",
    websiteUrl: null,
    downloadUrl: null,
  }),
  app({ slug: "studio", name: "Skin Studio" }),
  app({ slug: "party", name: "Block Party", relationship: "official-partner" }),
  app({ slug: "pets", name: "Pixel Pets", relationship: "partner", status: "beta" }),
];

describe("apps page list", () => {
  it("says 'No Apps Found' when there are no apps", () => {
    expect(render("/apps", []).text).toContain("No Apps Found");
  });

  it("says 'No Apps Found' when a filter keeps nothing, with a way back to all apps", () => {
    const { html, text } = render("/apps?filter=in-development", [app({})]);
    expect(text).toContain("No Apps Found");
    expect(html).toMatch(/<a[^>]*href="\/apps"[^>]*>Show all apps<\/a>/);
  });

  it("counts every filter and marks the current one", () => {
    const { html, text } = render("/apps?filter=partnerships", apps);
    expect(text).toContain("All Apps 4 (4)");
    expect(text).toContain("Developed 2 (2)");
    expect(text).toContain("Partnerships 2 (2)");
    expect(text).toContain("In Development 1 (1)");
    expect(html).toMatch(/aria-current="page"[^>]*>Partnerships/);
    expect(text).toContain("Block Party");
    expect(text).not.toContain("Skin Studio");
  });

  it("puts banned apps last, with the overlay linking to the petition in a new tab", () => {
    const { html } = render("/apps", apps);
    const order = [...html.matchAll(/<article id="([^"]+)"/g)].map((m) => m[1]);
    expect(order).toEqual(["studio", "party", "pets", "roamer"]);
    expect(html).toMatch(
      /<a href="https:\/\/petition.example\/bring-it-back" target="_blank" rel="noopener noreferrer"[^>]*>.*BANNED BY MICROSOFT NOV 2021/,
    );
    expect(html.match(/BANNED BY MICROSOFT NOV 2021/g)).toHaveLength(1);
  });

  it("shows each card's fields: K/M downloads, rating label, year, platforms, links", () => {
    const { html, text } = render("/apps", [app({})]);
    expect(text).toContain("2.3M");
    expect(text).toContain("Rated 4.8 out of 5");
    expect(text).toContain("2021");
    expect(text).toContain("iOS");
    expect(text).toContain("Web Tool");
    expect(html).toMatch(/<a[^>]*href="https:\/\/skins.example"[^>]*target="_blank"[^>]*>.*Visit/);
    expect(html).toMatch(
      /<a[^>]*href="https:\/\/skins.example\/download"[^>]*target="_blank"[^>]*>.*Download/,
    );
  });

  it("disables Visit and Download when an app has no such URL", () => {
    const { html } = render("/apps", [app({ websiteUrl: null, downloadUrl: null, rating: null })]);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>.*Visit<\/button>/);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>.*Download<\/button>/);
    expect(html).toContain("Not rated");
  });
});

describe("apps page filters in the browser, with the site script", () => {
  const view = document.defaultView as Window & typeof globalThis;
  const fetchMock = vi.fn((url: string) =>
    Promise.resolve(
      new Response(
        `<!doctype html><html><head><title>Apps</title></head><body>${render(url.replace(view.location.origin, ""), apps).html}</body></html>`,
      ),
    ),
  );
  const names = () => [...document.querySelectorAll("article h3")].map((h) => h.textContent);

  beforeAll(() => {
    vi.stubGlobal("fetch", fetchMock);
    installLiveLists(document);
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });

  it("shows a filter in place, with its heading, and marks it current", async () => {
    view.history.replaceState(null, "", "/apps");
    document.body.innerHTML = render("/apps", apps).html;
    const link = document.querySelector('a[href="/apps?filter=partnerships"]') as HTMLElement;
    link.focus();
    link.click();
    await vi.waitFor(() => expect(names()).toEqual(["Block Party", "Pixel Pets"]));
    expect(fetchMock).toHaveBeenCalledWith(
      `${view.location.origin}/apps?filter=partnerships`,
      expect.anything(),
    );
    expect(view.location.search).toBe("?filter=partnerships");
    expect(document.getElementById("apps-list-title")?.textContent).toBe("Partnerships");
    const current = document.querySelector('#apps-filters [aria-current="page"]');
    expect(current?.textContent).toContain("Partnerships");
    expect(document.activeElement).toBe(current);
  });

  it("highlights the card the address points at, with the style of the target", () => {
    const { html } = render("/apps", [app({})]);
    expect(html).toMatch(/<article id="skin-studio"[^>]*class="[^"]*target:ring-2/);
  });
});
