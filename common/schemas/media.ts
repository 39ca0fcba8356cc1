import { z } from "#common/zod.ts";

/** The media library's orders (`GET /api/media?sort=`); `-` is the reverse. Newest first by default. */
export const MEDIA_SORTS = ["-createdAt", "createdAt", "name", "-name"] as const;
export type MediaSort = (typeof MEDIA_SORTS)[number];

/** The library's use filter: every item, those in use somewhere, those nothing uses. */
export const MEDIA_USE_FILTERS = ["all", "used", "unused"] as const;
export type MediaUseFilter = (typeof MEDIA_USE_FILTERS)[number];

export const MAX_ALT_TEXT_LENGTH = 300;
export const MAX_CAPTION_LENGTH = 500;
/** The clean-up's age limit: at least a day, at most ten years. */
export const MAX_CLEANUP_DAYS = 3650;
/** The most items one clean-up lists and deletes. */
export const MAX_CLEANUP_ITEMS = 500;

export const MEDIA_MESSAGES = {
  notFound: "That media item does not exist. It may have been deleted.",
  altTooLong: `Alt text can be at most ${MAX_ALT_TEXT_LENGTH} characters.`,
  captionTooLong: `A caption can be at most ${MAX_CAPTION_LENGTH} characters.`,
  inUse:
    "This image is in use. Confirm removing it from the places that use it, or replace it instead.",
  days: `Choose a number of days from 1 to ${MAX_CLEANUP_DAYS}.`,
  ids: `Choose from 1 to ${MAX_CLEANUP_ITEMS} media items.`,
} as const;

const altText = z
  .string({ error: MEDIA_MESSAGES.altTooLong })
  .trim()
  .max(MAX_ALT_TEXT_LENGTH, MEDIA_MESSAGES.altTooLong);
const caption = z
  .string({ error: MEDIA_MESSAGES.captionTooLong })
  .trim()
  .max(MAX_CAPTION_LENGTH, MEDIA_MESSAGES.captionTooLong);

/** `PATCH /api/media/{id}`: the description and the caption, each optional. */
export const MediaUpdateSchema = z.object({
  altText: altText.optional(),
  caption: caption.optional(),
});
export type MediaUpdateInput = z.infer<typeof MediaUpdateSchema>;

/** The text fields sent with an upload (multipart): both optional. */
export const MediaUploadFieldsSchema = z.object({
  alt: altText.default(""),
  caption: caption.default(""),
});

const days = z.coerce
  .number({ error: MEDIA_MESSAGES.days })
  .int(MEDIA_MESSAGES.days)
  .min(1, MEDIA_MESSAGES.days)
  .max(MAX_CLEANUP_DAYS, MEDIA_MESSAGES.days);

/** `GET /api/media/cleanup?olderThanDays=`. */
export const MediaCleanupQuerySchema = z.object({ olderThanDays: days });

/** `POST /api/media/cleanup`: the items the staff member confirmed, and the age they were listed by. */
export const MediaCleanupSchema = z.object({
  olderThanDays: days,
  ids: z
    .array(z.string().max(100), { error: MEDIA_MESSAGES.ids })
    .min(1, MEDIA_MESSAGES.ids)
    .max(MAX_CLEANUP_ITEMS, MEDIA_MESSAGES.ids),
});
