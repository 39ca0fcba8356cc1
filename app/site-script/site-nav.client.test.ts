// @vitest-environment happy-dom
import { act, createElement } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SiteNav } from "#app/components/site/site-nav.tsx";
import type { NavApp } from "#app/lib/site-data.ts";
import { installSiteNav } from "./site-nav.client.ts";
import { APPS_MENU_CLOSE_DELAY_MS } from "./site-settings.ts";

const APPS: NavApp[] = Array.from({ length: 8 }, (_, i) => ({
  name: `App ${i + 1}`,
  slug: `app-${i + 1}`,
  websiteUrl: i === 0 ? "https://example.com/app-1" : null,
}));

/** The nav inside a router, for a signed-out visitor on `path`. */
function navTree(path = "/") {
  return createElement(
    MemoryRouter,
    { initialEntries: [path] },
    createElement(SiteNav, {
      companyName: "Pixel Grove",
      communityInviteUrl: "https://chat.example.com/invite",
      apps: APPS,
      isSignedIn: false,
    }),
  );
}

/** The nav as the server sends it. */
function serverHtml(path = "/"): string {
  return renderToString(navTree(path));
}

function get<T extends Element = HTMLElement>(selector: string): T {
  const element = document.querySelector<T>(selector);
  if (!element) throw new Error(`nothing matches ${selector}`);
  return element;
}

const appsArea = () => get("[data-apps-menu]");
const appsLink = () => get<HTMLAnchorElement>('[data-apps-menu] > div > a[href="/apps"]');
const chevron = () => get<HTMLButtonElement>('button[aria-label="Show apps and tools"]');
const appsMenu = () => get("#apps-menu");
const mobileToggle = () => get<HTMLButtonElement>('button[aria-controls="mobile-menu"]');
const mobileMenu = () => get("#mobile-menu");
const outside = () => get("#outside");

/** Moves the pointer from one element to another, with the events a browser sends. */
function movePointer(from: Element, to: Element) {
  from.dispatchEvent(new MouseEvent("mouseout", { bubbles: true, relatedTarget: to }));
  to.dispatchEvent(new MouseEvent("mouseover", { bubbles: true, relatedTarget: from }));
}

/** Moves focus, with the focusout and focusin a browser sends (and their related targets). */
function moveFocus(from: HTMLElement, to: HTMLElement) {
  from.dispatchEvent(new FocusEvent("focusout", { bubbles: true, relatedTarget: to }));
  to.focus();
  to.dispatchEvent(new FocusEvent("focusin", { bubbles: true, relatedTarget: from }));
}

function press(key: string, on: Element) {
  on.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
}

/** A plain left click, which a link's own navigation is kept from following in these tests. */
function click(element: Element, init: MouseEventInit = {}) {
  const event = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init });
  element.addEventListener("click", (e) => e.preventDefault(), { once: true });
  element.dispatchEvent(event);
}

function appsOpen(): boolean {
  const open = !appsMenu().hidden;
  expect(chevron().getAttribute("aria-expanded")).toBe(String(open));
  return open;
}

function mobileOpen(): boolean {
  const open = !mobileMenu().hidden;
  expect(mobileToggle().getAttribute("aria-expanded")).toBe(String(open));
  expect(mobileToggle().getAttribute("aria-label")).toBe(open ? "Close menu" : "Open menu");
  return open;
}

beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = `${serverHtml()}<p id="outside" tabindex="-1">Page</p>`;
  installSiteNav(document);
});

afterEach(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
  document.body.innerHTML = "";
});

