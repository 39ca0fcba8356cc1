import { describe, expect, it } from "vitest";
import {
  type EmbeddedItem,
  embeddedItemIds,
  renderEmbedsAsLinks,
  renderEmbedsForPage,
} from "#common/editor/embed-render.ts";
import { mailSafeHtml } from "#server/mail/newsletter-html.server.ts";
import { sanitizePostHtml } from "./sanitize-html.server.ts";

// How stored embed cards are shown (common/editor/embed-render.ts): on the public page, in the
// feed and in the newsletter (docs/decisions/041-embed-cards.md). The input is always what the
// sanitizer stored.

const SITE = "https://studio.example";
const LIVE = "0b6c7a52-3f1e-4c1a-9d55-5a0f3c2b1e99";
const GONE = "1c7d8b63-4a2f-4d2b-8e66-6b1a4d3c2f00";
const stored = (html: string) => sanitizePostHtml(html, { siteUrl: SITE });

const ITEM: EmbeddedItem = {
  id: LIVE,
  title: 'Sky "Castle" & Co',
  slug: "sky-castle",
  packType: "world",
  marketplaceUrl: "https://www.minecraft.net/marketplace/pdp?id=1",
  featuredImage: "0123abcd.png",
  featuredImageAlt: "The castle",
};
const items = new Map([[LIVE, ITEM]]);

const POST = stored(
  [
    "<p>New packs</p>",
    `<a data-marketplace-item="${LIVE}" href="/post/old-slug">Old title</a>`,
    `<a data-marketplace-item="${GONE}" href="/post/gone">Gone pack</a>`,
    '<div data-youtube-video=""><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=5" width="640" height="480" allowfullscreen="true"></iframe></div>',
    '<div data-image-gallery=""><figure><img src="/uploads/a1.png" alt="Gate"><figcaption>The gate</figcaption></figure></div>',
  ].join(""),
);

describe("embed cards on the public page", () => {
  const page = renderEmbedsForPage(POST, { items, youtubeImageBaseUrl: "https://img.example" });

  it("names each item once, in order", () => {
    expect(embeddedItemIds(POST + POST)).toEqual([LIVE, GONE]);
    expect(embeddedItemIds("<p>no cards</p>")).toEqual([]);
  });

  it("shows an item's current image, pack type, title and Marketplace link", () => {
    expect(page).toContain(
      `<div class="embed-card" data-marketplace-item="${LIVE}"><a class="embed-card-image" href="/post/sky-castle" tabindex="-1" aria-hidden="true"><img src="/uploads/0123abcd.png" alt="" loading="lazy" decoding="async"></a>`,
    );
    expect(page).toContain('<p class="embed-card-type">World/Map</p>');
    expect(page).toContain(
      '<p class="embed-card-title"><a href="/post/sky-castle">Sky &quot;Castle&quot; &amp; Co</a></p>',
    );
    expect(page).toContain(
      '<a class="embed-card-action" href="https://www.minecraft.net/marketplace/pdp?id=1" target="_blank" rel="noopener noreferrer">Get it on the Marketplace</a>',
    );
    expect(page).not.toContain("Old title");
  });

  it("shows nothing for an item that is gone or not public", () => {
    expect(page).not.toContain(GONE);
    expect(page).not.toContain("Gone pack");
  });

  it("leaves out what an item lacks, and a Marketplace address that is not a web address", () => {
    const bare = renderEmbedsForPage(POST, {
      items: new Map([
        [
          LIVE,
          {
            ...ITEM,
            packType: null,
            featuredImage: null,
            marketplaceUrl: "javascript:alert(1)",
          },
        ],
      ]),
      youtubeImageBaseUrl: "https://img.example",
    });
    expect(bare).toContain(`<div class="embed-card" data-marketplace-item="${LIVE}"><div`);
    expect(bare).not.toMatch(/embed-card-type|embed-card-action|javascript:/);
  });

  it("shows a YouTube video as its picture and a link until it is played", () => {
    expect(page).toContain(
      '<div class="lite-youtube" data-lite-youtube="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=5&amp;autoplay=1">' +
        '<a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" target="_blank" rel="noopener noreferrer" aria-label="Play video" data-lite-youtube-play="">' +
        '<img src="https://img.example/vi/dQw4w9WgXcQ/hqdefault.jpg" alt="" width="480" height="360" loading="lazy" decoding="async">',
    );
    expect(page).not.toContain("<iframe");
  });

  it("shows a gallery as stored", () => {
    expect(page).toContain(
      '<div data-image-gallery=""><figure><img src="/uploads/a1.png" alt="Gate"><figcaption>The gate</figcaption></figure></div>',
    );
  });
});

describe("embed cards outside the site", () => {
  it("are plain links with the items' current titles in the feed and the newsletter", () => {
    const links = renderEmbedsAsLinks(POST, items);
    expect(links).toContain(
      '<p><a href="/post/sky-castle">Sky &quot;Castle&quot; &amp; Co</a></p>',
    );
    expect(links).not.toMatch(/data-marketplace-item|Gone pack|Old title/);

    const mail = mailSafeHtml(links, SITE);
    expect(mail).toContain(`<p><a href="${SITE}/post/sky-castle">Sky "Castle" &amp; Co</a></p>`);
    // The video: its picture linked to YouTube; the gallery: each image with its caption.
    expect(mail).toContain(
      '<a class="video-picture" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">',
    );
    expect(mail).toContain(
      `<img src="${SITE}/uploads/a1.png" alt="Gate" width="552" /><p>The gate</p>`,
    );
    expect(mail).not.toMatch(/<iframe|<figure|<div/);
  });
});
