import { elementOf, firstInstall, isModified } from "./dom.ts";

// A post's YouTube videos in their light form (docs/decisions/041-embed-cards.md): the server
// sends each as the video's picture and a Play button, a link to the video on YouTube, inside
// `<div data-lite-youtube="{the player's address}">`. A click puts YouTube's player in the link's
// place, playing, and moves the focus to it; nothing of YouTube loads before. Without script, or
// with a click that asks for another tab, the link opens the video on YouTube.

const BOX = "[data-lite-youtube]";
const PLAY = "a[data-lite-youtube-play]";

export function installLiteYouTube(doc: Document = document): void {
  if (!firstInstall(doc, "lite-youtube")) return;
  doc.addEventListener("click", (event) => {
    const play = elementOf(event.target)?.closest<HTMLAnchorElement>(PLAY);
    const box = play?.closest<HTMLElement>(BOX);
    const src = box?.dataset.liteYoutube;
    if (!play || !box || !src || !isPlayerAddress(src) || isModified(event)) return;
    event.preventDefault();
    const frame = doc.createElement("iframe");
    frame.src = src;
    frame.title = "YouTube video player";
    frame.allow =
      "accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture";
    frame.allowFullscreen = true;
    frame.referrerPolicy = "strict-origin-when-cross-origin";
    play.replaceWith(frame);
    frame.focus();
  });
}

/** Only YouTube's own players, as the server writes them; anything else stays a link. */
function isPlayerAddress(src: string): boolean {
  return /^https:\/\/www\.youtube(?:-nocookie)?\.com\/embed\/[A-Za-z0-9_-]{11}(?:[?#]|$)/.test(src);
}
