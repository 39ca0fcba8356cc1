import { elementOf, firstInstall, isModified } from "./dom.ts";
import { APPS_MENU_CLOSE_DELAY_MS } from "./site-settings.ts";

// The top navigation's menus (docs/product/public-site.md#navigation), run by listeners on the
// document so they work on a page React never hydrates as well as on one it does: the nav's markup
// is the same in both, and this script only changes attributes on it (`hidden`, `aria-expanded`,
// the small screen toggle's label), never adding or removing anything React may own.

const APPS_MENU = "[data-apps-menu]";
const APPS_MENU_TOGGLE = "[data-apps-menu-toggle]";
const APPS_MENU_PANEL = "[data-apps-menu-panel]";
const MOBILE_MENU = "[data-mobile-menu]";
const MOBILE_MENU_TOGGLE = "[data-mobile-menu-toggle]";

type AppsMenuState = {
  closeTimer: ReturnType<typeof setTimeout> | undefined;
  /**
   * True while the menu is open only because the pointer came in: a click on the chevron then
   * keeps it open instead of closing what the person has just seen appear.
   */
  openedByHover: boolean;
};

export function installSiteNav(doc: Document = document): void {
  if (!firstInstall(doc, "site-nav")) return;
  const apps = appsMenus();
  const mobile = mobileMenus(doc);
  listenForAppsMenu(doc, apps);
  listenForClicks(doc, apps, mobile);

  // Going back or forward changes the page too (on a hydrated page, without loading a new one).
  doc.defaultView?.addEventListener("popstate", () => {
    for (const wrapper of doc.querySelectorAll(APPS_MENU)) apps.close(wrapper);
    for (const toggle of mobile.toggles()) mobile.show(toggle, false);
  });
}

type AppsMenus = ReturnType<typeof appsMenus>;
type MobileMenus = ReturnType<typeof mobileMenus>;

/** The Apps & Tools menus: each opened and closed, at once or after a short delay. */
function appsMenus() {
  const states = new WeakMap<Element, AppsMenuState>();
  const stateOf = (wrapper: Element): AppsMenuState => {
    let state = states.get(wrapper);
    if (!state) {
      state = { closeTimer: undefined, openedByHover: false };
      states.set(wrapper, state);
    }
    return state;
  };
  const panel = (wrapper: Element) => wrapper.querySelector<HTMLElement>(APPS_MENU_PANEL);
  const toggle = (wrapper: Element) => wrapper.querySelector<HTMLElement>(APPS_MENU_TOGGLE);
  const show = (wrapper: Element, open: boolean) => {
    const found = panel(wrapper);
    if (found) found.hidden = !open;
    toggle(wrapper)?.setAttribute("aria-expanded", String(open));
  };
  const cancelClose = (wrapper: Element) => {
    const state = stateOf(wrapper);
    clearTimeout(state.closeTimer);
    state.closeTimer = undefined;
  };
  const close = (wrapper: Element) => {
    cancelClose(wrapper);
    stateOf(wrapper).openedByHover = false;
    show(wrapper, false);
  };
  return {
    stateOf,
    toggle,
    cancelClose,
    close,
    isOpen: (wrapper: Element) => panel(wrapper)?.hidden === false,
    open: (wrapper: Element) => {
      cancelClose(wrapper);
      show(wrapper, true);
    },
    closeLater: (wrapper: Element) => {
      cancelClose(wrapper);
      stateOf(wrapper).closeTimer = setTimeout(() => close(wrapper), APPS_MENU_CLOSE_DELAY_MS);
    },
  };
}

/** The small screens' menus, each opened by its toggle (`aria-controls`). */
function mobileMenus(doc: Document) {
  const menuOf = (toggle: Element) => {
    const id = toggle.getAttribute("aria-controls");
    return id ? doc.getElementById(id) : null;
  };
  return {
    menuOf,
    show: (toggle: Element, open: boolean) => {
      const menu = menuOf(toggle);
      if (menu) menu.hidden = !open;
      toggle.setAttribute("aria-expanded", String(open));
      toggle.setAttribute("aria-label", open ? "Close menu" : "Open menu");
    },
    toggles: () => [...doc.querySelectorAll(MOBILE_MENU_TOGGLE)],
  };
}

