import { describe, expect, it } from "vitest";
import { type PostFormValues, PostInputSchema } from "./post.ts";
import { DEFAULT_SEO_FIELDS, SEO_LIMITS, SEO_SHOWN_LENGTHS } from "./post-seo.ts";

const VALID: PostFormValues = {
  title: "Sky Islands",
  slug: "sky-islands",
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

describe("PostInputSchema: search and social settings", () => {
  it("keeps each one given, trimmed, and reads empty ones as the default (null, noIndex false)", () => {
    expect(
      parse({
        metaTitle: "  Sky Islands, built block by block ",
        metaDescription: "Floating islands for your world.",
        socialImage: "/uploads/0123abcd.png",
        socialTitle: "Look up",
        socialDescription: "Islands in the sky.",
        canonicalUrl: "https://elsewhere.example/sky-islands",
        noIndex: true,
      }),
    ).toMatchObject({
      metaTitle: "Sky Islands, built block by block",
      metaDescription: "Floating islands for your world.",
      socialImage: "/uploads/0123abcd.png",
      socialTitle: "Look up",
      socialDescription: "Islands in the sky.",
      canonicalUrl: "https://elsewhere.example/sky-islands",
      noIndex: true,
    });
    const empty = { metaTitle: " ", metaDescription: "", socialImage: "", canonicalUrl: "" };
    expect(parse({ ...empty, socialTitle: null, noIndex: null })).toMatchObject(DEFAULT_SEO_FIELDS);
  });

  it("allows more than search engines show, up to a limit each message names", () => {
    expect(SEO_SHOWN_LENGTHS).toEqual({
      metaTitle: 60,
      metaDescription: 160,
      socialTitle: 70,
      socialDescription: 200,
    });
    expect(errorsOf({ ...VALID, metaTitle: "x".repeat(SEO_LIMITS.metaTitle) })).toEqual({});
    expect(
      errorsOf({
        ...VALID,
        metaTitle: "x".repeat(SEO_LIMITS.metaTitle + 1),
        metaDescription: "x".repeat(SEO_LIMITS.metaDescription + 1),
        socialTitle: "x".repeat(SEO_LIMITS.socialTitle + 1),
        socialDescription: "x".repeat(SEO_LIMITS.socialDescription + 1),
        canonicalUrl: `https://example.com/${"x".repeat(2048)}`,
      }),
    ).toEqual({
      metaTitle: "Keep the meta title to 300 characters or fewer.",
      metaDescription: "Keep the meta description to 500 characters or fewer.",
      socialTitle: "Keep the social title to 300 characters or fewer.",
      socialDescription: "Keep the social description to 500 characters or fewer.",
      canonicalUrl: "Keep the canonical URL to 2,048 characters or fewer.",
    });
  });

  it("takes an http(s) canonical URL, and an uploaded or http(s) social image, never inline bytes", () => {
    for (const canonicalUrl of ["/blog/sky", "ftp://example.com/a", "javascript:alert(1)"]) {
      expect(errorsOf({ ...VALID, canonicalUrl }), canonicalUrl).toEqual({
        canonicalUrl: "Enter the canonical URL as an address starting with http:// or https://.",
      });
    }
    for (const socialImage of ["data:image/png;base64,AAAA", "../secret.png", "https://"]) {
      expect(errorsOf({ ...VALID, socialImage }), socialImage).toEqual({
        socialImage:
          "Upload a PNG or JPEG image, or paste an address starting with http:// or https://.",
      });
    }
    for (const socialImage of ["0123abcd.png", "https://cdn.example/card.jpg"]) {
      expect(errorsOf({ ...VALID, socialImage }), socialImage).toEqual({});
    }
  });

  it("says so when no-index is not true or false", () => {
    expect(errorsOf({ ...VALID, noIndex: "yes" })).toEqual({
      noIndex: "Choose whether search engines may list the post.",
    });
  });
});
