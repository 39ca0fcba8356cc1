import { elementOf, firstInstall, isModified } from "./dom.ts";
// Lists that change in place (docs/product/public-site.md#paged-lists): the news, studio and apps
// pages. The server renders every view of a list at its own address, and the page works without
// script (a GET form, plain links). This script fetches the next view's page and moves its changing
// parts into this one, so searching as you type, the sort, the tabs and the page links do not
// reload the page. The markup it works with:
//
// - `data-live-list="{id}"`: the list's area. Its GET forms (typing in the search box, a select,
//   Enter) and its links to other views of the same page load in place. `{id}` names the
//   results, which carry the view's address as the server writes it (`data-live-url`) and show
//   the loading state while a slow answer is on its way.
// - `data-live-part` (with an id): what else changes with the view, such as the counts, the tabs
//   and the sort. Parts and results keep their element and take the answer's contents, so a
//   select keeps its focus and a polite live region announces its new text.
// - `<template data-live-loading>`: the loading state (placeholder cards).
// - `data-live-clear`: a button that empties the search and shows the list at once.
// - `data-live-submit`: a submit button needed only without script (Apply): hidden.
//
// The search box itself is never replaced, so focus and the caret stay where the person types.

/** How long typing may pause before the list follows it. */
export const SEARCH_DELAY_MS = 300;

/**
 * How long the current cards stay while the next ones load: a quick answer replaces them
 * directly, a slower one shows the loading state meanwhile.
 */
export const LOADING_DELAY_MS = 200;

const AREA = "[data-live-list]";
const FOCUSABLE = "a[href], button, input, select, textarea";
const HEAD_LINKS = 'link[rel="canonical"], link[rel="prev"], link[rel="next"]';

/** What asked for a view: it decides the history entry and whether the search box follows. */
type Cause = "typing" | "form" | "link" | "history";

export function installLiveLists(doc: Document = document): void {
  if (!firstInstall(doc, "live-list")) return;
  const view = doc.defaultView ?? window;
  for (const button of doc.querySelectorAll<HTMLElement>(`${AREA} [data-live-submit]`)) {
    button.hidden = true;
  }
  const lists = liveListLoader(doc, view);
  listenForViews(doc, view, lists);

  // Back and forward between views of the list show the view of the address they lead to.
  view.addEventListener("popstate", () => {
    const interrupted = lists.waiting();
    lists.cancel();
    const area = doc.querySelector<HTMLElement>(AREA);
    if (area && (interrupted || !lists.showsAddress())) {
      void lists.load(area, new URL(view.location.href), "history");
    }
  });

  // What was typed before the script ran (on a slow connection) is searched for too.
  for (const box of doc.querySelectorAll<HTMLInputElement>(`${AREA} input[type="search"]`)) {
    if (box.value !== box.defaultValue) box.dispatchEvent(new Event("input", { bubbles: true }));
  }
}

type LiveListLoader = ReturnType<typeof liveListLoader>;

/**
 * Loads views into a list's area, one request at a time: a newer one drops what is on its way,
 * and an answer that cannot be shown in place loads as a page.
 */
function liveListLoader(doc: Document, view: Window) {
  let typing: ReturnType<typeof setTimeout> | undefined;
  /** The request on its way, if any. */
  let pending: AbortController | undefined;
  /** The address of the view on screen: going back to it, or changing only the hash, loads nothing. */
  let shown = addressOf(view.location);

  /** Drops what is on its way: the person has asked for something newer. */
  const cancel = () => {
    clearTimeout(typing);
    pending?.abort();
    pending = undefined;
  };

  async function load(area: HTMLElement, url: URL, cause: Cause) {
    cancel();
    const request = new AbortController();
    pending = request;
    const focusWasInside = area.contains(doc.activeElement);
    const loading = setTimeout(() => showLoading(doc, area), LOADING_DELAY_MS);
    let next: Document;
    try {
      const response = await fetch(url.href, {
        headers: { Accept: "text/html" },
        signal: request.signal,
      });
      if (!response.ok) throw new Error(`answered ${response.status}`);
      next = new DOMParser().parseFromString(await response.text(), "text/html");
    } catch {
      // A list that cannot load in place loads as a page: the browser shows what the server says.
      if (!request.signal.aborted) view.location.assign(url.href);
      return;
    } finally {
      clearTimeout(loading);
    }
    // An answer to a request that a newer one replaced is not shown.
    if (request.signal.aborted) return;
    pending = undefined;
    const results = next.getElementById(area.dataset.liveList ?? "");
    if (!results) {
      view.location.assign(url.href);
      return;
    }
    const address = results.dataset.liveUrl ?? url.pathname + url.search;
    swap(doc, area, next, cause === "typing", focusWasInside);
    if (cause === "link" && address !== addressOf(view.location)) {
      view.history.pushState(null, "", address);
    } else if (cause !== "history") {
      view.history.replaceState(null, "", address);
    }
    shown = addressOf(view.location);
  }

  return {
    load,
    cancel,
    /** Loads the form's view once typing pauses. */
    typed: (area: HTMLElement, form: HTMLFormElement) => {
      cancel();
      typing = setTimeout(() => void load(area, formAddress(form), "typing"), SEARCH_DELAY_MS);
    },
    /** Whether a view is on its way. */
    waiting: () => pending !== undefined,
    /** Whether the view on screen is the one of the address. */
    showsAddress: () => addressOf(view.location) === shown,
  };
}