/** The pointer, the focus and Escape on the Apps & Tools menus. */
function listenForAppsMenu(doc: Document, apps: AppsMenus) {
  // The pointer entering or leaving the Apps & Tools area: mouseover and mouseout bubble to the
  // document (mouseenter and mouseleave do not), and moves between its own parts are ignored.
  doc.addEventListener("mouseover", (event) => {
    const wrapper = elementOf(event.target)?.closest(APPS_MENU);
    if (!wrapper || isInside(wrapper, event.relatedTarget)) return;
    if (!apps.isOpen(wrapper)) apps.stateOf(wrapper).openedByHover = true;
    apps.open(wrapper);
  });
  doc.addEventListener("mouseout", (event) => {
    const wrapper = elementOf(event.target)?.closest(APPS_MENU);
    if (!wrapper || isInside(wrapper, event.relatedTarget)) return;
    apps.stateOf(wrapper).openedByHover = false;
    apps.closeLater(wrapper);
  });

  // Focus inside the area keeps the menu open; focus leaving it closes the menu after the same
  // delay as the pointer does.
  doc.addEventListener("focusin", (event) => {
    const wrapper = elementOf(event.target)?.closest(APPS_MENU);
    if (wrapper) apps.cancelClose(wrapper);
  });
  doc.addEventListener("focusout", (event) => {
    const wrapper = elementOf(event.target)?.closest(APPS_MENU);
    if (wrapper && !isInside(wrapper, event.relatedTarget)) apps.closeLater(wrapper);
  });

  doc.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const wrapper = elementOf(event.target)?.closest(APPS_MENU);
    if (!wrapper || !apps.isOpen(wrapper)) return;
    apps.close(wrapper);
    apps.toggle(wrapper)?.focus();
  });
}

/** The menus' toggles, and links in a menu, which close it. */
function listenForClicks(doc: Document, apps: AppsMenus, mobile: MobileMenus) {
  doc.addEventListener("click", (event) => {
    const target = elementOf(event.target);
    if (!target) return;

    const appsButton = target.closest(APPS_MENU_TOGGLE);
    const appsWrapper = appsButton?.closest(APPS_MENU);
    if (appsWrapper) {
      const state = apps.stateOf(appsWrapper);
      if (apps.isOpen(appsWrapper) && !state.openedByHover) {
        apps.close(appsWrapper);
      } else {
        state.openedByHover = false;
        apps.open(appsWrapper);
      }
      return;
    }

    const mobileButton = target.closest(MOBILE_MENU_TOGGLE);
    if (mobileButton) {
      mobile.show(mobileButton, mobileButton.getAttribute("aria-expanded") !== "true");
      return;
    }

    // A link in a menu closes it: on a hydrated page the link changes the page without loading a
    // new one, and the menu must not stay open over it. A click that opens the link in another
    // tab or window leaves this page as it was, menu included.
    const link = target.closest("a[href]");
    if (!link || isModified(event)) return;
    const linkWrapper = link.closest(APPS_MENU);
    if (linkWrapper) apps.close(linkWrapper);
    const mobileMenu = link.closest(MOBILE_MENU);
    if (mobileMenu) {
      for (const toggle of mobile.toggles()) {
        if (mobile.menuOf(toggle) === mobileMenu) mobile.show(toggle, false);
      }
    }
  });
}

/** Whether a related target (where the pointer or focus went, or came from) is inside `area`. */
function isInside(area: Element, related: EventTarget | null): boolean {
  const node = related as Node | null;
  return !!node && typeof node.nodeType === "number" && area.contains(node);
}
