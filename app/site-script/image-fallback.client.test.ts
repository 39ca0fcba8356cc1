// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { installImageFallbacks } from "./image-fallback.client.ts";

afterEach(() => {
  document.body.innerHTML = "";
});

/** The markup PostFeaturedImage renders: the image (in a picture or not), then its stand-in. */
function render(image: string) {
  document.body.innerHTML = `<div data-image-fallback="" class="contents">${image}<div data-fallback="" hidden>Featured image not available</div></div>`;
  // Still loading, until a test says otherwise.
  Object.defineProperty(document.querySelector("img"), "complete", {
    value: false,
    configurable: true,
  });
  return {
    image: document.querySelector("img") as HTMLImageElement,
    fallback: document.querySelector("[data-fallback]") as HTMLElement,
  };
}

describe("image stand-ins", () => {
  it("show the stand-in and hide the picture when its image fails to load", () => {
    const { image, fallback } = render(
      '<picture><source type="image/avif" srcset="/a.avif"><img src="/missing.png" alt="A world"></picture>',
    );
    installImageFallbacks(document);
    expect(fallback.hidden).toBe(true);
    image.dispatchEvent(new Event("error"));
    expect(fallback.hidden).toBe(false);
    expect((document.querySelector("picture") as HTMLElement).hidden).toBe(true);
  });

  it("hide a plain image that fails", () => {
    const { image, fallback } = render('<img src="/missing.png" alt="A world">');
    installImageFallbacks(document);
    image.dispatchEvent(new Event("error"));
    expect(image.hidden).toBe(true);
    expect(fallback.hidden).toBe(false);
  });

  it("catch an image that failed before the script ran", () => {
    const { image, fallback } = render('<img src="/missing.png" alt="A world">');
    Object.defineProperty(image, "complete", { value: true, configurable: true });
    Object.defineProperty(image, "naturalWidth", { value: 0 });
    installImageFallbacks(document);
    expect(fallback.hidden).toBe(false);
    expect(image.hidden).toBe(true);
  });

  it("leave a loaded image, and images without a stand-in, alone", () => {
    const { image, fallback } = render('<img src="/fine.png" alt="A world">');
    Object.defineProperty(image, "complete", { value: true, configurable: true });
    Object.defineProperty(image, "naturalWidth", { value: 1200 });
    document.body.insertAdjacentHTML("beforeend", '<img id="other" src="/gone.png" alt="">');
    installImageFallbacks(document);
    const other = document.querySelector("#other") as HTMLImageElement;
    other.dispatchEvent(new Event("error"));
    expect(fallback.hidden).toBe(true);
    expect(image.hidden).toBe(false);
    expect(other.hidden).toBe(false);
  });
});
