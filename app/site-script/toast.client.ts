import {
  TOAST_DESCRIPTION_CLASS,
  TOAST_DISMISS_CLASS,
  TOAST_DISMISS_ICON_CLASS,
  TOAST_DISMISS_LABEL,
  TOAST_DURATION_MS,
  TOAST_REGION_CLASS,
  TOAST_REGION_LABEL,
  TOAST_TEXT_CLASS,
  TOAST_TITLE_CLASS,
  type ToastVariant,
  toastClass,
  toastRole,
} from "./toast-style.ts";

// Toasts on a page React does not hydrate (docs/product/dashboard.md#toasts): the same card as the
// React toast (app/components/ui/toast.tsx), in the same live region, which the server renders into
// every page. At most one at a time: a new toast replaces the one this script showed.

export type SiteToast = { title: string; description?: string; variant?: ToastVariant };

type Shown = { card: HTMLElement; dismiss: () => void };

/** The toast each document shows now, so the next one can replace it. */
const shown = new WeakMap<Document, Shown>();

const SVG = "http://www.w3.org/2000/svg";

export function showToast(toast: SiteToast, doc: Document = document): void {
  shown.get(doc)?.dismiss();
  const card = toastCard(doc, toast);

  // It leaves TOAST_DURATION_MS after it appears; while the pointer or the keyboard focus is on
  // it, it stays, and its time starts again once they have left.
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pointer = false;
  let focus = false;
  const dismiss = () => {
    clearTimeout(timer);
    card.remove();
    if (shown.get(doc)?.card === card) shown.delete(doc);
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = pointer || focus ? undefined : setTimeout(dismiss, TOAST_DURATION_MS);
  };
  card.addEventListener("pointerenter", () => {
    pointer = true;
    schedule();
  });
  card.addEventListener("pointerleave", () => {
    pointer = false;
    schedule();
  });
  card.addEventListener("focusin", () => {
    focus = true;
    schedule();
  });
  card.addEventListener("focusout", (event) => {
    if (card.contains(event.relatedTarget as Node | null)) return;
    focus = false;
    schedule();
  });
  card.querySelector("button")?.addEventListener("click", dismiss);

  notificationRegion(doc).append(card);
  shown.set(doc, { card, dismiss });
  schedule();
}

/** The page's live region for toasts, made as the React toasts' provider makes it if missing. */
function notificationRegion(doc: Document): HTMLElement {
  const found = doc.querySelector<HTMLElement>(`section[aria-label="${TOAST_REGION_LABEL}"]`);
  if (found) return found;
  const region = doc.createElement("section");
  region.setAttribute("aria-label", TOAST_REGION_LABEL);
  region.setAttribute("aria-live", "polite");
  region.className = TOAST_REGION_CLASS;
  doc.body.append(region);
  return region;
}

function toastCard(doc: Document, { title, description, variant }: SiteToast): HTMLElement {
  const card = doc.createElement("div");
  card.setAttribute("role", toastRole(variant));
  card.dataset.slot = "toast";
  card.dataset.variant = variant ?? "default";
  card.className = toastClass(variant);

  const text = doc.createElement("div");
  text.className = TOAST_TEXT_CLASS;
  const heading = doc.createElement("p");
  heading.className = TOAST_TITLE_CLASS;
  heading.textContent = title;
  text.append(heading);
  if (description) {
    const body = doc.createElement("p");
    body.className = TOAST_DESCRIPTION_CLASS;
    body.textContent = description;
    text.append(body);
  }

  const button = doc.createElement("button");
  button.type = "button";
  button.className = TOAST_DISMISS_CLASS;
  button.setAttribute("aria-label", TOAST_DISMISS_LABEL);
  button.append(closeIcon(doc));

  card.append(text, button);
  return card;
}

/** The X the React toast draws with lucide's XIcon, as the same SVG. */
function closeIcon(doc: Document): SVGSVGElement {
  const svg = doc.createElementNS(SVG, "svg");
  for (const [name, value] of [
    ["xmlns", SVG],
    ["width", "24"],
    ["height", "24"],
    ["viewBox", "0 0 24 24"],
    ["fill", "none"],
    ["stroke", "currentColor"],
    ["stroke-width", "2"],
    ["stroke-linecap", "round"],
    ["stroke-linejoin", "round"],
    ["class", `lucide lucide-x ${TOAST_DISMISS_ICON_CLASS}`],
    ["aria-hidden", "true"],
  ] as const) {
    svg.setAttribute(name, value);
  }
  for (const d of ["M18 6 6 18", "m6 6 12 12"]) {
    const path = doc.createElementNS(SVG, "path");
    path.setAttribute("d", d);
    svg.append(path);
  }
  return svg;
}
