// @vitest-environment happy-dom
import { Editor } from "@tiptap/core";
import { afterEach, describe, expect, it } from "vitest";
import { EDITOR_HISTORY, editorExtensions } from "#common/editor/extensions.ts";
import { sanitizePostHtml } from "./sanitize-html.server.ts";

// What the editor writes for every toolbar feature (and the links, images and embeds beyond it)
// must come back from the server's sanitizer byte for byte: otherwise saving would change a
// post behind its author's back, or the editor would offer something the site cannot show.

const SITE_URL = "https://studio.example";
const UPLOADED_IMAGE = "/uploads/0123456789abcdef0123456789abcdef.png";

let editor: Editor | null = null;

function newEditor(content = "<p></p>"): Editor {
  editor = new Editor({
    element: document.createElement("div"),
    extensions: editorExtensions({ siteUrl: SITE_URL }),
    content,
  });
  return editor;
}

afterEach(() => {
  editor?.destroy();
  editor = null;
});

/** Types `text` as a new paragraph and selects it. */
function typeAndSelect(instance: Editor, text: string) {
  instance.commands.setContent(`<p>${text}</p>`);
  instance.commands.selectAll();
}

const TOOLBAR: Record<string, (instance: Editor) => void> = {
  bold: (e) => {
    typeAndSelect(e, "Bold words");
    e.chain().focus().toggleBold().run();
  },
  italic: (e) => {
    typeAndSelect(e, "Italic words");
    e.chain().focus().toggleItalic().run();
  },
  "heading 1": (e) => {
    typeAndSelect(e, "Title");
    e.chain().focus().toggleHeading({ level: 1 }).run();
  },
  "heading 2": (e) => {
    typeAndSelect(e, "Section");
    e.chain().focus().toggleHeading({ level: 2 }).run();
  },
  "heading 3": (e) => {
    typeAndSelect(e, "Subsection");
    e.chain().focus().toggleHeading({ level: 3 }).run();
  },
  "bullet list": (e) => {
    e.commands.setContent("<p>One</p><p>Two</p>");
    e.commands.selectAll();
    e.chain().focus().toggleBulletList().run();
  },
  "ordered list": (e) => {
    e.commands.setContent("<p>First</p><p>Second</p>");
    e.commands.selectAll();
    e.chain().focus().toggleOrderedList().run();
  },
  blockquote: (e) => {
    typeAndSelect(e, "Quoted &amp; said");
    e.chain().focus().toggleBlockquote().run();
  },
  "inline code": (e) => {
    typeAndSelect(e, "/give @p diamond 64");
    e.chain().focus().toggleCode().run();
  },
  "link leaving the site": (e) => {
    typeAndSelect(e, "Marketplace");
    e.chain().focus().setLink({ href: "https://www.minecraft.net/marketplace" }).run();
  },
  "link inside the site": (e) => {
    typeAndSelect(e, "News");
    e.chain().focus().setLink({ href: "/news" }).run();
  },
  "absolute link to the site": (e) => {
    typeAndSelect(e, "Studio");
    e.chain()
      .focus()
      .setLink({ href: `${SITE_URL}/studio` })
      .run();
  },
  "mail link": (e) => {
    typeAndSelect(e, "Write to us");
    e.chain().focus().setLink({ href: "mailto:hello@studio.example" }).run();
  },
  // What the editor's image upload (toolbar, paste or drop) inserts once the file is stored.
  "image uploaded into the content": (e) => {
    typeAndSelect(e, "Screenshot:");
    e.chain()
      .insertContentAt(e.state.doc.content.size, {
        type: "image",
        attrs: { src: UPLOADED_IMAGE, alt: "The citadel at dusk" },
      })
      .run();
  },
  "undo and redo": (e) => {
    typeAndSelect(e, "Kept");
    e.chain().focus().toggleBold().run();
    e.chain().focus().undo().run();
    e.chain().focus().redo().run();
  },
};

