/** Values shared by the pages, the dashboard and the server. */

export const POST_CATEGORIES = ["news", "marketplace-content", "youtube"] as const;
export type PostCategory = (typeof POST_CATEGORIES)[number];

export const POST_STATUSES = ["draft", "published", "scheduled"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/**
 * The orders of the staff post list (`?sort=`): by title, or by one of the post's dates; a
 * leading `-` is descending. Posts without the date (a draft's publishedAt) come last either way.
 */
export const STAFF_POST_SORTS = [
  "title",
  "-title",
  "createdAt",
  "-createdAt",
  "updatedAt",
  "-updatedAt",
  "publishedAt",
  "-publishedAt",
  "scheduledAt",
  "-scheduledAt",
] as const;
export type StaffPostSort = (typeof STAFF_POST_SORTS)[number];
/** The staff post list's order when the address names none: newest first by creation. */
export const DEFAULT_STAFF_POST_SORT: StaffPostSort = "-createdAt";

/** What the staff post list's bulk call can do to the selected posts. */
export const BULK_POST_ACTIONS = ["publish", "unpublish", "delete"] as const;
export type BulkPostAction = (typeof BULK_POST_ACTIONS)[number];
/** Most posts one bulk call changes. */
export const MAX_BULK_POSTS = 100;

/**
 * What a post revision records (docs/decisions/008-editor-saves.md): a new post (create), a
 * manual save by the status it goes from and to (save: a draft saved as a draft; update: a
 * published or scheduled post saved as it is; publish; schedule; unpublish), an autosave, a
 * restored revision, and a tag renamed, merged or deleted in the Tags section.
 */
export const REVISION_KINDS = [
  "create",
  "save",
  "update",
  "publish",
  "schedule",
  "unpublish",
  "autosave",
  "restore",
  "tags",
] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

export const PACK_TYPES = [
  "world",
  "skin-pack",
  "texture-pack",
  "addon",
  "mashup",
  "resource-pack",
  "behavior-pack",
] as const;
export type PackType = (typeof PACK_TYPES)[number];

/**
 * The one name of each pack type on every screen (docs/product/content-model.md#pack-types): studio
 * cards and tabs, post pages, the editor and the dashboard. Read through packTypeLabel
 * (common/pack-types.ts), which also knows the studio's filter keys; any other value is shown raw.
 */
export const PACK_TYPE_LABELS: Record<string, string> = {
  world: "World/Map",
  "skin-pack": "Skin Pack",
  addon: "Add-On",
  "texture-pack": "Texture Pack",
  "resource-pack": "Resource Pack",
  "behavior-pack": "Behavior Pack",
  mashup: "Mashup Pack",
};
/** The studio's tabs: the pack types with a tab of their own, in the plural. */
export const PACK_TYPE_PLURAL_LABELS: Record<string, string> = {
  world: "Worlds",
  "skin-pack": "Skin Packs",
  addon: "Add-Ons",
};

/**
 * packType -> the studio page's filter key (docs/product/content-model.md#pack-types). Others pass
 * through raw.
 */
export const STUDIO_FILTER_KEYS: Record<string, string> = {
  world: "world",
  "skin-pack": "Skin Pack",
  addon: "Addon",
};

export const APP_CATEGORIES = [
  "Web Tool",
  "Tool",
  "Game",
  "Application",
  "Utility",
  "Social",
  "Education",
  "Entertainment",
] as const;
export const APP_RELATIONSHIPS = ["developed", "partner", "official-partner"] as const;
export const APP_STATUSES = ["released", "in-development", "beta", "banned"] as const;
export const APP_PLATFORMS = ["web", "ios", "android", "windows", "macos", "linux"] as const;
export type AppCategory = (typeof APP_CATEGORIES)[number];
export type AppRelationship = (typeof APP_RELATIONSHIPS)[number];
export type AppStatus = (typeof APP_STATUSES)[number];
export type AppPlatform = (typeof APP_PLATFORMS)[number];

/** Most rows a list call returns, whatever `limit` asks for. */
export const MAX_LIST_LIMIT = 1000;

/** Newsletter calls allowed per client address per window. */
export const NEWSLETTER_RATE_LIMIT = { limit: 10, windowMs: 15 * 60 * 1000 } as const;

/**
 * Image uploads (the editor's file input and POST /api/upload/image): PNG and JPEG only, judged
 * by content; at most 10 MB and 40 megapixels; stored with the longest side capped at 2400 px.
 */
export const UPLOAD_IMAGE_TYPES = ["image/png", "image/jpeg"] as const;
/**
 * For `<input type="file" accept>`: the types and the extensions (docs/product/editor.md#editor).
 */
export const UPLOAD_IMAGE_ACCEPT = "image/png,image/jpeg,.png,.jpg,.jpeg";
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_UPLOAD_PIXELS = 40_000_000;
export const MAX_IMAGE_SIDE = 2400;
/**
 * Why an image is refused, in the same words wherever it is judged: by the server's upload
 * pipeline, and by the dashboard's image field before it sends a file.
 */
export const UPLOAD_MESSAGES = {
  tooLarge: `The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Please choose a smaller one.`,
  tooManyPixels: `The image is larger than ${MAX_UPLOAD_PIXELS / 1_000_000} megapixels. Please choose a smaller one.`,
  wrongType: "Only PNG and JPEG images can be uploaded.",
  broken: "The image is damaged or incomplete and cannot be read. Please choose another file.",
} as const;
/** The multipart form field the image travels in. */
export const UPLOAD_IMAGE_FIELD = "image";
/** The featured image size the editor recommends (share previews). */
export const FEATURED_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** How long a new preview link works, in days (docs/product/editor.md#share-preview). */
export const PREVIEW_LINK_DAYS = [1, 7, 30] as const;
export type PreviewLinkDays = (typeof PREVIEW_LINK_DAYS)[number];
/** A preview link's lifetime when its maker chooses none. */
export const DEFAULT_PREVIEW_LINK_DAYS: PreviewLinkDays = 7;

/**
 * What every staff screen shows for a post without an author (none recorded, or their login was
 * deleted since): one wording everywhere (docs/product/content-model.md#people). The public page
 * shows no byline then.
 */
export const NO_AUTHOR_LABEL = "No author";
