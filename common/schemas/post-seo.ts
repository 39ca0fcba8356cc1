import {
  isHttpUrl,
  isUploadName,
  MAX_URL_LENGTH,
  optionalText,
} from "#common/schemas/field-rules.ts";
import { z } from "#common/zod.ts";

// A post's search and social settings (docs/product/editor.md#seo-and-social). Each is optional:
// empty means the default the post gives (common/post-seo.ts works them out).

/**
 * How much of each text search engines and share cards show: the editor counts against these
 * and its previews cut there. Longer texts are allowed (up to SEO_LIMITS) but get cut.
 */
export const SEO_SHOWN_LENGTHS = {
  metaTitle: 60,
  metaDescription: 160,
  socialTitle: 70,
  socialDescription: 200,
} as const;

/** The longest each text may be. */
export const SEO_LIMITS = {
  metaTitle: 300,
  metaDescription: 500,
  socialTitle: 300,
  socialDescription: 500,
  canonicalUrl: MAX_URL_LENGTH,
} as const;

export const SEO_MESSAGES = {
  canonicalUrl: "Enter the canonical URL as an address starting with http:// or https://.",
  socialImage: "Upload a PNG or JPEG image, or paste an address starting with http:// or https://.",
  noIndex: "Choose whether search engines may list the post.",
} as const;

function isSocialImageValue(value: string): boolean {
  if (/^https?:/i.test(value)) return isHttpUrl(value) && value.length <= SEO_LIMITS.canonicalUrl;
  return isUploadName(value);
}

/**
 * The settings' rules, part of the post form (postFields in post.ts). The social image is an
 * uploaded file (its name or /uploads/ path) or an http(s) address, never inline bytes.
 */
export function seoFields() {
  return {
    metaTitle: optionalText(SEO_LIMITS.metaTitle, "meta title"),
    metaDescription: optionalText(SEO_LIMITS.metaDescription, "meta description"),
    socialImage: z
      .string({ error: SEO_MESSAGES.socialImage })
      .trim()
      .refine((value) => value === "" || isSocialImageValue(value), SEO_MESSAGES.socialImage)
      .nullish()
      .transform((value) => value || null),
    socialTitle: optionalText(SEO_LIMITS.socialTitle, "social title"),
    socialDescription: optionalText(SEO_LIMITS.socialDescription, "social description"),
    canonicalUrl: z
      .string({ error: SEO_MESSAGES.canonicalUrl })
      .trim()
      .max(
        SEO_LIMITS.canonicalUrl,
        `Keep the canonical URL to ${SEO_LIMITS.canonicalUrl.toLocaleString("en-US")} characters or fewer.`,
      )
      .refine((value) => value === "" || isHttpUrl(value), SEO_MESSAGES.canonicalUrl)
      .nullish()
      .transform((value) => value || null),
    noIndex: z
      .boolean({ error: SEO_MESSAGES.noIndex })
      .nullish()
      .transform((value) => value ?? false),
  };
}

/** The settings as stored and sent: null where the default applies. */
export type PostSeoFields = {
  metaTitle: string | null;
  metaDescription: string | null;
  socialImage: string | null;
  socialTitle: string | null;
  socialDescription: string | null;
  canonicalUrl: string | null;
  noIndex: boolean;
};

/** A post without settings of its own: every default applies. */
export const DEFAULT_SEO_FIELDS: PostSeoFields = Object.freeze({
  metaTitle: null,
  metaDescription: null,
  socialImage: null,
  socialTitle: null,
  socialDescription: null,
  canonicalUrl: null,
  noIndex: false,
});

/** The settings' names, in the order the editor shows them. */
export const SEO_FIELD_NAMES = [
  "metaTitle",
  "metaDescription",
  "socialImage",
  "socialTitle",
  "socialDescription",
  "canonicalUrl",
  "noIndex",
] as const satisfies readonly (keyof PostSeoFields)[];
