// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { installLiveLists, LOADING_DELAY_MS, SEARCH_DELAY_MS } from "./live-list.client.ts";

/**
 * A list page as the server renders it for `term` and `tab`, in the shape the news and studio
 * pages use: a search form with a select, tabs, a count, the loading template and the results.
 */
function page({ term = "", tab = "all", cards = ["One", "Two"], page = 1 } = {}) {
  const query = new URLSearchParams();
  if (tab !== "all") query.set("tab", tab);
  if (term) query.set("q", term);
  if (page > 1) query.set("page", String(page));
  const address = `/list${query.size ? `?${query}` : ""}`;
  return `<!doctype html><html><head><title>List ${term}</title>
<link rel="canonical" href="https://site.test${address}">
${page > 1 ? '<link rel="prev" href="https://site.test/list">' : '<link rel="next" href="https://site.test/list?page=2">'}
</head><body>
<div data-live-list="results">
  <form method="get" action="/list">
    <input type="search" id="search" name="q" value="${term}">
    <select id="tab" name="tab" data-live-part>
      <option value="all"${tab === "all" ? " selected" : ""}>All (${cards.length})</option>
      <option value="worlds"${tab === "worlds" ? " selected" : ""}>Worlds</option>
    </select>
    <button type="submit" data-live-submit>Apply</button>
  </form>
  <nav id="tabs" data-live-part>
    <a href="/list"${tab === "all" ? ' aria-current="page"' : ""}>All</a>
    <a href="/list?tab=worlds"${tab === "worlds" ? ' aria-current="page"' : ""}>Worlds</a>
  </nav>
  <p id="count" data-live-part aria-live="polite">${cards.length} found</p>
  <template data-live-loading><p role="status">Loading…</p></template>
  <div id="results" data-live-url="${address}" tabindex="-1">
    <ul>${cards.map((card) => `<li><a href="/post/${card.toLowerCase()}">${card}</a></li>`).join("")}</ul>
    <a id="next" href="/list?page=2">Next</a>
    <a id="elsewhere" href="/other?page=2">Other page</a>
    <a id="new-tab" href="/list?page=2" target="_blank">New tab</a>
    <a id="card" href="/list#one">To a card</a>
    <button type="button" data-live-clear>Clear Search</button>
  </div>
</div>
<p id="outside"><a href="/list?page=3">Outside</a></p>
</body></html>`;
}

/** An answer the test lets through when it wants. */
type Held = { url: string; resolve: (html: string) => void; reject: (error: Error) => void };

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let held: Held[] = [];
const assign = vi.fn<(url: string) => void>();
const view = document.defaultView as Window & typeof globalThis;
const pushState = vi.spyOn(view.history, "pushState");
const replaceState = vi.spyOn(view.history, "replaceState");

function respond(index: number, html: string) {
  held[index]?.resolve(html);
}

/** Lets the answers and their parsing run. */
async function settle() {
  for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(0);
}

function render(html = page()) {
  const parsed = new DOMParser().parseFromString(html, "text/html");
  document.head.replaceChildren(
    ...[...parsed.head.childNodes].map((n) => document.importNode(n, true)),
  );
  document.title = parsed.title;
  document.body.replaceChildren(
    ...[...parsed.body.childNodes].map((n) => document.importNode(n, true)),
  );
}

const $ = <T extends HTMLElement = HTMLElement>(selector: string) =>
  document.querySelector(selector) as T;
const search = () => $<HTMLInputElement>("#search");
const titles = () => [...document.querySelectorAll("#results li")].map((li) => li.textContent);

function type(text: string) {
  search().focus();
  search().value = text;
  search().dispatchEvent(new Event("input", { bubbles: true }));
}

function click(element: Element, init: MouseEventInit = {}) {
  const event = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init });
  element.dispatchEvent(event);
  return event;
}

beforeAll(() => {
  vi.stubGlobal("fetch", fetchMock);
  Object.defineProperty(view.location, "assign", { value: assign, configurable: true });
  view.history.replaceState(null, "", "/list");
  render();
  installLiveLists(document);
});