/** The list's GET forms, its search box, its clear button and its links to other views. */
function listenForViews(doc: Document, view: Window, lists: LiveListLoader) {
  doc.addEventListener("input", (event) => {
    const box = elementOf(event.target);
    const area = box?.closest<HTMLElement>(AREA);
    const form = box?.matches('input[type="search"]') ? (box as HTMLInputElement).form : null;
    if (area && form) lists.typed(area, form);
  });

  doc.addEventListener("change", (event) => {
    const select = elementOf(event.target);
    const area = select?.closest<HTMLElement>(AREA);
    const form = select?.matches("select") ? (select as HTMLSelectElement).form : null;
    if (area && form) void lists.load(area, formAddress(form), "form");
  });

  doc.addEventListener("submit", (event) => {
    const form = elementOf(event.target) as HTMLFormElement | null;
    const area = form?.closest<HTMLElement>(AREA);
    if (!form || !area || form.method !== "get") return;
    event.preventDefault();
    void lists.load(area, formAddress(form), "form");
  });

  doc.addEventListener("click", (event) => {
    const target = elementOf(event.target);
    const area = target?.closest<HTMLElement>(AREA);
    if (!target || !area || event.defaultPrevented) return;
    if (target.closest("[data-live-clear]")) {
      event.preventDefault();
      const box = searchBox(area);
      if (!box?.form) return;
      box.value = "";
      box.focus();
      void lists.load(area, formAddress(box.form), "form");
      return;
    }
    // Another view of this list; a link elsewhere, or one opening a new tab, is left alone.
    const link = target.closest<HTMLAnchorElement>("a[href]");
    if (!link || isModified(event) || link.target || link.hasAttribute("download")) return;
    const url = new URL(link.href);
    const here = view.location;
    if (url.origin !== here.origin || url.pathname !== here.pathname || url.hash) return;
    event.preventDefault();
    void lists.load(area, url, "link");
  });
}

/** Moves the answer's parts into the page, keeping the search box and where focus was. */
function swap(
  doc: Document,
  area: HTMLElement,
  next: Document,
  typed: boolean,
  focusWasInside: boolean,
) {
  const results = resultsOf(doc, area);
  const parts = [...area.querySelectorAll<HTMLElement>("[data-live-part]")];
  // Focus on a tab or a select comes back to the same one; the cards are a new list.
  const active = doc.activeElement;
  const focusedPart = active ? parts.find((part) => part.contains(active)) : undefined;
  const focusAt = focusedPart && active ? focusablesOf(focusedPart).indexOf(active) : -1;
  for (const part of results ? [results, ...parts] : parts) {
    const replacement = next.getElementById(part.id);
    if (!replacement) continue;
    part.replaceChildren(...[...replacement.childNodes].map((node) => doc.importNode(node, true)));
  }
  const box = searchBox(area);
  // What the person typed since the request stays; anything else shows the view's search.
  if (box && !typed) {
    box.value = (next.getElementById(box.id) as HTMLInputElement | null)?.value ?? "";
  }
  doc.title = next.title;
  for (const link of doc.head.querySelectorAll(HEAD_LINKS)) link.remove();
  doc.head.append(
    ...[...next.head.querySelectorAll(HEAD_LINKS)].map((link) => doc.importNode(link, true)),
  );

  if (focusedPart) {
    (focusablesOf(focusedPart)[focusAt] as HTMLElement | undefined)?.focus();
  } else if (focusWasInside && results && !area.contains(doc.activeElement)) {
    // What the person used (a page link, a link in an empty state) went with the old list:
    // focus goes to the new one, brought into view when the person was further down.
    results.focus({ preventScroll: true });
    if (results.getBoundingClientRect().top < 0) results.scrollIntoView({ block: "start" });
  }
}

function showLoading(doc: Document, area: HTMLElement) {
  const template = area.querySelector<HTMLTemplateElement>("template[data-live-loading]");
  if (template) resultsOf(doc, area)?.replaceChildren(template.content.cloneNode(true));
}

function resultsOf(doc: Document, area: HTMLElement): HTMLElement | null {
  return doc.getElementById(area.dataset.liveList ?? "");
}

/** The address a GET form leads to, without its empty fields. */
function formAddress(form: HTMLFormElement): URL {
  const url = new URL(form.action);
  url.search = "";
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string" && value !== "") url.searchParams.append(name, value);
  }
  return url;
}

function searchBox(area: Element): HTMLInputElement | null {
  return area.querySelector<HTMLInputElement>('input[type="search"]');
}

function focusablesOf(part: HTMLElement): Element[] {
  return [part, ...part.querySelectorAll(FOCUSABLE)];
}

function addressOf(location: Location): string {
  return location.pathname + location.search;
}