describe("the server-rendered nav", () => {
  it("has both menus in the page, hidden, with collapsed buttons pointing at them", () => {
    expect(appsMenu().hidden).toBe(true);
    expect(appsArea().contains(chevron()) && appsArea().contains(appsMenu())).toBe(true);
    expect(mobileMenu().hidden).toBe(true);
    expect(chevron().getAttribute("aria-expanded")).toBe("false");
    expect(chevron().getAttribute("aria-controls")).toBe("apps-menu");
    expect(mobileToggle().getAttribute("aria-expanded")).toBe("false");
    expect(mobileToggle().getAttribute("aria-label")).toBe("Open menu");
    // Both icons are there; the stylesheet shows one by the button's aria-expanded.
    expect(mobileToggle().querySelectorAll("svg")).toHaveLength(2);
    expect(get('nav a[href="/"]').getAttribute("aria-current")).toBe("page");
    expect(get('#mobile-menu a[href="/"]').getAttribute("aria-current")).toBe("page");
  });

  it("lists View All, the first six apps and how many more there are", () => {
    const names = [...appsMenu().querySelectorAll("li a")].map((a) => a.textContent);
    expect(names).toEqual(["View All Apps & Tools", ...APPS.slice(0, 6).map((app) => app.name)]);
    expect(get('#apps-menu a[href="https://example.com/app-1"]').getAttribute("target")).toBe(
      "_blank",
    );
    expect(get('#apps-menu a[href="/apps#app-2"]').textContent).toBe("App 2");
    expect(appsMenu().textContent).toContain("+2 more apps");
  });
});

