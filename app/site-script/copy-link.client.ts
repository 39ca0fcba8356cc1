import { LINK_COPIED_MESSAGE } from "./site-settings.ts";
import { showToast } from "./toast.client.ts";

/**
 * Copy Link (docs/product/public-site.md#post-detail): a button with `data-copy-link="{address}"`
 * copies the address and confirms with a toast on the page (never a browser alert, which stops
 * the page until it is dismissed); where neither the clipboard nor the selection can copy, it
 * offers the address to copy.
 */
export function installCopyLink(doc: Document = document): void {
  doc.addEventListener("click", (event) => {
    const button = (event.target as Element | null)?.closest?.("[data-copy-link]");
    const url = button?.getAttribute("data-copy-link");
    if (url) void copyLink(doc, url);
  });
}

async function copyLink(doc: Document, url: string) {
  const view = doc.defaultView ?? window;
  try {
    await view.navigator.clipboard.writeText(url);
  } catch {
    if (!copyWithSelection(doc, url)) {
      view.prompt("Copy this link:", url);
      return;
    }
  }
  showToast({ title: LINK_COPIED_MESSAGE }, doc);
}

/** The older copy path, for pages served without a secure context (no clipboard API). */
function copyWithSelection(doc: Document, text: string): boolean {
  const field = doc.createElement("textarea");
  field.value = text;
  field.setAttribute("readonly", "");
  field.style.position = "fixed";
  field.style.opacity = "0";
  doc.body.append(field);
  field.select();
  let copied = false;
  try {
    copied = doc.execCommand("copy");
  } catch {
    copied = false;
  }
  field.remove();
  return copied;
}
