import { describe, expect, it } from "vitest";
import {
  buildNewsletter,
  personalize,
  UNSUBSCRIBE_PLACEHOLDER,
} from "./newsletter-message.server.ts";

const SOURCE = {
  post: {
    title: "Skyblock <Ruins> & more",
    slug: "skyblock-ruins",
    excerpt: null,
    content: '<p>New <a href="/studio">world</a> with <img src="/uploads/a.png" alt="A"></p>',
    featuredImage: "/uploads/cover.png",
    featuredImageAlt: "The cover",
  },
  companyName: "Override Studios",
  siteUrl: "https://studio.example.com",
};

describe("buildNewsletter", () => {
  const built = buildNewsletter(SOURCE);

  it("makes links and images absolute, escapes the title and inlines the styles", () => {
    expect(built.subject).toBe("Skyblock <Ruins> & more");
    expect(built.html).toContain("<h1 style=");
    expect(built.html).toContain("Skyblock &lt;Ruins&gt; &amp; more");
    expect(built.html).toContain('href="https://studio.example.com/studio"');
    expect(built.html).toContain('src="https://studio.example.com/uploads/a.png"');
    expect(built.html).toContain('src="https://studio.example.com/uploads/cover.png"');
    expect(built.html).toContain('href="https://studio.example.com/blog/skyblock-ruins"');
    expect(built.text).toContain("Read on the site");
  });

  it("puts each subscriber's own unsubscribe link in both parts", () => {
    const url = "https://studio.example.com/unsubscribe/abc.def";
    const mine = personalize(built, url);
    expect(mine.html).toContain(`href="${url}"`);
    expect(mine.text).toContain(url);
    expect(mine.html).not.toContain(UNSUBSCRIBE_PLACEHOLDER);
    expect(mine.text).not.toContain(UNSUBSCRIBE_PLACEHOLDER);
  });
});
