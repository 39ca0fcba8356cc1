// @vitest-environment happy-dom
import nodeConsole from "node:console";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { VideoCard } from "#app/routes/site/videos/video-card.tsx";
import type { VideoEntry } from "#app/routes/site/videos/video-entries.ts";
import { installVideoDialogs } from "./video-dialog.client.ts";

function video(n: number, videoId: string): VideoEntry {
  return {
    key: `post-${n}`,
    videoId,
    title: `Speed Build ${n}`,
    description: `How we built world ${n}.`,
    thumbnailUrl: `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`,
    publishedAt: "2025-02-02T10:00:00.000Z",
    duration: null,
    viewCount: null,
    postSlug: `speed-build-${n}`,
  };
}

const FIRST = video(1, "dQw4w9WgXcQ");
const SECOND = video(2, "aBcDeFgHiJk");
const playerUrl = (videoId: string) =>
  `https://www.youtube-nocookie.com/embed/${videoId}?autoplay=1`;

/** The cards as the server sends them. */
function serverHtml(videos: VideoEntry[]): string {
  return renderToString(
    createElement(
      MemoryRouter,
      null,
      videos.map((entry) => createElement(VideoCard, { key: entry.key, video: entry })),
    ),
  );
}

// happy-dom loads no frame, and says so on the console for each one it meets; what these tests
// read is the address a frame is given. Anything else on the console still shows.
beforeAll(() => {
  const print = nodeConsole.error.bind(nodeConsole);
  vi.spyOn(nodeConsole, "error").mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes("Iframe page loading is disabled")) print(...args);
  });
});

afterAll(() => {
  vi.mocked(nodeConsole.error).mockRestore();
});

afterEach(() => {
  document.body.innerHTML = "";
});

function render(videos: VideoEntry[] = [FIRST, SECOND]) {
  document.body.innerHTML = serverHtml(videos);
  installVideoDialogs(document);
}

function play(entry: VideoEntry) {
  const button = [...document.querySelectorAll<HTMLButtonElement>("[data-video-play]")].find(
    (candidate) => candidate.textContent?.includes(entry.title),
  );
  if (!button) throw new Error(`no Play button for ${entry.title}`);
  return button;
}

function playerOf(entry: VideoEntry) {
  const id = play(entry).getAttribute("data-video-play") ?? "";
  const player = document.getElementById(id);
  if (!(player instanceof HTMLDialogElement)) throw new Error(`no player for ${entry.title}`);
  return {
    player,
    frame: player.querySelector("iframe") as HTMLIFrameElement,
    close: player.querySelector<HTMLButtonElement>("[data-video-player-close]"),
  };
}

function click(element: Element) {
  element.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }));
}

describe("the server-rendered card", () => {
  it("has a closed player per video, named by its Play button, with no address in its frame", () => {
    document.body.innerHTML = serverHtml([FIRST, SECOND]);
    const first = playerOf(FIRST);
    const second = playerOf(SECOND);
    expect(first.player).not.toBe(second.player);
    expect(first.player.open).toBe(false);
    expect(play(FIRST).getAttribute("aria-haspopup")).toBe("dialog");
    expect(first.frame.hasAttribute("src")).toBe(false);
    expect(first.frame.getAttribute("data-video-src")).toBe(playerUrl(FIRST.videoId));
    expect(first.frame.getAttribute("title")).toBe(FIRST.title);
    expect(second.frame.getAttribute("data-video-src")).toBe(playerUrl(SECOND.videoId));
    // Named by its title, described by the way back to the videos.
    const title = document.getElementById(first.player.getAttribute("aria-labelledby") ?? "");
    expect(title?.textContent).toBe(FIRST.title);
    const description = document.getElementById(
      first.player.getAttribute("aria-describedby") ?? "",
    );
    expect(description?.textContent).toBe(
      "Video player. Press Escape or the Close button to return to the videos.",
    );
    expect(first.close?.textContent).toBe(" Close");
  });
});

describe("Play", () => {
  it("opens its own video's player and gives its frame the player's address", () => {
    render();
    const showModal = vi.spyOn(HTMLDialogElement.prototype, "showModal");
    // A click on the icon inside the button counts as a click on the button.
    click(play(SECOND).querySelector("svg") ?? play(SECOND));
    const second = playerOf(SECOND);
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(showModal.mock.contexts[0]).toBe(second.player);
    expect(second.player.open).toBe(true);
    expect(second.frame.getAttribute("src")).toBe(playerUrl(SECOND.videoId));
    const first = playerOf(FIRST);
    expect(first.player.open).toBe(false);
    expect(first.frame.hasAttribute("src")).toBe(false);
    showModal.mockRestore();
  });

  it("ignores clicks elsewhere on the page, and a Play button naming no player", () => {
    render();
    click(document.querySelector('a[href="/blog/speed-build-1"]') as Element);
    document.body.insertAdjacentHTML(
      "beforeend",
      '<button type="button" data-video-play="nowhere">Play</button><div id="not-a-player"></div><button type="button" id="odd" data-video-play="not-a-player">Play</button>',
    );
    click(document.querySelector('[data-video-play="nowhere"]') as Element);
    click(document.querySelector("#odd") as Element);
    for (const entry of [FIRST, SECOND]) {
      expect(playerOf(entry).player.open).toBe(false);
      expect(playerOf(entry).frame.hasAttribute("src")).toBe(false);
    }
  });
});

describe("closing the player", () => {
  it("with Close takes the frame's address away, keeps the frame in its place and focuses Play", () => {
    render();
    const button = play(FIRST);
    click(button);
    const { player, frame, close } = playerOf(FIRST);
    const holder = frame.parentElement;
    if (!close) throw new Error("no Close button");
    close.focus();
    click(close);
    expect(player.open).toBe(false);
    expect(frame.hasAttribute("src")).toBe(false);
    expect(frame.parentElement).toBe(holder);
    expect(holder?.querySelector("iframe")).toBe(frame);
    expect(document.activeElement).toBe(button);
  });

  it("any other way (Escape) stops the video too, and Play starts it again", () => {
    render();
    click(play(FIRST));
    const { player, frame } = playerOf(FIRST);
    // What the browser does on Escape: the dialog closes, and says so with its close event.
    player.close();
    expect(frame.hasAttribute("src")).toBe(false);
    click(play(FIRST));
    expect(player.open).toBe(true);
    expect(frame.getAttribute("src")).toBe(playerUrl(FIRST.videoId));
  });

  it("leaves the focus where the browser put it when that is somewhere on the page", () => {
    render();
    click(play(FIRST));
    const { player } = playerOf(FIRST);
    const other = play(SECOND);
    other.focus();
    player.close();
    expect(document.activeElement).toBe(other);
  });

  it("leaves other dialogs alone", () => {
    render();
    document.body.insertAdjacentHTML(
      "beforeend",
      '<dialog id="other"><iframe data-video-src="https://example.com/" src="https://example.com/"></iframe></dialog>',
    );
    const other = document.getElementById("other") as HTMLDialogElement;
    other.showModal();
    other.close();
    expect(other.querySelector("iframe")?.getAttribute("src")).toBe("https://example.com/");
  });
});

describe("installVideoDialogs", () => {
  it("binds once however many times it is installed", () => {
    const doc = document.implementation.createHTMLDocument("videos");
    doc.body.innerHTML = serverHtml([FIRST]);
    const listen = vi.spyOn(doc, "addEventListener");
    installVideoDialogs(doc);
    const bound = listen.mock.calls.length;
    expect(bound).toBeGreaterThan(0);
    installVideoDialogs(doc);
    expect(listen.mock.calls.length).toBe(bound);
  });
});
