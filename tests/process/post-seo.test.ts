import { expect, it } from "vitest";
import { OWNER_SITE_URL as SITE, useOwnerSite } from "#tests/helpers/owner-site.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";

// A post's search and social settings where search engines and feed readers read them
// (docs/product/public-site.md#post-detail): the page's head and JSON-LD, the sitemap and the RSS
// feed of the production build, the response cache included.

const OWNER = { ADMIN_EMAIL: "owner@seo.test", ADMIN_PASSWORD: "owner-seo-password" };

/** The attribute `attribute` of the first tag in `html` that has `name="value"` (in any order). */
function tagAttribute(html: string, tag: string, match: string, attribute: string) {
  for (const [element] of html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, "g"))) {
    if (!element.includes(match)) continue;
    return new RegExp(`${attribute}="([^"]*)"`).exec(element)?.[1]?.replaceAll("&amp;", "&");
  }
  return undefined;
}

const metaOf = (html: string, key: string) =>
  tagAttribute(html, "meta", `="${key}"`, "content") ?? null;

function jsonLdOf(html: string): Record<string, unknown> {
  const script = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return JSON.parse(script ?? "{}") as Record<string, unknown>;
}

describeEachDatabase("a post's search and social settings on the public side", (kind) => {
  const { get, save } = useOwnerSite(kind, OWNER);

  it("puts the settings in the head and JSON-LD, and defaults from the post where they are empty", async () => {
    const post = await save("POST", "/api/posts", {
      title: "Cloud Harbour",
      slug: `cloud-harbour-${kind}`,
      excerpt: "Ships that sail the sky.",
      content: "<p>Docks in the clouds.</p>",
      status: "published",
      featuredImage: "https://cdn.example/harbour.png",
    });
    const url = `${SITE}/blog/${post.slug}`;
    let html = await get(`/blog/${post.slug}`);
    expect(html).toContain("<title>Cloud Harbour | ");
    expect(metaOf(html, "description")).toBe("Ships that sail the sky.");
    expect(metaOf(html, "og:title")).toBe("Cloud Harbour");
    expect(metaOf(html, "twitter:image")).toBe("https://cdn.example/harbour.png");
    expect(tagAttribute(html, "link", 'rel="canonical"', "href")).toBe(url);
    expect(metaOf(html, "robots")).toBeNull();

    // The page was just kept by the response cache; the save must show at once all the same.
    await save("PUT", `/api/posts/${post.id}`, {
      ...post,
      metaTitle: "Cloud Harbour: a port above the storm",
      metaDescription: "Build a harbour where airships dock.",
      socialImage: "https://cdn.example/harbour-card.png",
      socialTitle: "Sail the sky",
      socialDescription: "Airships, docks and a lighthouse.",
      canonicalUrl: "https://partner.example/cloud-harbour",
    });
    html = await get(`/blog/${post.slug}`);
    expect(html).toContain("<title>Cloud Harbour: a port above the storm</title>");
    expect(metaOf(html, "description")).toBe("Build a harbour where airships dock.");
    for (const prefix of ["og", "twitter"]) {
      expect(metaOf(html, `${prefix}:title`)).toBe("Sail the sky");
      expect(metaOf(html, `${prefix}:description`)).toBe("Airships, docks and a lighthouse.");
      expect(metaOf(html, `${prefix}:image`)).toBe("https://cdn.example/harbour-card.png");
    }
    expect(metaOf(html, "twitter:card")).toBe("summary_large_image");
    expect(tagAttribute(html, "link", 'rel="canonical"', "href")).toBe(
      "https://partner.example/cloud-harbour",
    );
    expect(jsonLdOf(html)).toMatchObject({
      headline: "Cloud Harbour: a port above the storm",
      description: "Build a harbour where airships dock.",
      image: ["https://cdn.example/harbour-card.png"],
      url: "https://partner.example/cloud-harbour",
    });
  });

  it("keeps a no-index post out of search engines and the sitemap, not out of the feed", async () => {
    const listed = await save("POST", "/api/posts", {
      title: "Listed Lighthouse",
      slug: `listed-lighthouse-${kind}`,
      excerpt: "The excerpt.",
      content: "<p>Light.</p>",
      status: "published",
      metaDescription: "A lighthouse for every harbour.",
    });
    const hidden = await save("POST", "/api/posts", {
      title: "Hidden Hangar",
      slug: `hidden-hangar-${kind}`,
      content: "<p>Secret.</p>",
      status: "published",
      noIndex: true,
    });
    const html = await get(`/blog/${hidden.slug}`);
    expect(html.match(/<meta name="robots" content="noindex"/g)).toHaveLength(1);

    const sitemap = await get("/sitemap-posts.xml");
    expect(sitemap).toContain(`<loc>${SITE}/blog/${listed.slug}</loc>`);
    expect(sitemap).not.toContain(hidden.slug);

    const rss = await get("/rss.xml");
    const item = rss.split("<item>").find((part) => part.includes(listed.slug)) ?? "";
    expect(item).toContain("<description>A lighthouse for every harbour.</description>");
    expect(rss).toContain(`<link>${SITE}/blog/${hidden.slug}</link>`);
  });
});
