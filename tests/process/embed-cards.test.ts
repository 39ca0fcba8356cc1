import { expect, it } from "vitest";
import { OWNER_SITE_URL as SITE, useOwnerSite } from "#tests/helpers/owner-site.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";

// A post's marketplace item card shows the item as it is now (docs/decisions/041-embed-cards.md):
// on the public page and in the feed of the production build, response cache on, after the item
// is edited and after it leaves the public site.

const OWNER = { ADMIN_EMAIL: "owner@embeds.test", ADMIN_PASSWORD: "owner-embeds-password" };

describeEachDatabase("a marketplace item card on the public side", (kind) => {
  const { get, save } = useOwnerSite(kind, OWNER);

  it("shows the item's current title after an edit, and nothing once it is unpublished", async () => {
    const itemFields = {
      title: "Sky Castle",
      slug: `sky-castle-${kind}`,
      content: "<p>A castle above the clouds.</p>",
      status: "published",
      category: "marketplace-content",
      packType: "world",
      marketplaceUrl: "https://www.minecraft.net/marketplace/pdp?id=sky",
      featuredImage: "https://cdn.example/sky.png",
    };
    const item = await save("POST", "/api/posts", itemFields);
    const post = await save("POST", "/api/posts", {
      title: "This week's packs",
      slug: `this-weeks-packs-${kind}`,
      content: `<p>Out now:</p><a data-marketplace-item="${item.id}" href="/post/${item.slug}">Sky Castle</a>`,
      status: "published",
      category: "news",
    });
    const page = `/blog/${post.slug}`;

    let html = await get(page);
    expect(html).toContain(`<a href="/post/${item.slug}">Sky Castle</a>`);
    expect(html).toContain('<p class="embed-card-type">World/Map</p>');
    expect(html).toContain('<img src="https://cdn.example/sky.png" alt=""');
    expect(html).toContain(
      'href="https://www.minecraft.net/marketplace/pdp?id=sky" target="_blank" rel="noopener noreferrer">Get it on the Marketplace</a>',
    );
    // Asked again: the kept answer.
    expect(await get(page)).toBe(html);

    await save("PUT", `/api/posts/${item.id}`, { ...itemFields, title: "Sky Castle Deluxe" });
    html = await get(page);
    expect(html).toContain(`<a href="/post/${item.slug}">Sky Castle Deluxe</a>`);
    expect(html).toContain('<meta name="description" content="Out now: Sky Castle Deluxe"/>');
    const feed = await get("/rss.xml");
    expect(feed).toContain(
      `&lt;p&gt;&lt;a href=&quot;${SITE}/post/${item.slug}&quot;&gt;Sky Castle Deluxe&lt;/a&gt;&lt;/p&gt;`,
    );

    await save("PUT", `/api/posts/${item.id}`, { ...itemFields, status: "draft" });
    html = await get(page);
    expect(html).toContain("<p>Out now:</p>");
    expect(html.includes("Sky Castle"), "the card or its title still on the page").toBe(false);
    expect((await get("/rss.xml")).includes("Sky Castle"), "still in the feed").toBe(false);
  });
});