describe("editor HTML through the server's sanitizer", () => {
  for (const [feature, apply] of Object.entries(TOOLBAR)) {
    it(`keeps ${feature} unchanged`, () => {
      const instance = newEditor();
      apply(instance);
      const html = instance.getHTML();
      expect(html).not.toBe("<p></p>");
      expect(sanitizePostHtml(html, { siteUrl: SITE_URL })).toBe(html);
    });
  }

  it("writes what each toolbar feature should", () => {
    const written = Object.fromEntries(
      Object.entries(TOOLBAR).map(([feature, apply]) => {
        const instance = newEditor();
        apply(instance);
        const html = instance.getHTML();
        instance.destroy();
        return [feature, html];
      }),
    );
    expect(written.bold).toBe("<p><strong>Bold words</strong></p>");
    expect(written.italic).toBe("<p><em>Italic words</em></p>");
    // After a block other than a paragraph the editor keeps an empty paragraph to type on.
    expect(written["heading 1"]).toBe("<h1>Title</h1><p></p>");
    expect(written["heading 2"]).toBe("<h2>Section</h2><p></p>");
    expect(written["heading 3"]).toBe("<h3>Subsection</h3><p></p>");
    expect(written["bullet list"]).toBe("<ul><li><p>One</p></li><li><p>Two</p></li></ul><p></p>");
    expect(written["ordered list"]).toBe(
      "<ol><li><p>First</p></li><li><p>Second</p></li></ol><p></p>",
    );
    expect(written.blockquote).toBe("<blockquote><p>Quoted &amp; said</p></blockquote><p></p>");
    expect(written["inline code"]).toBe("<p><code>/give @p diamond 64</code></p>");
    expect(written["link leaving the site"]).toBe(
      '<p><a href="https://www.minecraft.net/marketplace" target="_blank" rel="noopener noreferrer">Marketplace</a></p>',
    );
    expect(written["link inside the site"]).toBe('<p><a href="/news">News</a></p>');
    expect(written["absolute link to the site"]).toBe(
      `<p><a href="${SITE_URL}/studio">Studio</a></p>`,
    );
    expect(written["mail link"]).toBe(
      '<p><a href="mailto:hello@studio.example">Write to us</a></p>',
    );
    expect(written["image uploaded into the content"]).toBe(
      `<p>Screenshot:</p><img src="${UPLOADED_IMAGE}" alt="The citadel at dusk"><p></p>`,
    );
    expect(written["undo and redo"]).toBe("<p><strong>Kept</strong></p>");
  });

  it("keeps a whole post unchanged: nested lists, line breaks, images with alt text, embeds", () => {
    const instance = newEditor(
      [
        "<h2>Patch notes</h2>",
        "<p>Line one<br>line two with <strong><em>both</em></strong> marks</p>",
        "<ul><li><p>Outer</p><ol><li><p>Inner</p></li></ol></li></ul>",
        '<img src="https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg" alt="Trailer thumbnail">',
        '<img src="/uploads/0123abcd.png" alt="">',
        "<p>Non-breaking&nbsp;space</p>",
      ].join(""),
    );
    // Inserted by command: the test's DOM would try to load an embed parsed from HTML.
    instance.commands.setYoutubeVideo({ src: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" });
    const html = instance.getHTML();
    expect(html).toContain("<img");
    expect(html).toContain("data-youtube-video");
    expect(sanitizePostHtml(html, { siteUrl: SITE_URL })).toBe(html);
  });

  it("refuses what the sanitizer would remove, so the editor never shows it", () => {
    const instance = newEditor(
      [
        '<p><a href="javascript:alert(1)">script link</a></p>',
        '<p><a href="ftp://files.example/x">ftp link</a></p>',
        '<img src="data:image/png;base64,AAAA" alt="inline">',
        '<img src="javascript:alert(1)" alt="bad">',
        "<pre><code>block()</code></pre>",
        "<hr>",
        "<p><s>struck</s> <u>under</u></p>",
      ].join(""),
    );
    const html = instance.getHTML();
    expect(html).not.toMatch(/<a\b|<img\b|<pre\b|<hr\b|<s>|<u>/);
    expect(instance.chain().setLink({ href: "javascript:alert(1)" }).run()).toBe(false);
    expect(instance.chain().setLink({ href: "tel:+15555550100" }).run()).toBe(false);
    expect(sanitizePostHtml(html, { siteUrl: SITE_URL })).toBe(html);
  });

  it("keeps 100 undo steps, a new one after 500 ms of pause", () => {
    expect(EDITOR_HISTORY).toEqual({ depth: 100, newGroupDelay: 500 });
    const instance = newEditor();
    const undoRedo = instance.extensionManager.extensions.find((ext) => ext.name === "undoRedo");
    expect(undoRedo?.options).toMatchObject({ depth: 100, newGroupDelay: 500 });
  });
});
