import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { DEFAULT_SEO_FIELDS } from "#common/schemas/post-seo.ts";
import {
  buildArticleJsonLd,
  buildPostMeta,
  buildPostNotFoundMeta,
  type PostMetaInput,
  summarize,
} from "./post-meta.ts";

const SITE = "https://studio.example";

function input(overrides: Partial<PostMetaInput["post"]> = {}): PostMetaInput {
  return {
    post: {
      title: "Pocket Dragons",
      slug: "pocket-dragons",
      excerpt: "Hatch, raise and ride five species of dragon.",
      category: "marketplace-content",
      featuredImage: "pocket-dragons.png",
      featuredImageAlt: "Cover art for Pocket Dragons",
      publishedAt: "2025-03-05T10:00:00.000Z",
      createdAt: "2025-03-01T10:00:00.000Z",
      updatedAt: "2025-03-06T12:00:00.000Z",
      tags: ["addons", "dragons"],
      ...DEFAULT_SEO_FIELDS,
      ...overrides,
    },
    description: "Hatch, raise and ride five species of dragon.",
    siteUrl: SITE,
    companyName: "Override Studios",
  };
}

/** The content of the meta tag with this name or property. */
function content(meta: MetaDescriptor[], key: string): string | undefined {
  for (const tag of meta) {
    const record = tag as Record<string, unknown>;
    if (record.name === key || record.property === key) return record.content as string;
  }
  return undefined;
}

function all(meta: MetaDescriptor[], key: string): string[] {
  return meta
    .map((tag) => tag as Record<string, unknown>)
    .filter((tag) => tag.property === key || tag.name === key)
    .map((tag) => tag.content as string);
}

describe("summarize", () => {
  it("keeps short text, flattening white space", () => {
    expect(summarize("  One\n\ntwo   three ")).toBe("One two three");
  });

  it("cuts long text at a word boundary with an ellipsis", () => {
    const text = "word ".repeat(100);
    const summary = summarize(text, 160);
    expect(summary.length).toBeLessThanOrEqual(160);
    expect(summary).toMatch(/word…$/);
  });

  it("cuts a single long word hard", () => {
    expect(summarize("x".repeat(300), 10)).toBe(`${"x".repeat(9)}…`);
  });
});

describe("buildPostMeta", () => {
  it("gives the title, description and canonical link", () => {
    const meta = buildPostMeta(input());
    expect(meta).toContainEqual({ title: "Pocket Dragons | Override Studios" });
    expect(content(meta, "description")).toBe("Hatch, raise and ride five species of dragon.");
    expect(meta).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: `${SITE}/blog/pocket-dragons`,
    });
  });

  it("describes the page for Open Graph with absolute URLs", () => {
    const meta = buildPostMeta(input());
    expect(content(meta, "og:type")).toBe("article");
    expect(content(meta, "og:title")).toBe("Pocket Dragons");
    expect(content(meta, "og:description")).toBe("Hatch, raise and ride five species of dragon.");
    expect(content(meta, "og:url")).toBe(`${SITE}/blog/pocket-dragons`);
    expect(content(meta, "og:image")).toBe(`${SITE}/uploads/pocket-dragons.png`);
    expect(content(meta, "og:image:alt")).toBe("Cover art for Pocket Dragons");
    expect(content(meta, "og:site_name")).toBe("Override Studios");
    expect(content(meta, "article:published_time")).toBe("2025-03-05T10:00:00.000Z");
    expect(content(meta, "article:modified_time")).toBe("2025-03-06T12:00:00.000Z");
    expect(all(meta, "article:tag")).toEqual(["addons", "dragons"]);
  });

  it("gives a large-image Twitter card", () => {
    const meta = buildPostMeta(input());
    expect(content(meta, "twitter:card")).toBe("summary_large_image");
    expect(content(meta, "twitter:title")).toBe("Pocket Dragons");
    expect(content(meta, "twitter:description")).toBe(
      "Hatch, raise and ride five species of dragon.",
    );
    expect(content(meta, "twitter:image")).toBe(`${SITE}/uploads/pocket-dragons.png`);
  });

  it("uses an http(s) image as it is", () => {
    const meta = buildPostMeta(input({ featuredImage: "https://cdn.example/a.png" }));
    expect(content(meta, "og:image")).toBe("https://cdn.example/a.png");
  });

  it("without a shareable image: no image tags and a small card", () => {
    for (const featuredImage of [null, "data:image/png;base64,AAAA"]) {
      const meta = buildPostMeta(input({ featuredImage }));
      expect(content(meta, "og:image")).toBeUndefined();
      expect(content(meta, "twitter:image")).toBeUndefined();
      expect(content(meta, "twitter:card")).toBe("summary");
    }
  });

  it("falls back on the site's default social image, described by the company's name", () => {
    const withDefault = (featuredImage: string | null, defaultImage: string) =>
      buildPostMeta({ ...input({ featuredImage }), defaultImage });
    const meta = withDefault(null, "/uploads/share-card.png");
    expect(content(meta, "og:image")).toBe(`${SITE}/uploads/share-card.png`);
    expect(content(meta, "og:image:alt")).toBe("Override Studios");
    expect(content(meta, "twitter:card")).toBe("summary_large_image");
    expect(content(meta, "twitter:image")).toBe(`${SITE}/uploads/share-card.png`);
    expect(content(withDefault(null, "https://cdn.example/s.png"), "og:image")).toBe(
      "https://cdn.example/s.png",
    );
    // A post's own image wins; an empty setting means none.
    expect(content(withDefault("a.png", "https://cdn.example/s.png"), "og:image")).toBe(
      `${SITE}/uploads/a.png`,
    );
    expect(content(withDefault(null, ""), "og:image")).toBeUndefined();
  });

  it("uses the title as the image description when there is no alt text", () => {
    const meta = buildPostMeta(input({ featuredImageAlt: null }));
    expect(content(meta, "og:image:alt")).toBe("Pocket Dragons");
  });

  it("dates a post that was never marked published by its creation", () => {
    const meta = buildPostMeta(input({ publishedAt: null }));
    expect(content(meta, "article:published_time")).toBe("2025-03-01T10:00:00.000Z");
  });

  it("carries the Article JSON-LD", () => {
    const meta = buildPostMeta(input());
    expect(meta).toContainEqual({ "script:ld+json": buildArticleJsonLd(input()) });
  });
});

