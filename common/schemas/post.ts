import { MAX_UPLOAD_BYTES, PACK_TYPES, POST_CATEGORIES, POST_STATUSES } from "#common/constants.ts";
import { isEmptyDocument } from "#common/editor/empty-document.ts";
import {
  canonicalTimeZone,
  isValidInstant,
  isValidLocalDateTime,
  LOCAL_DATE_TIME,
} from "#common/scheduling.ts";
import {
  isHttpUrl,
  isUploadName,
  MAX_URL_LENGTH,
  optionalText,
  optionalUrl,
} from "#common/schemas/field-rules.ts";
import { seoFields } from "#common/schemas/post-seo.ts";
import { fitsTagLength, MAX_TAG_LENGTH, normalizeTag } from "#common/tags.ts";
import { z } from "#common/zod.ts";

/** Length limits of the post form; the messages below name them. */
export const POST_LIMITS = {
  title: 200,
  slug: 200,
  excerpt: 500,
  /** Characters of HTML. */
  content: 200_000,
  featuredImageAlt: 300,
  url: MAX_URL_LENGTH,
  tag: MAX_TAG_LENGTH,
  tags: 20,
} as const;

/** The longest `data:` URL a featured image may arrive as: an image of MAX_UPLOAD_BYTES, base64. */
export const MAX_FEATURED_IMAGE_DATA_URL_LENGTH = 32 + Math.ceil(MAX_UPLOAD_BYTES / 3) * 4;

/** Lower-case letters (any script), digits and single inner hyphens, as the editor makes them. */
const SLUG = /^[\p{L}\p{M}\p{N}]+(?:-[\p{L}\p{M}\p{N}]+)*$/u;
export const SLUG_RULE =
  "Slug can only use letters, numbers and single hyphens, with no hyphen at either end";

/** A PNG or JPEG image inlined as base64, e.g. the YouTube thumbnail the lookup fills in. */
export const IMAGE_DATA_URL = /^data:image\/(png|jpeg|jpg);base64,([A-Za-z0-9+/=\s]+)$/i;
function isFeaturedImageValue(value: string): boolean {
  if (value.startsWith("data:")) return IMAGE_DATA_URL.test(value);
  if (/^https?:/i.test(value)) return isHttpUrl(value);
  return isUploadName(value);
}

/**
 * The post form's messages that are not about one length or a missing field: each says in
 * plain words what to do, never a stored value (docs/product/editor.md#post-form).
 */
export const POST_MESSAGES = {
  status: "Choose whether the post is a draft, published or scheduled.",
  category: "Choose a category: News, Marketplace Content or YouTube.",
  packType: "Choose a pack type from the list.",
  featuredImage:
    "Upload a PNG or JPEG image, or paste an address starting with http:// or https://.",
  releaseDate: "Enter a real release date, or leave it empty.",
  tags: "Write the tags as words separated by commas.",
} as const;

export const NEWSLETTER_ON_PUBLISH_RULE =
  "Only a post scheduled for later can e-mail subscribers when it goes live. To send it now, use Publish and e-mail subscribers.";

const TIME_FIELDS = new Set<PropertyKey>(["status", "scheduledAt", "timezone"]);

/**
 * The post editor's form and `POST` / `PUT /api/posts` (docs/product/editor.md#post-form). The same
 * schema validates in the browser and again on the server, so both give the same messages.
 * Unknown fields are dropped. Output notes:
 * - `scheduledAt` stays as sent: a wall-clock time ("2027-03-14T09:00", meant in `timezone`) or
 *   an ISO instant with Z or an offset. The server turns it into the UTC instant it stores.
 * - `releaseDate` is an ISO instant ("2027-03-14" becomes midnight UTC of that day).
 * - `featuredImage` is a PNG/JPEG `data:` URL, an http(s) URL, or an uploaded file's name (with
 *   or without /uploads/); the server stores data: images as upload files.
 * - `slugFromTitle` is false unless sent as true: the slug then follows the title until the post
 *   is first published, and the server makes it unique with a counter.
 * - Fields that do not apply are kept here and cleared by the server (packType, marketplaceUrl
 *   and releaseDate outside marketplace-content; scheduledAt unless scheduled). The time zone
 *   is kept for every status: it is the post's setting, not only its schedule's.
 */
export const PostInputSchema = postFields()
  // Checked even when other fields are wrong, so the form shows every problem at once; only
  // the fields they read must be valid.
  .refine((post) => post.status !== "scheduled" || post.scheduledAt !== null, {
    path: ["scheduledAt"],
    message: "Please select a date and time",
    when: (payload) => payload.issues.every((issue) => !TIME_FIELDS.has(issue.path?.[0] ?? "")),
  })
  .refine(
    (post) =>
      post.status !== "scheduled" ||
      post.scheduledAt === null ||
      !LOCAL_DATE_TIME.test(post.scheduledAt) ||
      post.timezone !== null,
    {
      path: ["timezone"],
      message: "Please select a time zone",
      when: (payload) => payload.issues.every((issue) => !TIME_FIELDS.has(issue.path?.[0] ?? "")),
    },
  )
  .refine((post) => post.newsletterOnPublish !== true || post.status === "scheduled", {
    path: ["newsletterOnPublish"],
    message: NEWSLETTER_ON_PUBLISH_RULE,
    when: (payload) => payload.issues.every((issue) => issue.path?.[0] !== "status"),
  });

