import { describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES } from "#common/constants.ts";
import {
  MAX_FEATURED_IMAGE_DATA_URL_LENGTH,
  POST_LIMITS,
  type PostFormValues,
  PostInputSchema,
  SLUG_RULE,
} from "./post.ts";
import { DEFAULT_SEO_FIELDS } from "./post-seo.ts";

const VALID: PostFormValues = {
  title: "Sky Islands",
  slug: "sky-islands-123456",
  content: "<p>Floating islands.</p>",
};

/** The field -> message map of a failed parse (first message per field), or {} when it passed. */
function errorsOf(input: unknown): Record<string, string> {
  const result = PostInputSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join(".")] ??= issue.message;
  return errors;
}

function parse(input: Partial<PostFormValues> & Record<string, unknown>) {
  return PostInputSchema.parse({ ...VALID, ...input });
}

describe("PostInputSchema", () => {
  it("fills in the defaults of the post form for a minimal post", () => {
    expect(PostInputSchema.parse(VALID)).toEqual({
      title: "Sky Islands",
      slug: "sky-islands-123456",
      slugFromTitle: false,
      content: "<p>Floating islands.</p>",
      excerpt: null,
      status: "draft",
      category: "news",
      packType: null,
      marketplaceUrl: null,
      youtubeUrl: null,
      featuredImage: null,
      featuredImageAlt: null,
      releaseDate: null,
      tags: [],
      scheduledAt: null,
      timezone: null,
      ...DEFAULT_SEO_FIELDS,
    });
  });

  it("says 'Title is required', 'Slug is required' and 'Content is required', all at once", () => {
    expect(errorsOf({})).toEqual({
      title: "Title is required",
      slug: "Slug is required",
      content: "Content is required",
    });
    expect(errorsOf({ title: "   ", slug: "", content: "" })).toEqual({
      title: "Title is required",
      slug: "Slug is required",
      content: "Content is required",
    });
    expect(errorsOf({ title: 5, slug: null, content: ["<p>x</p>"] })).toEqual({
      title: "Title is required",
      slug: "Slug is required",
      content: "Content is required",
    });
  });

  it("counts an empty editor document as no content", () => {
    for (const content of [
      "<p></p>",
      "<p> </p><p>&nbsp;</p>",
      "<p><br></p>",
      "<h2>  </h2><ul><li><p></p></li></ul>",
      "<!-- nothing --><p>\n</p>",
    ]) {
      expect(errorsOf({ ...VALID, content }), content).toEqual({ content: "Content is required" });
    }
  });

  it("counts an image or a video embed alone as content", () => {
    for (const content of [
      '<img src="https://example.com/a.png" alt="">',
      '<div data-youtube-video=""><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe></div>',
      "<p>0</p>",
    ]) {
      expect(errorsOf({ ...VALID, content }), content).toEqual({});
    }
  });

  it("trims and lower-cases the slug and refuses characters a URL segment cannot hold as is", () => {
    expect(parse({ slug: "  Sky-Islands-42  " }).slug).toBe("sky-islands-42");
    expect(parse({ slug: "café-über" }).slug).toBe("café-über");
    for (const slug of [
      "sky islands",
      "-sky",
      "sky-",
      "sky--islands",
      "a/b",
      "a?b",
      "a#b",
      "a%20b",
    ]) {
      expect(errorsOf({ ...VALID, slug }), slug).toEqual({ slug: SLUG_RULE });
    }
  });

  it("gives each length limit a message naming it", () => {
    expect(errorsOf({ ...VALID, title: "x".repeat(POST_LIMITS.title + 1) })).toEqual({
      title: "Keep the title to 200 characters or fewer.",
    });
    expect(errorsOf({ ...VALID, slug: "x".repeat(POST_LIMITS.slug + 1) })).toEqual({
      slug: "Keep the slug to 200 characters or fewer.",
    });
    expect(errorsOf({ ...VALID, excerpt: "x".repeat(POST_LIMITS.excerpt + 1) })).toEqual({
      excerpt: "Keep the excerpt to 500 characters or fewer.",
    });
    expect(errorsOf({ ...VALID, content: `<p>${"x".repeat(POST_LIMITS.content)}</p>` })).toEqual({
      content: "Keep the content to 200,000 characters or fewer.",
    });
    expect(
      errorsOf({ ...VALID, featuredImageAlt: "x".repeat(POST_LIMITS.featuredImageAlt + 1) }),
    ).toEqual({ featuredImageAlt: "Keep the image description to 300 characters or fewer." });
    expect(
      errorsOf({ ...VALID, marketplaceUrl: `https://example.com/${"x".repeat(2048)}` }),
    ).toEqual({ marketplaceUrl: "Keep the marketplace link to 2048 characters or fewer." });
    expect(errorsOf({ ...VALID, tags: Array.from({ length: 21 }, (_, i) => `t${i}`) })).toEqual({
      tags: "Use at most 20 tags",
    });
    expect(errorsOf({ ...VALID, tags: ["x".repeat(51)] })).toEqual({
      "tags.0": "Keep each tag to 50 characters or fewer.",
    });
  });

  it("accepts http(s) URLs or nothing for marketplaceUrl and youtubeUrl, empty meaning null", () => {
    const post = parse({
      marketplaceUrl: " https://www.minecraft.net/marketplace/pdp?id=1 ",
      youtubeUrl: "",
    });
    expect(post.marketplaceUrl).toBe("https://www.minecraft.net/marketplace/pdp?id=1");
    expect(post.youtubeUrl).toBeNull();
    expect(parse({ marketplaceUrl: null, youtubeUrl: undefined })).toMatchObject({
      marketplaceUrl: null,
      youtubeUrl: null,
    });
    for (const bad of [
      "not a url",
      "javascript:alert(1)",
      "ftp://files.example/x",
      "https://",
      42,
    ]) {
      expect(errorsOf({ ...VALID, marketplaceUrl: bad, youtubeUrl: bad }), String(bad)).toEqual({
        marketplaceUrl:
          "Enter the marketplace link as an address starting with http:// or https://.",
        youtubeUrl: "Enter the YouTube link as an address starting with http:// or https://.",
      });
    }
  });

  it("knows the statuses, categories and pack types of the content model, and says which are allowed", () => {
    expect(parse({ status: "published", category: "youtube" })).toMatchObject({
      status: "published",
      category: "youtube",
    });
    expect(parse({ category: "marketplace-content", packType: "skin-pack" }).packType).toBe(
      "skin-pack",
    );
    expect(parse({ packType: "" }).packType).toBeNull();
    expect(
      errorsOf({ ...VALID, status: "archived", category: "blog", packType: "Skin Pack" }),
    ).toEqual({
      status: "Choose whether the post is a draft, published or scheduled.",
      category: "Choose a category: News, Marketplace Content or YouTube.",
      packType: "Choose a pack type from the list.",
    });
  });

  it("makes excerpt, featured image and its description optional and nullable", () => {
    expect(parse({ excerpt: "  ", featuredImage: "", featuredImageAlt: null })).toMatchObject({
      excerpt: null,
      featuredImage: null,
      featuredImageAlt: null,
    });
    expect(parse({ excerpt: " Short. " }).excerpt).toBe("Short.");
  });

  it("accepts a featured image as a PNG/JPEG data: URL, an http(s) URL or an upload's name", () => {
    for (const value of [
      "data:image/png;base64,iVBORw0KGgo=",
      "data:image/jpeg;base64,/9j/4AAQ",
      "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
      "/uploads/3f9a1c.png",
      "3f9a1c.png",
    ]) {
      expect(errorsOf({ ...VALID, featuredImage: value }), value).toEqual({});
    }
    const message =
      "Upload a PNG or JPEG image, or paste an address starting with http:// or https://.";
    for (const value of [
      "data:image/svg+xml;base64,PHN2Zz4=",
      "data:image/gif;base64,R0lGOD",
      "data:text/html,<script>",
      "javascript:alert(1)",
      "../secret.png",
      "/etc/passwd",
      "/uploads/../x.png",
      ".hidden.png",
    ]) {
      expect(errorsOf({ ...VALID, featuredImage: value }), value).toEqual({
        featuredImage: message,
      });
    }
    const huge = `data:image/png;base64,${"A".repeat(MAX_FEATURED_IMAGE_DATA_URL_LENGTH)}`;
    expect(errorsOf({ ...VALID, featuredImage: huge })).toEqual({
      featuredImage: `The featured image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`,
    });
  });

  it("reads a release date as a day (midnight UTC) or an instant", () => {
    expect(parse({ releaseDate: "2027-03-14" }).releaseDate).toBe("2027-03-14T00:00:00.000Z");
    expect(parse({ releaseDate: "2027-03-14T09:00:00+09:00" }).releaseDate).toBe(
      "2027-03-14T00:00:00.000Z",
    );
    expect(parse({ releaseDate: "" }).releaseDate).toBeNull();
    for (const bad of ["2027-02-30", "14/03/2027", "soon", "2027-03-14T09:00"]) {
      expect(errorsOf({ ...VALID, releaseDate: bad }), bad).toEqual({
        releaseDate: "Enter a real release date, or leave it empty.",
      });
    }
  });

  it("keeps tags as a clean list: trimmed, without '#', empty ones and repeats dropped", () => {
    expect(parse({ tags: [" worlds ", "#update", "", "worlds", "##news"] }).tags).toEqual([
      "worlds",
      "update",
      "news",
    ]);
    expect(errorsOf({ ...VALID, tags: "worlds" })).toEqual({
      tags: "Write the tags as words separated by commas.",
    });
  });

  describe("scheduling", () => {
    it("says 'Please select a date and time' for a scheduled post without one", () => {
      for (const scheduledAt of [undefined, null, "", "  "]) {
        expect(
          errorsOf({ ...VALID, status: "scheduled", scheduledAt, timezone: "Asia/Tokyo" }),
        ).toEqual({ scheduledAt: "Please select a date and time" });
      }
    });

    it("reports it together with the other fields' problems", () => {
      expect(errorsOf({ status: "scheduled", content: "<p>x</p>" })).toEqual({
        title: "Title is required",
        slug: "Slug is required",
        scheduledAt: "Please select a date and time",
      });
    });

    it("accepts a wall-clock date-time with a time zone, and an instant without one", () => {
      expect(
        parse({ status: "scheduled", scheduledAt: "2027-03-14T09:00", timezone: "Asia/Tokyo" }),
      ).toMatchObject({ scheduledAt: "2027-03-14T09:00", timezone: "Asia/Tokyo" });
      expect(
        parse({ status: "scheduled", scheduledAt: "2027-03-14T00:00:00.000Z", timezone: null }),
      ).toMatchObject({ scheduledAt: "2027-03-14T00:00:00.000Z", timezone: null });
    });

    it("asks for a time zone when the date-time has no offset", () => {
      expect(errorsOf({ ...VALID, status: "scheduled", scheduledAt: "2027-03-14T09:00" })).toEqual({
        timezone: "Please select a time zone",
      });
    });

    it("refuses date-times that do not exist on the calendar or are not date-times", () => {
      for (const scheduledAt of [
        "2027-02-30T09:00",
        "2027-03-14T24:00",
        "2027-03-14 09:00",
        "tomorrow",
        "2027-03-14",
        "2027-03-14T09:00+25:00",
      ]) {
        expect(
          errorsOf({ ...VALID, status: "scheduled", scheduledAt, timezone: "UTC" }),
          scheduledAt,
        ).toEqual({ scheduledAt: "Please select a valid date and time" });
      }
    });

    it("accepts only IANA time-zone names", () => {
      expect(
        parse({ status: "scheduled", scheduledAt: "2027-03-14T09:00", timezone: "UTC" }).timezone,
      ).toBe("UTC");
      expect(
        parse({ status: "scheduled", scheduledAt: "2027-03-14T09:00", timezone: "europe/berlin" })
          .timezone,
      ).toBe("Europe/Berlin");
      for (const timezone of [
        "Mars/Olympus",
        "+05:00",
        "EST5EDT/../x",
        "Europe/ Berlin",
        "x".repeat(80),
      ]) {
        expect(
          errorsOf({ ...VALID, status: "scheduled", scheduledAt: "2027-03-14T09:00", timezone }),
          timezone,
        ).toEqual({
          timezone: "Please choose a time zone from the list",
        });
      }
    });

    it("does not ask for a date-time when the post is not scheduled", () => {
      expect(errorsOf({ ...VALID, status: "draft", scheduledAt: null })).toEqual({});
      expect(errorsOf({ ...VALID, status: "published" })).toEqual({});
    });
  });

  it("drops fields it does not know, so a request cannot set ids, authors or dates", () => {
    const post = PostInputSchema.parse({
      ...VALID,
      id: "someone-elses",
      authorId: "x",
      publishedAt: "2000-01-01T00:00:00.000Z",
      createdAt: "2000-01-01T00:00:00.000Z",
    });
    expect(post).not.toHaveProperty("id");
    expect(post).not.toHaveProperty("authorId");
    expect(post).not.toHaveProperty("publishedAt");
    expect(post).not.toHaveProperty("createdAt");
  });
});