describe("buildPostMeta with the post's search and social settings", () => {
  const settings = {
    metaTitle: "Dragons you can pocket",
    metaDescription: "Five dragons, one pocket.",
    socialTitle: "Hatch a dragon today",
    socialDescription: "Raise it, ride it, share it.",
    socialImage: "share-dragons.png",
    canonicalUrl: "https://elsewhere.example/pocket-dragons",
  };

  it("puts each setting where it belongs", () => {
    const meta = buildPostMeta(input(settings));
    expect(meta).toContainEqual({ title: "Dragons you can pocket" });
    expect(content(meta, "description")).toBe("Five dragons, one pocket.");
    expect(meta).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://elsewhere.example/pocket-dragons",
    });
    expect(content(meta, "og:url")).toBe("https://elsewhere.example/pocket-dragons");
    for (const prefix of ["og", "twitter"]) {
      expect(content(meta, `${prefix}:title`)).toBe("Hatch a dragon today");
      expect(content(meta, `${prefix}:description`)).toBe("Raise it, ride it, share it.");
      expect(content(meta, `${prefix}:image`)).toBe(`${SITE}/uploads/share-dragons.png`);
    }
    expect(content(meta, "twitter:card")).toBe("summary_large_image");
    expect(content(meta, "robots")).toBeUndefined();
  });

  it("gives the social texts the meta title and description when they have none", () => {
    const { socialTitle: _t, socialDescription: _d, ...rest } = settings;
    const meta = buildPostMeta(input(rest));
    expect(content(meta, "og:title")).toBe("Dragons you can pocket");
    expect(content(meta, "twitter:description")).toBe("Five dragons, one pocket.");
  });

  it("keeps a no-index post out of search engines", () => {
    const meta = buildPostMeta(input({ noIndex: true }));
    expect(all(meta, "robots")).toEqual(["noindex"]);
  });

  it("says the same in the JSON-LD: headline, description, image and address", () => {
    const ld = buildArticleJsonLd(input(settings));
    expect(ld).toMatchObject({
      headline: "Dragons you can pocket",
      description: "Five dragons, one pocket.",
      image: [`${SITE}/uploads/share-dragons.png`],
      url: "https://elsewhere.example/pocket-dragons",
      mainEntityOfPage: { "@id": "https://elsewhere.example/pocket-dragons" },
    });
  });
});

describe("buildArticleJsonLd", () => {
  it("describes the post as a schema.org Article by the studio", () => {
    const organization = { "@type": "Organization", name: "Override Studios", url: SITE };
    expect(buildArticleJsonLd(input())).toEqual({
      "@context": "https://schema.org",
      "@type": "Article",
      headline: "Pocket Dragons",
      description: "Hatch, raise and ride five species of dragon.",
      image: [`${SITE}/uploads/pocket-dragons.png`],
      datePublished: "2025-03-05T10:00:00.000Z",
      dateModified: "2025-03-06T12:00:00.000Z",
      author: organization,
      publisher: organization,
      mainEntityOfPage: { "@type": "WebPage", "@id": `${SITE}/blog/pocket-dragons` },
      url: `${SITE}/blog/pocket-dragons`,
      keywords: "addons, dragons",
    });
  });

  it("leaves out the image and keywords when there are none", () => {
    const ld = buildArticleJsonLd(input({ featuredImage: null, tags: [] }));
    expect(ld).not.toHaveProperty("image");
    expect(ld).not.toHaveProperty("keywords");
  });

  it("keeps a hostile title as data (the page escapes '<' when it writes the JSON)", () => {
    const ld = buildArticleJsonLd(input({ title: "</script><script>alert(1)</script>" }));
    expect(ld.headline).toBe("</script><script>alert(1)</script>");
  });
});

describe("buildPostNotFoundMeta", () => {
  it("titles the page and keeps it out of search results", () => {
    expect(buildPostNotFoundMeta("Override Studios")).toEqual([
      { title: "Post Not Found | Override Studios" },
      { name: "robots", content: "noindex" },
    ]);
  });
});