/**
 * Every field of the post form with its own rule, before the rules that read several fields
 * (PostInputSchema adds those); the autosave's lenient schema (post-autosave.ts) starts here.
 */
export function postFields() {
  return z.object({
    title: z
      .string({ error: "Title is required" })
      .trim()
      .min(1, "Title is required")
      .max(POST_LIMITS.title, `Keep the title to ${POST_LIMITS.title} characters or fewer.`),
    slug: z
      .string({ error: "Slug is required" })
      .trim()
      .min(1, "Slug is required")
      .max(POST_LIMITS.slug, `Keep the slug to ${POST_LIMITS.slug} characters or fewer.`)
      .transform((slug) => slug.toLowerCase())
      .refine((slug) => slug === "" || SLUG.test(slug), SLUG_RULE),
    // True while the editor's slug follows the title: the server then stores the title's slug,
    // with a counter when another post has it, instead of answering 409 (content-model.md#slugs).
    slugFromTitle: z
      .boolean({ error: "Send slugFromTitle as true or false." })
      .nullish()
      .transform((value) => value === true),
    // A post scheduled for later may e-mail its subscribers when it goes live (true) or not
    // (false); left out, the post's plan stays as it is (content-model.md#newsletter-with-the-post).
    newsletterOnPublish: z
      .boolean({ error: "Send newsletterOnPublish as true or false." })
      .optional(),
    content: z
      .string({ error: "Content is required" })
      .max(
        POST_LIMITS.content,
        `Keep the content to ${POST_LIMITS.content.toLocaleString("en-US")} characters or fewer.`,
      )
      .refine((html) => !isEmptyDocument(html), "Content is required"),
    excerpt: optionalText(POST_LIMITS.excerpt, "excerpt"),
    status: z.enum(POST_STATUSES, { error: POST_MESSAGES.status }).default("draft"),
    category: z.enum(POST_CATEGORIES, { error: POST_MESSAGES.category }).default("news"),
    packType: z
      .union([z.enum(PACK_TYPES), z.literal("")], {
        error: POST_MESSAGES.packType,
      })
      .nullish()
      .transform((value) => value || null),
    marketplaceUrl: optionalUrl("marketplace link"),
    youtubeUrl: optionalUrl("YouTube link"),
    featuredImage: z
      .string({ error: POST_MESSAGES.featuredImage })
      .trim()
      .max(
        MAX_FEATURED_IMAGE_DATA_URL_LENGTH,
        `The featured image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`,
      )
      .refine((value) => value === "" || isFeaturedImageValue(value), POST_MESSAGES.featuredImage)
      .nullish()
      .transform((value) => value || null),
    featuredImageAlt: optionalText(POST_LIMITS.featuredImageAlt, "image description"),
    releaseDate: z
      .string({ error: POST_MESSAGES.releaseDate })
      .trim()
      .refine(
        (value) =>
          value === "" ||
          (/^\d{4}-\d{2}-\d{2}$/.test(value)
            ? isValidLocalDateTime(`${value}T00:00`)
            : isValidInstant(value)),
        POST_MESSAGES.releaseDate,
      )
      .nullish()
      .transform((value) => {
        if (!value) return null;
        const instant = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value;
        return new Date(instant).toISOString();
      }),
    tags: z
      .array(
        z
          .string({ error: POST_MESSAGES.tags })
          .trim()
          .refine(fitsTagLength, `Keep each tag to ${POST_LIMITS.tag} characters or fewer.`),
        { error: POST_MESSAGES.tags },
      )
      .max(POST_LIMITS.tags, `Use at most ${POST_LIMITS.tags} tags`)
      .default([])
      .transform((tags) => {
        // The page shows each tag with '#': "#worlds" typed by hand would show twice.
        const cleaned = tags.map(normalizeTag).filter(Boolean);
        return [...new Set(cleaned)];
      }),
    scheduledAt: z
      .string({ error: "Please select a valid date and time" })
      .trim()
      .refine(
        (value) => value === "" || isValidLocalDateTime(value) || isValidInstant(value),
        "Please select a valid date and time",
      )
      .nullish()
      .transform((value) => value || null),
    timezone: z
      .string({ error: "Please choose a time zone from the list" })
      .trim()
      .refine(
        (value) => value === "" || canonicalTimeZone(value) !== null,
        "Please choose a time zone from the list",
      )
      .nullish()
      .transform((value) => (value ? canonicalTimeZone(value) : null)),
    ...seoFields(),
  });
}

/** A validated post, as the server saves it. */
export type PostInput = z.output<typeof PostInputSchema>;
/** What the editor form holds before validation (defaults may be left out). */
export type PostFormValues = z.input<typeof PostInputSchema>;
