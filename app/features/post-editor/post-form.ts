import type { UseFormReturn } from "react-hook-form";
import {
  PACK_TYPES,
  type PackType,
  POST_CATEGORIES,
  POST_STATUSES,
  type PostCategory,
  type PostStatus,
} from "#common/constants.ts";
import { packTypeOfFilterKey } from "#common/pack-types.ts";
import { instantToLocalDateTime } from "#common/scheduling.ts";
import { type PostFormValues, type PostInput, PostInputSchema } from "#common/schemas/post.ts";
import type { PortfolioItem } from "#common/types/portfolio-item.ts";
import type { Post } from "#common/types/post.ts";
import type { WorkingCopyValues } from "#common/types/post-revision.ts";
import { z } from "#common/zod.ts";
import { textToParagraphs } from "./youtube-fill.ts";

/**
 * What the editor form holds: every field as its input shows it ("" for empty), before the
 * shared schema (PostInputSchema) turns it into what is saved.
 */
export type PostEditorValues = {
  title: string;
  slug: string;
  /**
   * Whether the slug is the one made from the title (not typed by hand): the server then makes
   * it unique with a counter (docs/product/content-model.md#slugs).
   */
  slugFromTitle: boolean;
  content: string;
  excerpt: string;
  /** The status the server holds: the editor's actions, not the form, decide the next one. */
  status: PostStatus;
  category: PostCategory;
  packType: PackType | "";
  marketplaceUrl: string;
  youtubeUrl: string;
  featuredImage: string;
  featuredImageAlt: string;
  /** YYYY-MM-DD, as a date input gives it. */
  releaseDate: string;
  tags: string[];
  /** A wall-clock time in `timezone`, as a datetime-local input gives it (2027-03-14T09:00). */
  scheduledAt: string;
  timezone: string;
  /** Search and social settings ("" for the default, docs/product/editor.md#seo-and-social). */
  metaTitle: string;
  metaDescription: string;
  socialImage: string;
  socialTitle: string;
  socialDescription: string;
  canonicalUrl: string;
  noIndex: boolean;
};

/** The editor's form: what it holds, and the validated post it gives on submit. */
export type PostEditorForm = UseFormReturn<PostEditorValues, unknown, PostInput>;

/** The post or portfolio item being edited. */
export type EditingTarget = {
  id: string;
  type: "post" | "portfolio";
  /** When it was first published: from then on its slug no longer follows the title. */
  publishedAt: string | null;
  /**
   * Made a draft by this editor's own autosave while the person was creating it: their first
   * save by hand (Publish, Save Draft, Schedule) is still the post's creation, and says so.
   */
  madeByAutosave?: boolean;
};

/** Pack types that may show a trailer video (docs/product/content-model.md#pack-types). */
export const TRAILER_PACK_TYPES: readonly string[] = ["world", "addon"];

/** Whether the trailer / video URL field applies to a post of this category and pack type. */
export function showsVideoUrl(category: string, packType: string | null | undefined): boolean {
  return (
    category === "youtube" ||
    (category === "marketplace-content" && TRAILER_PACK_TYPES.includes(packType ?? ""))
  );
}

function isCategory(value: string): value is PostCategory {
  return (POST_CATEGORIES as readonly string[]).includes(value);
}

function isStatus(value: string): value is PostStatus {
  return (POST_STATUSES as readonly string[]).includes(value);
}

function isPackType(value: string): value is PackType {
  return (PACK_TYPES as readonly string[]).includes(value);
}

/** A category from the address (?category=youtube), or null when it names none. */
export function categoryFromParam(value: string | null): PostCategory | null {
  return value !== null && isCategory(value) ? value : null;
}

/** The form of a new post: a news draft unless `category` says otherwise. */
export function emptyPostForm(timezone: string, category: PostCategory = "news"): PostEditorValues {
  return {
    title: "",
    slug: "",
    slugFromTitle: true,
    content: "<p></p>",
    excerpt: "",
    status: "draft",
    category,
    packType: "",
    marketplaceUrl: "",
    youtubeUrl: "",
    featuredImage: "",
    featuredImageAlt: "",
    releaseDate: "",
    tags: [],
    scheduledAt: "",
    timezone,
    ...NO_SEO_VALUES,
  };
}

/** The search and social settings of a post that has none: every default applies. */
export const NO_SEO_VALUES = {
  metaTitle: "",
  metaDescription: "",
  socialImage: "",
  socialTitle: "",
  socialDescription: "",
  canonicalUrl: "",
  noIndex: false,
} satisfies Partial<PostEditorValues>;

/** The UTC calendar day of an instant, as a date input shows it ("" when there is none). */
function dayOf(instant: string | null | undefined): string {
  if (!instant) return "";
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? "" : date.toISOString().slice(0, 10);
}

/**
 * A saved post in the form. A scheduled time shows in the zone it was chosen in; posts without
 * one get `timezone` (the browser's).
 */
export function postToFormValues(post: Post, timezone: string): PostEditorValues {
  const zone = post.timezone ?? timezone;
  return {
    title: post.title,
    slug: post.slug,
    // A saved slug is the post's own until the title changes again.
    slugFromTitle: false,
    content: post.content || "<p></p>",
    excerpt: post.excerpt ?? "",
    status: isStatus(post.status) ? post.status : "draft",
    category: isCategory(post.category) ? post.category : "news",
    packType: post.packType && isPackType(post.packType) ? post.packType : "",
    marketplaceUrl: post.marketplaceUrl ?? "",
    youtubeUrl: post.youtubeUrl ?? "",
    featuredImage: post.featuredImage ?? "",
    featuredImageAlt: post.featuredImageAlt ?? "",
    releaseDate: dayOf(post.releaseDate),
    tags: [...post.tags],
    scheduledAt: post.scheduledAt ? instantToLocalDateTime(post.scheduledAt, zone) : "",
    timezone: zone,
    metaTitle: post.metaTitle ?? "",
    metaDescription: post.metaDescription ?? "",
    socialImage: post.socialImage ?? "",
    socialTitle: post.socialTitle ?? "",
    socialDescription: post.socialDescription ?? "",
    canonicalUrl: post.canonicalUrl ?? "",
    noIndex: post.noIndex ?? false,
  };
}

