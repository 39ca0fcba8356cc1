import { elementOf, firstInstall } from "./dom.ts";

// The videos page's full-screen player (docs/product/public-site.md#videos). Each video's player is
// in the page's HTML as a closed `<dialog data-video-player>`, its YouTube frame without an address
// (kept in `data-video-src`), so the page loads no player. A button with `data-video-play="{the
// dialog's id}"` opens it as a modal dialog, which the browser keeps the focus in, closes on Escape
// and gives focus back from; a `data-video-player-close` button inside closes it. Only while a
// dialog is open does its frame have an address: the video starts when it opens and stops when it
// closes, however it was closed.

const PLAY = "[data-video-play]";
const PLAYER = "dialog[data-video-player]";
const CLOSE = "[data-video-player-close]";
const FRAME = "iframe[data-video-src]";

export function installVideoDialogs(doc: Document = document): void {
  if (!firstInstall(doc, "video-dialog")) return;

  /** The Play button each open player came from, to give the focus back to. */
  const openers = new WeakMap<HTMLDialogElement, HTMLElement>();

  doc.addEventListener("click", (event) => {
    const target = elementOf(event.target);
    const play = target?.closest<HTMLElement>(PLAY);
    if (play) {
      const player = playerOf(doc, play);
      if (!player || player.open) return;
      for (const frame of player.querySelectorAll<HTMLIFrameElement>(FRAME)) {
        const src = frame.dataset.videoSrc;
        if (src) frame.src = src;
      }
      openers.set(player, play);
      player.showModal();
      return;
    }
    const close = target?.closest(CLOSE);
    const player = close?.closest<HTMLDialogElement>(PLAYER);
    if (player?.open) player.close();
  });

  // A dialog's close event does not bubble: it is caught on its way down. It comes however the
  // dialog closed: the Close button, Escape, or the browser's own gesture for going back.
  doc.addEventListener(
    "close",
    (event) => {
      const player = elementOf(event.target);
      if (!player?.matches(PLAYER)) return;
      const dialog = player as HTMLDialogElement;
      for (const frame of dialog.querySelectorAll<HTMLIFrameElement>(FRAME)) stopFrame(frame);
      // The browser gives the focus back to what had it before the dialog opened, but a browser
      // that does not focus a button on a click would leave it on the page itself.
      const opener = openers.get(dialog);
      openers.delete(dialog);
      const focused = doc.activeElement;
      if (opener?.isConnected && (!focused || focused === doc.body || dialog.contains(focused))) {
        opener.focus();
      }
    },
    true,
  );
}

/** The player a Play button names, if it is one. */
function playerOf(doc: Document, play: Element): HTMLDialogElement | null {
  const id = play.getAttribute("data-video-play");
  const player = id ? doc.getElementById(id) : null;
  return player?.matches(PLAYER) ? (player as HTMLDialogElement) : null;
}

/**
 * Stops a frame's video by taking its address away. The frame is taken out of the page for that
 * moment and put back where it was: a frame that only lost its address would go to a blank page
 * as a new step in the browser's history, and Back would then bring the video back, playing
 * behind the closed dialog. Out of the page, the frame forgets its steps.
 */
function stopFrame(frame: HTMLIFrameElement) {
  if (!frame.hasAttribute("src")) return;
  const parent = frame.parentNode;
  const next = frame.nextSibling;
  frame.remove();
  frame.removeAttribute("src");
  parent?.insertBefore(frame, next);
}
