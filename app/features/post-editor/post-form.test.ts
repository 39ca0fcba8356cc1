import { describe, expect, it } from "vitest";
import { PostInputSchema } from "#common/schemas/post.ts";
import { DEFAULT_SEO_FIELDS } from "#common/schemas/post-seo.ts";
import type { PortfolioItem } from "#common/types/portfolio-item.ts";
import type { Post, PostSummary } from "#common/types/post.ts";
import { findPortfolioPost } from "./api/save-portfolio-item.ts";
import {
  categoryFromParam,
  emptyPostForm,
  NO_SEO_VALUES,
  PostEditorSchema,
  type PostEditorValues,
  packTypeFromPortfolio,
  parseTags,
  portfolioItemToFormValues,
  postToFormValues,
  readCreateRequest,
  toPostPayload,
  toRequestBody,
} from "./post-form.ts";

function post(overrides: Partial<Post> = {}): Post {
  return {
    id: "0b6a1b1e-5d1c-4c1e-9d7a-7d1c1e5d1c4c",
    title: "Skyforge Citadel",
    slug: "skyforge-citadel-123456",
    excerpt: "A floating fortress.",
    content: "<h2>Build</h2><p>It <strong>floats</strong>.</p>",
    status: "published",
    category: "marketplace-content",
    packType: "world",
    marketplaceUrl: "https://www.minecraft.net/marketplace/pdp?id=1",
    youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    featuredImage: "0123abcd.png",
    featuredImageAlt: "The citadel at dusk",
    scheduledAt: null,
    timezone: null,
    releaseDate: "2027-03-14T00:00:00.000Z",
    publishedAt: "2026-01-02T10:00:00.000Z",
    createdAt: "2026-01-01T10:00:00.000Z",
    updatedAt: "2026-01-02T10:00:00.000Z",
    tags: ["worlds", "update"],
    version: 1,
    ...DEFAULT_SEO_FIELDS,
    ...overrides,
  };
}

function portfolioItem(overrides: Partial<PortfolioItem> = {}): PortfolioItem {
  return {
    id: "0b6a1b1e-5d1c-4c1e-9d7a-7d1c1e5d1c4c",
    title: "Frostbite Skins",
    slug: "frostbite-skins-654321",
    packType: "Skin Pack",
    status: "draft",
    shortDescription: "Twenty winter skins.",
    fullDescription: "Twenty winter skins.\nEach one <warm> & cosy.",
    launchDate: "2027-12-01T00:00:00.000Z",
    createdAt: "2026-02-01T10:00:00.000Z",
    marketplaceLink: "https://www.minecraft.net/marketplace/pdp?id=2",
    marketplaceUrl: "https://www.minecraft.net/marketplace/pdp?id=2",
    imageUrl: "frost.png",
    featuredImage: "frost.png",
    releaseDate: "2027-12-01T00:00:00.000Z",
    isPost: true,
    ...overrides,
  };
}

describe("postToFormValues", () => {
  it("puts every field of a saved post in the form, empty values as ''", () => {
    const values = postToFormValues(
      post({
        excerpt: null,
        featuredImageAlt: null,
        youtubeUrl: null,
        metaTitle: "Skyforge Citadel, a floating fortress",
        noIndex: true,
      }),
      "Europe/Berlin",
    );
    expect(values).toEqual({
      title: "Skyforge Citadel",
      slug: "skyforge-citadel-123456",
      slugFromTitle: false,
      content: "<h2>Build</h2><p>It <strong>floats</strong>.</p>",
      excerpt: "",
      status: "published",
      category: "marketplace-content",
      packType: "world",
      marketplaceUrl: "https://www.minecraft.net/marketplace/pdp?id=1",
      youtubeUrl: "",
      featuredImage: "0123abcd.png",
      featuredImageAlt: "",
      releaseDate: "2027-03-14",
      tags: ["worlds", "update"],
      scheduledAt: "",
      timezone: "Europe/Berlin",
      ...NO_SEO_VALUES,
      metaTitle: "Skyforge Citadel, a floating fortress",
      noIndex: true,
    });
  });

  it("shows a scheduled time in the zone it was chosen in", () => {
    const values = postToFormValues(
      post({
        status: "scheduled",
        scheduledAt: "2027-03-14T00:00:00.000Z",
        timezone: "Asia/Tokyo",
      }),
      "Europe/Berlin",
    );
    expect(values.scheduledAt).toBe("2027-03-14T09:00");
    expect(values.timezone).toBe("Asia/Tokyo");
  });
});

