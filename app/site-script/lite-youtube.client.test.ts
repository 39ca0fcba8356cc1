// @vitest-environment happy-dom
import nodeConsole from "node:console";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { renderEmbedsForPage } from "#common/editor/embed-render.ts";
import { installLiteYouTube } from "./lite-youtube.client.ts";

// The light YouTube embed with the markup the server renders for a stored video.

const STORED =
  '<div data-youtube-video=""><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=5" allowfullscreen="true"></iframe></div>';

function play(): HTMLAnchorElement {
  const link = document.querySelector<HTMLAnchorElement>("a[data-lite-youtube-play]");
  if (!link) throw new Error("no play link");
  return link;
}

// happy-dom loads no frame and says so on the console; what these tests read is the frame's
// address. A click the behaviour leaves alone is stopped here before happy-dom follows the link.
let leftToTheLink = false;
function stopNavigation(event: Event) {
  leftToTheLink = !event.defaultPrevented;
  event.preventDefault();
}
beforeAll(() => {
  const print = nodeConsole.error.bind(nodeConsole);
  vi.spyOn(nodeConsole, "error").mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes("Iframe page loading is disabled")) print(...args);
  });
  window.addEventListener("click", stopNavigation);
});
afterAll(() => {
  vi.mocked(nodeConsole.error).mockRestore();
  window.removeEventListener("click", stopNavigation);
});

describe("a light YouTube embed", () => {
  beforeEach(() => {
    document.body.innerHTML = renderEmbedsForPage(STORED, {
      items: new Map(),
      youtubeImageBaseUrl: "https://img.example",
    });
    installLiteYouTube(document);
  });

  it("loads no player until Play is clicked, then plays in place", () => {
    expect(document.querySelector("iframe")).toBeNull();
    const click = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
    play().dispatchEvent(click);
    expect(leftToTheLink).toBe(false);
    const frame = document.querySelector("iframe");
    expect(frame?.getAttribute("src")).toBe(
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=5&autoplay=1",
    );
    expect(frame?.title).toBe("YouTube video player");
    expect(document.querySelector("a[data-lite-youtube-play]")).toBeNull();
  });

  it("leaves a click for another tab to the link", () => {
    const click = new MouseEvent("click", { bubbles: true, cancelable: true, ctrlKey: true });
    play().dispatchEvent(click);
    expect(leftToTheLink).toBe(true);
    expect(document.querySelector("iframe")).toBeNull();
  });

  it("never loads a player from another address", () => {
    const box = document.querySelector<HTMLElement>("[data-lite-youtube]");
    box?.setAttribute("data-lite-youtube", "https://evil.example/embed/dQw4w9WgXcQ");
    const click = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
    play().dispatchEvent(click);
    expect(leftToTheLink).toBe(true);
    expect(document.querySelector("iframe")).toBeNull();
  });
});