/**
 * A published or scheduled post with its unpublished changes (its working copy,
 * docs/decisions/008-editor-saves.md) in the form: the changes on top of the post's other fields.
 */
export function workingCopyToFormValues(
  post: Post,
  values: WorkingCopyValues,
  timezone: string,
): PostEditorValues {
  return postToFormValues({ ...post, ...values }, timezone);
}

/**
 * The portfolio view's pack types are the studio's filter keys
 * (docs/product/content-model.md#portfolio-items): the stored pack type behind one, else the value
 * itself when it is a pack type.
 */
export function packTypeFromPortfolio(value: string | null): PackType | "" {
  if (!value) return "";
  const packType = packTypeOfFilterKey(value) ?? value;
  return isPackType(packType) ? packType : "";
}

/**
 * A portfolio item (the portfolio view of a marketplace-content post) in the form:
 * shortDescription is the excerpt, launchDate the release date, marketplaceLink the
 * marketplace URL, imageUrl the featured image. The view carries the content only as plain
 * text; `post`, the same post read in full, gives back its formatted content and the fields the
 * view leaves out (video URL, image description, tags, schedule) when it could be read.
 */
export function portfolioItemToFormValues(
  item: PortfolioItem,
  timezone: string,
  post: Post | null = null,
): PostEditorValues {
  const full = post ? postToFormValues(post, timezone) : null;
  const status = isStatus(item.status) ? item.status : "draft";
  return {
    ...(full ?? emptyPostForm(timezone, "marketplace-content")),
    title: item.title,
    slug: item.slug,
    slugFromTitle: false,
    content: full?.content ?? (textToParagraphs(item.fullDescription) || "<p></p>"),
    excerpt: item.shortDescription ?? "",
    status: full?.status ?? status,
    category: "marketplace-content",
    packType: packTypeFromPortfolio(item.packType),
    marketplaceUrl: item.marketplaceUrl ?? item.marketplaceLink ?? "",
    featuredImage: item.featuredImage ?? item.imageUrl ?? "",
    releaseDate: dayOf(item.releaseDate ?? item.launchDate),
  };
}

/**
 * What the form validates and sends (docs/product/editor.md#editor): the fields that apply to the
 * post's category and status, and none of those that do not. A value left in a field the form no
 * longer shows (a marketplace URL typed before switching to news) is neither checked nor saved.
 */
export function toPostPayload(values: PostEditorValues): PostFormValues {
  const marketplace = values.category === "marketplace-content";
  const scheduled = values.status === "scheduled";
  return {
    title: values.title,
    slug: values.slug,
    slugFromTitle: values.slugFromTitle,
    content: values.content,
    excerpt: values.excerpt,
    status: values.status,
    category: values.category,
    ...(marketplace
      ? {
          packType: values.packType,
          marketplaceUrl: values.marketplaceUrl,
          releaseDate: values.releaseDate,
        }
      : {}),
    youtubeUrl: showsVideoUrl(values.category, values.packType) ? values.youtubeUrl : null,
    featuredImage: values.featuredImage,
    featuredImageAlt: values.featuredImage ? values.featuredImageAlt : null,
    tags: values.tags,
    scheduledAt: scheduled ? values.scheduledAt : null,
    // The zone chosen in Post Settings is kept whatever the status: a draft scheduled later
    // starts from it (docs/product/content-model.md#scheduling).
    timezone: values.timezone,
    metaTitle: values.metaTitle,
    metaDescription: values.metaDescription,
    socialImage: values.socialImage,
    socialTitle: values.socialTitle,
    socialDescription: values.socialDescription,
    canonicalUrl: values.canonicalUrl,
    noIndex: values.noIndex,
  };
}

/**
 * The editor's schema: the form narrowed to what would be sent (toPostPayload), then checked by
 * the schema the server uses, so a field the post's category or status does not use is neither
 * checked nor saved, and every message is the server's own.
 */
export const PostEditorSchema = z
  .custom<PostEditorValues>()
  .transform(toPostPayload)
  .pipe(PostInputSchema);

/** The validated post as sent: marketplace fields only for marketplace content. */
export function toRequestBody(input: PostInput): Partial<PostInput> {
  if (input.category === "marketplace-content") return input;
  const { packType: _packType, marketplaceUrl: _url, releaseDate: _date, ...rest } = input;
  return rest;
}

/** Tags typed as one line: separated by commas, each without a leading "#". */
export function parseTags(text: string): string[] {
  return text
    .split(",")
    .map((tag) => tag.trim().replace(/^#+/, "").trim())
    .filter(Boolean);
}

/** What the address asks the Create section to do (docs/product/editor.md#editor). */
export type CreateRequest = {
  /** The post or portfolio item to edit; null for a new post. */
  id: string | null;
  type: "post" | "portfolio";
  /** A new post's category (?category=youtube from the YouTube Videos section). */
  category: PostCategory | null;
};

export function readCreateRequest(params: URLSearchParams): CreateRequest {
  const id = params.get("id")?.trim() || null;
  return {
    id,
    type: params.get("type") === "portfolio" ? "portfolio" : "post",
    category: categoryFromParam(params.get("category")),
  };
}