describe("portfolioItemToFormValues", () => {
  it("maps the portfolio field names back to the form", () => {
    const values = portfolioItemToFormValues(portfolioItem(), "UTC");
    expect(values).toEqual({
      title: "Frostbite Skins",
      slug: "frostbite-skins-654321",
      slugFromTitle: false,
      content: "<p>Twenty winter skins.<br>Each one &lt;warm&gt; &amp; cosy.</p>",
      excerpt: "Twenty winter skins.",
      status: "draft",
      category: "marketplace-content",
      packType: "skin-pack",
      marketplaceUrl: "https://www.minecraft.net/marketplace/pdp?id=2",
      youtubeUrl: "",
      featuredImage: "frost.png",
      featuredImageAlt: "",
      releaseDate: "2027-12-01",
      tags: [],
      scheduledAt: "",
      timezone: "UTC",
      ...NO_SEO_VALUES,
    });
  });

  it("falls back to the other spelling of each field", () => {
    const values = portfolioItemToFormValues(
      portfolioItem({
        marketplaceUrl: null,
        featuredImage: null,
        releaseDate: null,
        packType: "Addon",
        shortDescription: null,
      }),
      "UTC",
    );
    expect(values.marketplaceUrl).toBe("https://www.minecraft.net/marketplace/pdp?id=2");
    expect(values.featuredImage).toBe("frost.png");
    expect(values.releaseDate).toBe("2027-12-01");
    expect(values.packType).toBe("addon");
    expect(values.excerpt).toBe("");
  });

  it("takes the formatted content and the fields the view leaves out from the full post", () => {
    const full = post({
      id: portfolioItem().id,
      status: "scheduled",
      scheduledAt: "2027-06-01T07:00:00.000Z",
      timezone: "Europe/London",
    });
    const values = portfolioItemToFormValues(portfolioItem(), "UTC", full);
    expect(values.content).toBe(full.content);
    expect(values.youtubeUrl).toBe(full.youtubeUrl);
    expect(values.featuredImageAlt).toBe("The citadel at dusk");
    expect(values.tags).toEqual(["worlds", "update"]);
    expect(values.status).toBe("scheduled");
    expect(values.scheduledAt).toBe("2027-06-01T08:00");
    expect(values.timezone).toBe("Europe/London");
    // The portfolio's own names still win for the fields it carries.
    expect(values.title).toBe("Frostbite Skins");
    expect(values.packType).toBe("skin-pack");
  });

  it("reads studio filter keys and raw pack types, and drops unknown ones", () => {
    expect(packTypeFromPortfolio("world")).toBe("world");
    expect(packTypeFromPortfolio("Skin Pack")).toBe("skin-pack");
    expect(packTypeFromPortfolio("Addon")).toBe("addon");
    expect(packTypeFromPortfolio("mashup")).toBe("mashup");
    expect(packTypeFromPortfolio("Persona")).toBe("");
    expect(packTypeFromPortfolio(null)).toBe("");
  });
});

describe("toPostPayload", () => {
  const base: PostEditorValues = {
    ...emptyPostForm("Europe/Paris"),
    title: "Hello",
    slug: "hello-123456",
    content: "<p>Hi</p>",
    packType: "world",
    marketplaceUrl: "not a url",
    releaseDate: "2027-01-01",
    youtubeUrl: "also not a url",
    scheduledAt: "2027-01-01T09:00",
  };

  it("sends marketplace fields only for marketplace content, and no stale video URL", () => {
    const payload = toPostPayload(base);
    expect(payload).not.toHaveProperty("packType");
    expect(payload).not.toHaveProperty("marketplaceUrl");
    expect(payload).not.toHaveProperty("releaseDate");
    expect(payload.youtubeUrl).toBeNull();
    // So a bad value in a hidden field does not block saving.
    expect(PostInputSchema.safeParse(payload).success).toBe(true);
  });

  it("sends the time only for a scheduled post, and the time zone for every status", () => {
    expect(toPostPayload(base)).toMatchObject({ scheduledAt: null, timezone: "Europe/Paris" });
    expect(toPostPayload({ ...base, status: "scheduled" })).toMatchObject({
      scheduledAt: "2027-01-01T09:00",
      timezone: "Europe/Paris",
    });
  });

  it("keeps the trailer URL of a world or add-on, and the YouTube URL of a video post", () => {
    const marketplace = { ...base, category: "marketplace-content" as const };
    expect(toPostPayload(marketplace).youtubeUrl).toBe("also not a url");
    expect(toPostPayload({ ...marketplace, packType: "skin-pack" }).youtubeUrl).toBeNull();
    expect(toPostPayload({ ...base, category: "youtube" }).youtubeUrl).toBe("also not a url");
    const result = PostInputSchema.safeParse(toPostPayload(marketplace));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path[0])).toEqual([
      "marketplaceUrl",
      "youtubeUrl",
    ]);
  });

  it("sends an empty tag list when there are no tags, and no alt text without an image", () => {
    const payload = toPostPayload({ ...base, featuredImageAlt: "orphan" });
    expect(payload.tags).toEqual([]);
    expect(payload.featuredImageAlt).toBeNull();
  });

  it("drops marketplace keys from the request body of other categories", () => {
    const parsed = PostInputSchema.parse(toPostPayload(base));
    expect(Object.keys(toRequestBody(parsed))).not.toContain("packType");
    const marketplace = PostInputSchema.parse(
      toPostPayload({
        ...base,
        category: "marketplace-content",
        marketplaceUrl: "https://example.com/pack",
        youtubeUrl: "",
      }),
    );
    expect(toRequestBody(marketplace)).toMatchObject({
      packType: "world",
      marketplaceUrl: "https://example.com/pack",
      releaseDate: "2027-01-01T00:00:00.000Z",
    });
  });
});

