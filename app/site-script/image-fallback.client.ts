/**
 * Images with a stand-in (docs/product/public-site.md#post-detail, 'Featured image not available'):
 * an element marked `data-image-fallback` holds the image (an `<img>`, or a `<picture>` around one)
 * and the stand-in, marked `data-fallback` and `hidden`. When the image fails to load, the image is
 * hidden and the stand-in shown, also for an image that failed before the script ran. Only
 * attributes change, so a React-rendered image (the dashboard's preview) keeps the nodes React
 * knows.
 */
export function installImageFallbacks(doc: Document = document): void {
  // An image's error event does not bubble: it is caught on its way down.
  doc.addEventListener(
    "error",
    (event) => {
      const target = event.target;
      if (target instanceof (doc.defaultView ?? window).HTMLImageElement) showFallback(target);
    },
    true,
  );
  for (const image of doc.querySelectorAll<HTMLImageElement>("[data-image-fallback] img")) {
    if (image.complete && image.naturalWidth === 0 && image.getAttribute("src")) {
      showFallback(image);
    }
  }
}

function showFallback(image: HTMLImageElement) {
  const holder = image.closest("[data-image-fallback]");
  const fallback = holder?.querySelector<HTMLElement>("[data-fallback]");
  if (!holder || !fallback) return;
  const shown = image.parentElement?.tagName === "PICTURE" ? image.parentElement : image;
  shown.hidden = true;
  fallback.hidden = false;
}
