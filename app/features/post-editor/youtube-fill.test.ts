import { describe, expect, it } from "vitest";
import type { YouTubeInfo } from "#common/types/youtube.ts";
import {
  excerptFromDescription,
  textToParagraphs,
  youTubeFallback,
  youTubeFill,
  youTubeWatchUrl,
} from "./youtube-fill.ts";

describe("excerptFromDescription", () => {
  it("keeps a description of up to 200 characters as it is", () => {
    expect(excerptFromDescription("Short and sweet.")).toBe("Short and sweet.");
    const exactly = "a".repeat(200);
    expect(excerptFromDescription(exactly)).toBe(exactly);
  });

  it("cuts a longer one to 200 characters and adds '...'", () => {
    const long = `${"b".repeat(200)}c and more`;
    expect(excerptFromDescription(long)).toBe(`${"b".repeat(200)}...`);
    expect(excerptFromDescription("x".repeat(201))).toHaveLength(203);
  });

  it("counts characters, so an emoji is never cut in half", () => {
    const emoji = "🎮".repeat(201);
    const excerpt = excerptFromDescription(emoji);
    expect(excerpt).toBe(`${"🎮".repeat(200)}...`);
    expect(excerpt.isWellFormed()).toBe(true);
  });

  it("trims surrounding whitespace first", () => {
    expect(excerptFromDescription("  padded \n")).toBe("padded");
  });
});

describe("youTubeFill", () => {
  const info: YouTubeInfo = {
    title: "Skyforge <Citadel> & Friends",
    description: 'Build the citadel & defend it.\nOut now on the "Marketplace" <3\n\nSecond part.',
    thumbnail: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
    thumbnailDataUrl: "data:image/jpeg;base64,/9j/4AAQ",
  };

  it("fills the title, excerpt, featured image and a content block, all escaped", () => {
    const fill = youTubeFill(info, "dQw4w9WgXcQ");
    expect(fill.title).toBe(info.title);
    expect(fill.excerpt).toBe(info.description);
    expect(fill.featuredImage).toBe(info.thumbnailDataUrl);
    expect(fill.content).toBe(
      '<img src="https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg" alt="Skyforge &lt;Citadel&gt; &amp; Friends">' +
        "<h2>Skyforge &lt;Citadel&gt; &amp; Friends</h2>" +
        "<p>Build the citadel &amp; defend it.<br>Out now on the &quot;Marketplace&quot; &lt;3</p>" +
        "<p>Second part.</p>" +
        '<p><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">Watch on YouTube</a></p>',
    );
  });

  it("leaves the excerpt and featured image alone when the lookup had none", () => {
    const fill = youTubeFill({ ...info, description: " ", thumbnailDataUrl: null }, "dQw4w9WgXcQ");
    expect(fill.excerpt).toBeNull();
    expect(fill.featuredImage).toBeNull();
    expect(fill.content).not.toContain("<p></p>");
  });
});

describe("youTubeFallback", () => {
  it("names the video by its id, with the standard thumbnail and a link to it", () => {
    const fill = youTubeFallback("abc_DEF-123");
    expect(fill).toEqual({
      title: "YouTube Video - abc_DEF-123",
      excerpt: null,
      featuredImage: null,
      content:
        '<img src="https://i.ytimg.com/vi/abc_DEF-123/hqdefault.jpg" alt="YouTube Video - abc_DEF-123">' +
        "<h2>YouTube Video - abc_DEF-123</h2>" +
        '<p><a href="https://www.youtube.com/watch?v=abc_DEF-123">Watch on YouTube</a></p>',
    });
  });

  it("links the video's own page, whatever form of address was typed", () => {
    expect(youTubeWatchUrl("dQw4w9WgXcQ")).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  });
});

describe("textToParagraphs", () => {
  it("makes paragraphs of blank-line-separated text and keeps single line breaks", () => {
    expect(textToParagraphs("One\r\nline two\n\n\nTwo")).toBe("<p>One<br>line two</p><p>Two</p>");
    expect(textToParagraphs("  \n ")).toBe("");
  });
});