describe("PostEditorSchema", () => {
  const values: PostEditorValues = {
    ...emptyPostForm("Europe/Paris"),
    title: "  Hello  ",
    slug: "Hello-123456",
    content: "<p>Hi</p>",
    marketplaceUrl: "not a url",
    featuredImageAlt: "orphan",
  };

  it("checks what would be sent, with the server's schema, and gives the saved post", () => {
    const result = PostEditorSchema.safeParse(values);
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      title: "Hello",
      slug: "hello-123456",
      marketplaceUrl: null,
      featuredImageAlt: null,
      scheduledAt: null,
    });
  });

  it("puts each problem on the field the form shows it by", () => {
    const result = PostEditorSchema.safeParse({
      ...values,
      title: " ",
      status: "scheduled",
      category: "marketplace-content",
    });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["title", "Title is required"],
      ["marketplaceUrl", expect.stringContaining("marketplace link")],
      ["scheduledAt", "Please select a date and time"],
    ]);
  });
});

describe("findPortfolioPost", () => {
  const summary = (overrides: Partial<PostSummary>): PostSummary => ({
    id: "a",
    title: "A",
    status: "published",
    category: "marketplace-content",
    createdAt: "2026-01-01T00:00:00.000Z",
    publishedAt: "2026-01-01T00:00:00.000Z",
    slug: "a",
    excerpt: null,
    ...overrides,
  });
  const posts = [
    summary({ id: "news", title: "Same", slug: "same", category: "news" }),
    summary({ id: "by-title", title: "Same", slug: "other" }),
    summary({ id: "by-slug", title: "Different", slug: "same" }),
    summary({ id: "edited", title: "Renamed", slug: "renamed" }),
  ];

  it("prefers the edited post, then the same slug, then the same title, marketplace only", () => {
    expect(findPortfolioPost(posts, { id: "edited", slug: "same", title: "Same" })?.id).toBe(
      "edited",
    );
    expect(findPortfolioPost(posts, { id: null, slug: "same", title: "Same" })?.id).toBe("by-slug");
    expect(findPortfolioPost(posts, { id: null, slug: "nope", title: "Same" })?.id).toBe(
      "by-title",
    );
    expect(findPortfolioPost(posts, { id: "gone", slug: "nope", title: "Nope" })).toBeNull();
  });
});

describe("form helpers", () => {
  it("reads what the address asks for: a post or portfolio item to edit, or a new post's category", () => {
    expect(readCreateRequest(new URLSearchParams(""))).toEqual({
      id: null,
      type: "post",
      category: null,
    });
    expect(readCreateRequest(new URLSearchParams("id=abc&type=portfolio"))).toEqual({
      id: "abc",
      type: "portfolio",
      category: null,
    });
    expect(readCreateRequest(new URLSearchParams("id=%20&type=other&category=youtube"))).toEqual({
      id: null,
      type: "post",
      category: "youtube",
    });
  });

  it("reads a category from the address only when it names one", () => {
    expect(categoryFromParam("youtube")).toBe("youtube");
    expect(categoryFromParam("marketplace-content")).toBe("marketplace-content");
    expect(categoryFromParam("blog")).toBeNull();
    expect(categoryFromParam(null)).toBeNull();
  });

  it("splits tags at commas and drops '#' and empty ones", () => {
    expect(parseTags(" #worlds, update ,, #")).toEqual(["worlds", "update"]);
  });
});