beforeEach(async () => {
  vi.useFakeTimers();
  fetchMock.mockImplementation(
    (url, init) =>
      new Promise<Response>((resolve, reject) => {
        init.signal?.addEventListener("abort", () =>
          reject(new DOMException("aborted", "AbortError")),
        );
        held.push({
          url,
          resolve: (html) => resolve(new Response(html, { status: 200 })),
          reject,
        });
      }),
  );
  // Every test starts on the plain list, shown, with nothing on its way: going "back" to it
  // drops what the last test left pending.
  view.history.replaceState(null, "", "/list");
  render();
  held = [];
  view.dispatchEvent(new PopStateEvent("popstate"));
  for (const answer of held) answer.resolve(page());
  await settle();
  render();
  held = [];
  vi.clearAllMocks();
});

afterEach(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
});

describe("searching as you type", () => {
  it("asks for the list once typing has paused, with the form's fields", async () => {
    type("dr");
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS - 1);
    type("drag");
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    // Empty fields are left out; the select's value goes along.
    expect(url).toBe(`${location.origin}/list?q=drag&tab=all`);
    expect(new Headers(init?.headers).get("Accept")).toBe("text/html");
  });

  it("swaps the results and the parts, keeps the search box, and replaces the address", async () => {
    const box = search();
    type("drag ");
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
    respond(0, page({ term: "drag", cards: ["Dragons"] }));
    await settle();
    expect(titles()).toEqual(["Dragons"]);
    expect($("#count").textContent).toBe("1 found");
    expect($("#tab").textContent).toContain("All (1)");
    // The box is the same element, still focused, with what was typed (the space too).
    expect(search()).toBe(box);
    expect(document.activeElement).toBe(box);
    expect(box.value).toBe("drag ");
    // The address is the server's, replacing the entry rather than adding one.
    expect(location.pathname + location.search).toBe("/list?q=drag");
    expect(replaceState).toHaveBeenCalledTimes(1);
    expect(pushState).not.toHaveBeenCalled();
    expect(document.title).toBe("List drag");
    expect($('link[rel="canonical"]').getAttribute("href")).toBe("https://site.test/list?q=drag");
  });

  it("ignores an answer that arrives after a newer request", async () => {
    // Answers that arrive whatever the request's signal says.
    fetchMock.mockImplementation(
      (url) =>
        new Promise<Response>((resolve, reject) => {
          held.push({ url, resolve: (html) => resolve(new Response(html)), reject });
        }),
    );
    type("old");
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
    type("new");
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    respond(1, page({ term: "new", cards: ["Newer"] }));
    await settle();
    respond(0, page({ term: "old", cards: ["Older"] }));
    await settle();
    expect(titles()).toEqual(["Newer"]);
    expect(location.search).toBe("?q=new");
    expect(assign).not.toHaveBeenCalled();
  });

  it("shows the loading state only when the answer is slow", async () => {
    type("slow");
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS + LOADING_DELAY_MS - 1);
    expect(document.querySelector('#results [role="status"]')).toBeNull();
    expect(titles()).toEqual(["One", "Two"]);
    await vi.advanceTimersByTimeAsync(1);
    expect($("#results").textContent?.trim()).toBe("Loading…");
    respond(0, page({ term: "slow", cards: ["Snail"] }));
    await settle();
    expect(titles()).toEqual(["Snail"]);
  });

  it("searches what was typed before the script ran", async () => {
    const doc = document.implementation.createHTMLDocument("early");
    doc.documentElement.innerHTML = page().replace(/^<!doctype html><html>|<\/html>$/g, "");
    (doc.getElementById("search") as HTMLInputElement).value = "early";
    Object.defineProperty(doc, "defaultView", { value: window });
    installLiveLists(doc);
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`${location.origin}/list?q=early&tab=all`);
  });
});

