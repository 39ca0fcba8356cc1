// @vitest-environment happy-dom
import { Editor } from "@tiptap/core";
import { afterEach, describe, expect, it } from "vitest";
import { editorExtensions } from "#common/editor/extensions.ts";
import { sanitizePostHtml } from "./sanitize-html.server.ts";

// The embed cards' markup (docs/decisions/041-embed-cards.md): what the editor writes for a
// marketplace item card and an image gallery comes back from the sanitizer byte for byte, and
// nothing else rides along with it.

const SITE = "https://studio.example";
const ID = "0b6c7a52-3f1e-4c1a-9d55-5a0f3c2b1e99";
const clean = (html: string) => sanitizePostHtml(html, { siteUrl: SITE });

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

function newEditor(content = "<p></p>"): Editor {
  editor = new Editor({
    element: document.createElement("div"),
    extensions: editorExtensions({ siteUrl: SITE }),
    content,
  });
  return editor;
}

const CARD = `<a data-marketplace-item="${ID}" href="/post/sky-castle">Sky Castle</a>`;
const GALLERY =
  '<div data-image-gallery=""><figure><img src="/uploads/a1.png" alt="Gate"><figcaption>The gate &amp; moat</figcaption></figure>' +
  '<figure><img src="https://cdn.example/b.png" alt=""></figure></div>';

describe("embed cards written by the editor", () => {
  it("writes a marketplace card and a gallery as the sanitizer keeps them", () => {
    const instance = newEditor("<p>Intro</p>");
    instance
      .chain()
      .setTextSelection(instance.state.doc.content.size)
      .insertMarketplaceCard({ id: ID, href: "/post/sky-castle", title: "Sky Castle" })
      .run();
    instance
      .chain()
      .setTextSelection(instance.state.doc.content.size)
      .setImageGallery([
        { src: "/uploads/a1.png", alt: "Gate", caption: " The gate & moat " },
        { src: "https://cdn.example/b.png", alt: "", caption: "" },
        { src: "javascript:alert(1)", alt: "bad", caption: "dropped" },
      ])
      .run();
    const html = instance.getHTML();
    expect(html).toContain(CARD);
    expect(html).toContain(GALLERY);
    expect(html).not.toContain("javascript:");
    expect(clean(html)).toBe(html);
  });

  it("reads stored cards back unchanged", () => {
    const stored = `<p>Intro</p>${CARD}${GALLERY}`;
    expect(clean(stored)).toBe(stored);
    expect(newEditor(stored).getHTML()).toBe(stored);
  });

  it("puts a new card or gallery after a selected one, never in its place", () => {
    const instance = newEditor("<p>Intro</p>");
    instance.commands.setTextSelection(instance.state.doc.content.size);
    instance.commands.insertMarketplaceCard({
      id: ID,
      href: "/post/sky-castle",
      title: "Sky Castle",
    });
    let card = -1;
    instance.state.doc.descendants((node, pos) => {
      if (node.type.name === "marketplaceCard") card = pos;
    });
    instance.commands.setNodeSelection(card);
    expect(instance.isActive("marketplaceCard")).toBe(true);
    instance.commands.setImageGallery([{ src: "/uploads/a1.png", alt: "Gate", caption: "" }]);
    const html = instance.getHTML();
    expect(html).toContain(CARD);
    expect(html).toContain("data-image-gallery");
  });

  it("edits the selected gallery in place", () => {
    const instance = newEditor(GALLERY);
    instance.commands.setNodeSelection(0);
    instance.commands.setImageGallery([{ src: "/uploads/c.png", alt: "C", caption: "New" }]);
    expect(instance.getHTML()).toBe(
      '<div data-image-gallery=""><figure><img src="/uploads/c.png" alt="C"><figcaption>New</figcaption></figure></div><p></p>',
    );
  });
});

describe("the sanitizer and the embed cards' markup", () => {
  it("keeps a card's id only as a UUID on a safe link", () => {
    expect(clean('<a data-marketplace-item="42" href="/post/x">X</a>')).toBe(
      '<a href="/post/x">X</a>',
    );
    expect(clean(`<a data-marketplace-item="${ID}" href="javascript:alert(1)">X</a>`)).toBe("X");
    expect(
      clean(`<a data-marketplace-item="${ID}" href="/post/x" onclick="alert(1)" style="x">X</a>`),
    ).toBe(`<a data-marketplace-item="${ID}" href="/post/x">X</a>`);
    expect(clean(`<span data-marketplace-item="${ID}">X</span>`)).toBe("X");
    // Written first wherever it stood, as the editor writes it and the pages look for it.
    expect(clean(`<a title="T" href="/post/x" data-marketplace-item="${ID}">X</a>`)).toBe(
      `<a data-marketplace-item="${ID}" title="T" href="/post/x">X</a>`,
    );
  });

  it("keeps a gallery's figures and captions, and nothing unsafe inside", () => {
    const hostile =
      '<div data-image-gallery="yes" class="g" onclick="alert(1)"><figure style="x" onmouseover="alert(2)">' +
      '<img src="javascript:alert(3)" alt="a"><img src="/uploads/ok.png" alt="ok" onerror="alert(4)">' +
      '<figcaption id="c">Cap<script>alert(5)</script></figcaption></figure></div>';
    expect(clean(hostile)).toBe(
      '<div data-image-gallery=""><figure><img src="/uploads/ok.png" alt="ok"><figcaption>Cap</figcaption></figure></div>',
    );
  });

  it("drops the tag of a box that is neither a video nor a gallery, or claims to be both", () => {
    expect(clean('<div data-gallery=""><p>x</p></div>')).toBe("<p>x</p>");
    expect(clean('<div data-image-gallery="" data-youtube-video=""><p>x</p></div>')).toBe(
      "<p>x</p>",
    );
  });
});
