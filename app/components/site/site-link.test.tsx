import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { StaticPageContext } from "#app/lib/page-hydration.ts";
import { SiteLink, SiteNavLink } from "./site-link.tsx";

/** The markup of `element` on a page at `url`, static or hydrated. */
function render(element: ReactNode, url: string, { isStatic }: { isStatic: boolean }) {
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: <StaticPageContext value={isStatic}>{element}</StaticPageContext>,
      },
    ],
    { initialEntries: [url] },
  );
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

/** Attributes of the first anchor, sorted, without React Router's `data-discover`. */
function anchor(html: string): string {
  const tag = html.match(/<a ([^>]*)>/)?.[1] ?? "";
  const attributes = tag.match(/[\w-]+="[^"]*"/g) ?? [];
  return attributes
    .filter((attribute) => !attribute.startsWith("data-discover"))
    .sort()
    .join(" ");
}

const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? "on" : "off");

describe("SiteLink and SiteNavLink", () => {
  const cases: [string, () => ReactNode, string][] = [
    ["a path", () => <SiteLink to="/blog/a-post">A post</SiteLink>, "/news"],
    ["a path with a query and fragment", () => <SiteLink to="/apps?x=1#pack">Pack</SiteLink>, "/"],
    [
      "only a query string",
      () => <SiteLink to={{ search: "?page=2&sort=oldest" }}>2</SiteLink>,
      "/news",
    ],
    ["a query without its '?'", () => <SiteLink to={{ search: "page=3" }}>3</SiteLink>, "/studio"],
    [
      "a link's own attributes",
      () => (
        <SiteLink to="/news" rel="next" className="c" reloadDocument prefetch="intent">
          Next
        </SiteLink>
      ),
      "/",
    ],
    [
      "the active page",
      () => (
        <SiteNavLink to="/studio" className={navClass}>
          Studio
        </SiteNavLink>
      ),
      "/studio",
    ],
    [
      "a parent of the page",
      () => (
        <SiteNavLink to="/apps" className={navClass}>
          Apps
        </SiteNavLink>
      ),
      "/apps/x",
    ],
    [
      "another page",
      () => (
        <SiteNavLink to="/studio" className={navClass}>
          Studio
        </SiteNavLink>
      ),
      "/news",
    ],
    [
      "an `end` link on a child page",
      () => (
        <SiteNavLink to="/" end className={navClass}>
          Home
        </SiteNavLink>
      ),
      "/news",
    ],
    [
      "an `end` link on its page",
      () => (
        <SiteNavLink to="/" end className={navClass}>
          Home
        </SiteNavLink>
      ),
      "/",
    ],
    [
      "another case",
      () => (
        <SiteNavLink to="/Studio" className={navClass}>
          Studio
        </SiteNavLink>
      ),
      "/studio",
    ],
    [
      "a string class",
      () => (
        <SiteNavLink to="/news" className="nav">
          News
        </SiteNavLink>
      ),
      "/news",
    ],
  ];

  it.each(cases)("write on a static page the anchor React Router writes: %s", (_, element, url) => {
    const onStatic = render(element(), url, { isStatic: true });
    const onHydrated = render(element(), url, { isStatic: false });
    expect(anchor(onStatic)).toBe(anchor(onHydrated));
    expect(onStatic.replace(/<a [^>]*>/, "")).toBe(onHydrated.replace(/<a [^>]*>/, ""));
    // Only React Router's Link marks its anchors for route discovery.
    expect(onStatic).not.toContain("data-discover");
    expect(onHydrated).toContain("data-discover");
  });

  it("leave a relative path to React Router on a static page", () => {
    const link = () => <SiteLink to="../up">Up</SiteLink>;
    const onStatic = render(link(), "/news/a", { isStatic: true });
    expect(onStatic).toBe(render(link(), "/news/a", { isStatic: false }));
    expect(onStatic).toContain("data-discover");
  });
});