describe("links, selects and forms in the list", () => {
  it("load a page link in place, adding a history entry, and focus the new list", async () => {
    const next = $("#next");
    next.focus();
    const event = click(next);
    expect(event.defaultPrevented).toBe(true);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`${location.origin}/list?page=2`);
    respond(0, page({ page: 2, cards: ["Three"] }));
    await settle();
    expect(titles()).toEqual(["Three"]);
    expect(location.search).toBe("?page=2");
    expect(pushState).toHaveBeenCalledWith(null, "", "/list?page=2");
    expect(document.activeElement).toBe($("#results"));
    expect($('link[rel="prev"]').getAttribute("href")).toBe("https://site.test/list");
    expect(document.querySelector('link[rel="next"]')).toBeNull();
  });

  it("keep focus on the tab that was used", async () => {
    const worlds = $('#tabs a[href="/list?tab=worlds"]');
    worlds.focus();
    click(worlds);
    respond(0, page({ tab: "worlds", cards: ["Sky"] }));
    await settle();
    const current = $('#tabs [aria-current="page"]');
    expect(current.textContent).toBe("Worlds");
    expect(document.activeElement).toBe(current);
  });

  it("leave other pages, new tabs and modified clicks to the browser", () => {
    for (const [link, init] of [
      [$("#elsewhere"), {}],
      [$("#new-tab"), {}],
      [$("#card"), {}],
      [$("#next"), { ctrlKey: true }],
      [$("#next"), { button: 1 }],
      [$("#outside a"), {}],
    ] as const) {
      // The browser's own navigation is kept from happening, after the script has had its say.
      const keep = (event: Event) => {
        expect(event.defaultPrevented).toBe(false);
        event.preventDefault();
      };
      document.addEventListener("click", keep);
      click(link, init);
      document.removeEventListener("click", keep);
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("load a select's choice at once, with the search", async () => {
    search().value = "sky";
    const select = $<HTMLSelectElement>("#tab");
    select.value = "worlds";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`${location.origin}/list?q=sky&tab=worlds`);
  });

  it("send the form in place, and hide the button only needed without script", async () => {
    expect($("[data-live-submit]").hidden).toBe(false);
    const doc = document.implementation.createHTMLDocument("fresh");
    doc.body.innerHTML = page().replace(/^[\s\S]*<body>|<\/body>[\s\S]*$/g, "");
    installLiveLists(doc);
    expect((doc.querySelector("[data-live-submit]") as HTMLElement).hidden).toBe(true);

    const submit = new Event("submit", { bubbles: true, cancelable: true });
    $("form").dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`${location.origin}/list?tab=all`);
  });

  it("Clear Search empties and focuses the box and shows the whole list", async () => {
    view.history.replaceState(null, "", "/list?q=zzz");
    render(page({ term: "zzz", cards: [] }));
    click($("[data-live-clear]"));
    expect(search().value).toBe("");
    expect(document.activeElement).toBe(search());
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`${location.origin}/list?tab=all`);
    respond(0, page());
    await settle();
    expect(titles()).toEqual(["One", "Two"]);
    expect(location.search).toBe("");
    expect(document.activeElement).toBe(search());
  });
});

describe("back and forward", () => {
  it("show the view of the address they lead to, and the search box follows", async () => {
    click($("#next"));
    respond(0, page({ page: 2, cards: ["Three"] }));
    await settle();
    view.history.replaceState(null, "", "/list?q=sky");
    vi.clearAllMocks();
    view.dispatchEvent(new PopStateEvent("popstate"));
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`${location.origin}/list?q=sky`);
    respond(1, page({ term: "sky", cards: ["Sky"] }));
    await settle();
    expect(titles()).toEqual(["Sky"]);
    expect(search().value).toBe("sky");
    // The address is left as it is: no entry added or replaced.
    expect(pushState).not.toHaveBeenCalled();
    expect(replaceState).not.toHaveBeenCalled();
  });

  it("load nothing when only the hash changed", async () => {
    view.history.replaceState(null, "", "/list#card");
    vi.clearAllMocks();
    view.dispatchEvent(new PopStateEvent("popstate"));
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("a failed load", () => {
  it.each([
    ["the server answers with an error", () => Promise.resolve(new Response("", { status: 500 }))],
    ["the network fails", () => Promise.reject(new TypeError("offline"))],
    ["the answer has no list", () => Promise.resolve(new Response("<p>Sign in</p>"))],
  ])("loads the page normally when %s", async (_, answer) => {
    fetchMock.mockImplementation(answer);
    click($("#next"));
    await settle();
    expect(assign).toHaveBeenCalledWith(`${location.origin}/list?page=2`);
    expect(titles()).toEqual(["One", "Two"]);
  });
});

describe("installLiveLists", () => {
  it("binds once however many times it is installed", async () => {
    installLiveLists(document);
    click($("#next"));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
