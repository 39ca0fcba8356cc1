// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { installPostLoading } from "./post-loading.client.ts";

beforeAll(() => installPostLoading(document));

afterEach(() => {
  document.body.innerHTML = "";
});

function render() {
  document.body.innerHTML = `
    <main id="main"><h1>Latest News</h1>
      <a id="post" href="/blog/a-post">A post</a>
      <a id="other" href="/studio">Studio</a>
      <a id="tab" href="/blog/a-post" target="_blank">A post, elsewhere</a>
      <a id="away" href="https://elsewhere.example/blog/x">Elsewhere</a>
    </main>
    <template data-post-loading=""><p role="status">Loading post...</p></template>`;
}

/** Clicks a link the way a person does; the test page itself never navigates. */
function click(id: string, init: MouseEventInit = {}) {
  const link = document.getElementById(id) as HTMLAnchorElement;
  // The window hears a click after the document, where the behaviour listens.
  window.addEventListener("click", (event) => event.preventDefault(), { once: true });
  link.dispatchEvent(
    new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init }),
  );
}

const main = () => document.querySelector("main") as HTMLElement;

describe("'Loading post...' on a static page", () => {
  it("replaces the page's main content with the loading outline when a post link is followed", () => {
    render();
    click("post");
    expect(main().textContent).toBe("Loading post...");
    expect(main().querySelector("[role=status]")).not.toBeNull();
  });

  it("leaves the page alone for other pages, other tabs, other sites and modified clicks", () => {
    render();
    click("other");
    click("tab");
    click("away");
    click("post", { ctrlKey: true });
    click("post", { button: 1 });
    expect(main().querySelector("h1")?.textContent).toBe("Latest News");
  });

  it("puts the content back when the browser restores the page from its cache", () => {
    render();
    click("post");
    window.dispatchEvent(Object.assign(new Event("pageshow"), { persisted: true }));
    expect(main().querySelector("h1")?.textContent).toBe("Latest News");
  });
});
