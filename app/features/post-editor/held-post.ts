import type { PostStatus } from "#common/constants.ts";
import type { Post } from "#common/types/post.ts";
import type { PostEditorValues } from "./post-form.ts";

/**
 * What the server holds for the post in the editor: its status and schedule as the public sees
 * them, and its fields as the form shows them. The editor compares the form with `values` to know
 * whether anything is unsaved, and shows `status`, never a status picked before a save succeeded.
 * Every successful save (and, later, every autosave) replaces it with the server's answer.
 */
export type HeldPost = {
  /** null for a post the server does not have yet. */
  id: string | null;
  /** The status the public sees: a scheduled post whose time has come counts as published. */
  status: PostStatus | null;
  /** The public address's slug, as saved. */
  slug: string | null;
  /** The stored instant a scheduled post goes live. */
  scheduledAt: string | null;
  /** The zone the schedule was chosen in. */
  timezone: string | null;
  publishedAt: string | null;
  /** When the server last saved it; a local copy notes which version it was made from. */
  updatedAt: string | null;
  /** The post's version: every save names it (docs/decisions/008-editor-saves.md). */
  version: number | null;
  /**
   * A published or scheduled post's unpublished changes kept by the server (its working copy):
   * then `values` are those changes, not what the public sees.
   */
  workingCopy: { savedAt: string; savedBy: string | null } | null;
  /** Whether the post's newsletter goes out when it goes live (content-model.md#newsletter-with-the-post). */
  newsletterOnPublish: boolean;
  /** What the server holds for the form: the post's fields, or its working copy's. */
  values: PostEditorValues;
};

/**
 * Whether the server keeps changes to a public post that the public does not see until Update
 * (its working copy). A post scheduled for later has none: its edits are saved into it.
 */
export function changesNotLive(held: HeldPost): boolean {
  return held.status === "published" && held.workingCopy !== null;
}

/** A post not saved yet: nothing is held but the empty form it starts from. */
export function heldForNewPost(values: PostEditorValues): HeldPost {
  return {
    id: null,
    status: null,
    slug: null,
    scheduledAt: null,
    timezone: null,
    publishedAt: null,
    updatedAt: null,
    version: null,
    workingCopy: null,
    newsletterOnPublish: false,
    values,
  };
}

/** The post as the server answered it, with the form values made from it. */
export function heldFromPost(
  post: Pick<
    Post,
    "id" | "status" | "slug" | "scheduledAt" | "timezone" | "publishedAt" | "updatedAt"
  > & { version?: number | undefined; newsletterOnPublish?: boolean | undefined },
  values: PostEditorValues,
  now: Date = new Date(),
  workingCopy: HeldPost["workingCopy"] = null,
): HeldPost {
  return {
    id: post.id,
    status: effectiveStatus(post.status, post.scheduledAt, now),
    slug: post.slug,
    scheduledAt: post.scheduledAt,
    timezone: post.timezone,
    publishedAt: post.publishedAt,
    updatedAt: post.updatedAt,
    version: post.version ?? null,
    workingCopy,
    newsletterOnPublish: post.newsletterOnPublish === true,
    values,
  };
}

/**
 * docs/product/content-model.md#statuses-and-visibility: a scheduled post whose time has come is
 * public, so the editor treats it as published even before the server's sweep writes that down.
 */
export function effectiveStatus(
  status: string,
  scheduledAt: string | null,
  now: Date = new Date(),
): PostStatus {
  if (status === "published") return "published";
  if (status === "scheduled") {
    const at = scheduledAt ? Date.parse(scheduledAt) : Number.NaN;
    return !Number.isNaN(at) && at <= now.getTime() ? "published" : "scheduled";
  }
  return "draft";
}

/** The fields a person edits; the status is never one of them (the actions set it). */
const EDITED_FIELDS = [
  "title",
  "slug",
  "content",
  "excerpt",
  "category",
  "packType",
  "marketplaceUrl",
  "youtubeUrl",
  "featuredImage",
  "featuredImageAlt",
  "releaseDate",
  "scheduledAt",
  "timezone",
  "metaTitle",
  "metaDescription",
  "socialImage",
  "socialTitle",
  "socialDescription",
  "canonicalUrl",
  "noIndex",
] as const satisfies readonly (keyof PostEditorValues)[];

/** Whether two forms hold the same post, field by field (the status aside). */
export function sameEditorValues(a: PostEditorValues, b: PostEditorValues): boolean {
  if (EDITED_FIELDS.some((field) => a[field] !== b[field])) return false;
  return a.tags.length === b.tags.length && a.tags.every((tag, index) => tag === b.tags[index]);
}

/**
 * The values the server holds after a save that sent `values`: an image sent inline (a data:
 * URL) is stored as a file, whose name the server answered.
 */
export function withStoredImage(
  values: PostEditorValues,
  storedImage: string | null,
): PostEditorValues {
  if (!values.featuredImage.startsWith("data:") || !storedImage) return values;
  return { ...values, featuredImage: storedImage };
}