describe("Apps & Tools", () => {
  it("opens on hover and closes exactly the delay after the pointer leaves", () => {
    movePointer(outside(), appsLink());
    expect(appsOpen()).toBe(true);
    movePointer(appsLink(), outside());
    vi.advanceTimersByTime(APPS_MENU_CLOSE_DELAY_MS - 1);
    expect(appsOpen()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(appsOpen()).toBe(false);
  });

  it("stays open when the pointer comes back within the delay", () => {
    movePointer(outside(), appsLink());
    movePointer(appsLink(), outside());
    vi.advanceTimersByTime(APPS_MENU_CLOSE_DELAY_MS - 1);
    movePointer(outside(), appsLink());
    vi.advanceTimersByTime(APPS_MENU_CLOSE_DELAY_MS * 2);
    expect(appsOpen()).toBe(true);
  });

  it("stays open while the pointer moves between its link, chevron and list", () => {
    movePointer(outside(), appsLink());
    movePointer(appsLink(), chevron());
    movePointer(chevron(), get("#apps-menu li a"));
    vi.advanceTimersByTime(APPS_MENU_CLOSE_DELAY_MS * 2);
    expect(appsOpen()).toBe(true);
  });

  it("keeps a menu the pointer just opened open on a chevron click; a second click closes it", () => {
    movePointer(outside(), chevron());
    expect(appsOpen()).toBe(true);
    click(chevron());
    vi.advanceTimersByTime(100);
    expect(appsOpen()).toBe(true);
    click(chevron());
    expect(appsOpen()).toBe(false);
  });

  it("opens and closes on chevron clicks alone", () => {
    click(chevron());
    expect(appsOpen()).toBe(true);
    click(chevron());
    expect(appsOpen()).toBe(false);
  });

  it("works from the keyboard, and Escape closes it and returns focus to the chevron", () => {
    chevron().focus();
    // A browser turns Enter on a button into a click.
    press("Enter", chevron());
    click(chevron());
    expect(appsOpen()).toBe(true);
    const first = get<HTMLAnchorElement>("#apps-menu a");
    moveFocus(chevron(), first);
    vi.advanceTimersByTime(APPS_MENU_CLOSE_DELAY_MS * 2);
    expect(appsOpen()).toBe(true);
    press("Escape", first);
    expect(appsOpen()).toBe(false);
    expect(document.activeElement).toBe(chevron());
  });

  it("leaves Escape alone when the menu is closed or focus is elsewhere", () => {
    outside().focus();
    press("Escape", chevron());
    expect(document.activeElement).toBe(outside());
    click(chevron());
    press("Escape", outside());
    expect(appsOpen()).toBe(true);
  });

  it("closes the delay after focus leaves it", () => {
    click(chevron());
    moveFocus(chevron(), outside());
    vi.advanceTimersByTime(APPS_MENU_CLOSE_DELAY_MS - 1);
    expect(appsOpen()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(appsOpen()).toBe(false);
  });

  it("stays open when focus moves into it while a close is pending", () => {
    movePointer(outside(), appsLink());
    movePointer(appsLink(), outside());
    moveFocus(outside(), chevron());
    vi.advanceTimersByTime(APPS_MENU_CLOSE_DELAY_MS * 2);
    expect(appsOpen()).toBe(true);
  });

  it("closes when one of its links is clicked, but not when it opens in another tab", () => {
    click(chevron());
    click(get('#apps-menu a[href="/apps#app-2"]'), { ctrlKey: true });
    expect(appsOpen()).toBe(true);
    click(get('#apps-menu a[href="/apps#app-2"]'));
    expect(appsOpen()).toBe(false);
  });
});

describe("the small-screen menu", () => {
  it("opens and closes from its toggle, which names what it will do", () => {
    click(mobileToggle());
    expect(mobileOpen()).toBe(true);
    click(mobileToggle().querySelector("svg:last-of-type") ?? mobileToggle());
    expect(mobileOpen()).toBe(false);
  });

  it("closes when one of its links is clicked", () => {
    click(mobileToggle());
    click(get('#mobile-menu a[href="/studio"]'));
    expect(mobileOpen()).toBe(false);
  });
});

describe("installSiteNav", () => {
  it("closes both menus when the person goes back or forward", () => {
    click(mobileToggle());
    click(chevron());
    window.dispatchEvent(new PopStateEvent("popstate"));
    expect(mobileOpen()).toBe(false);
    expect(appsOpen()).toBe(false);
  });

  it("binds once however many times it is installed", () => {
    const doc = document.implementation.createHTMLDocument("nav");
    doc.body.innerHTML = serverHtml();
    const listen = vi.spyOn(doc, "addEventListener");
    installSiteNav(doc);
    const bound = listen.mock.calls.length;
    expect(bound).toBeGreaterThan(0);
    installSiteNav(doc);
    expect(listen.mock.calls.length).toBe(bound);
    // Bound twice, one click would open the menu and close it again.
    const toggle = doc.querySelector<HTMLButtonElement>("[data-mobile-menu-toggle]");
    toggle?.dispatchEvent(new MouseEvent("click", { bubbles: true, button: 0 }));
    expect(toggle?.getAttribute("aria-expanded")).toBe("true");
    expect(doc.getElementById("mobile-menu")?.hidden).toBe(false);
  });
});

describe("on a page React hydrates", () => {
  it("hydrates the server's nav unchanged, and its links are left to the browser", async () => {
    vi.useRealTimers();
    const flags = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    flags.IS_REACT_ACT_ENVIRONMENT = true;
    const container = document.createElement("div");
    container.innerHTML = serverHtml();
    document.body.replaceChildren(container);
    const mismatches: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(container, navTree(), { onRecoverableError: (error) => mismatches.push(error) }),
    );
    try {
      expect(mismatches).toEqual([]);

      // The nav's links load their pages as documents (`reloadDocument`), also on a page React
      // runs: the router leaves the click to the browser. The menu the script opened stays.
      const leftToTheBrowser: boolean[] = [];
      const record = (event: Event) => leftToTheBrowser.push(!event.defaultPrevented);
      // The window hears the click last: the test page itself never navigates.
      const stay = (event: Event) => event.preventDefault();
      document.addEventListener("click", record);
      window.addEventListener("click", stay);
      try {
        await act(async () => click(chevron()));
        await act(async () => {
          get('nav a[href="/videos"]').dispatchEvent(
            new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }),
          );
        });
        expect(leftToTheBrowser.at(-1)).toBe(true);
        expect(get('nav a[href="/videos"]').getAttribute("aria-current")).toBeNull();
        expect(appsOpen()).toBe(true);

        // A link in the small-screen menu closes the menu as the browser leaves.
        await act(async () => click(mobileToggle()));
        await act(async () => {
          get('#mobile-menu a[href="/studio"]').dispatchEvent(
            new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }),
          );
        });
        expect(leftToTheBrowser.at(-1)).toBe(true);
        expect(mobileOpen()).toBe(false);
      } finally {
        document.removeEventListener("click", record);
        window.removeEventListener("click", stay);
      }
    } finally {
      act(() => root.unmount());
      flags.IS_REACT_ACT_ENVIRONMENT = false;
    }
  });
});
