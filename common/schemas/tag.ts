import { fitsTagLength, MAX_TAG_LENGTH, normalizeTag } from "#common/tags.ts";
import { z } from "#common/zod.ts";

/** The most tags a suggestion list (`GET /api/tags?q=`) answers. */
export const TAG_SUGGESTION_LIMIT = 20;
/** The most tags one merge folds into another. */
export const MAX_MERGED_TAGS = 100;

const TAG_LENGTH_MESSAGE = `A tag can be at most ${MAX_TAG_LENGTH} characters long`;

/**
 * A tag name given to the Tags section's calls: the post form's rule for one tag (trimmed, at
 * most 50 characters, a leading `#` dropped), and not empty.
 */
export const TagNameSchema = z
  .string({ error: "Enter the tag's name" })
  .trim()
  .refine(fitsTagLength, TAG_LENGTH_MESSAGE)
  .transform(normalizeTag)
  .refine((tag) => tag !== "", "Enter the tag's name");

/** `PUT /api/tags/{tag}`: the tag's new name; an existing tag's name merges the two. */
export const RenameTagSchema = z.object({ name: TagNameSchema });
export type RenameTagInput = z.infer<typeof RenameTagSchema>;

const FROM_MESSAGE = `Choose from 1 to ${MAX_MERGED_TAGS} tags to merge`;

/** `POST /api/tags/merge`: the tags to fold into `into`, each named once. */
export const MergeTagsSchema = z.object({
  from: z
    .array(TagNameSchema, { error: FROM_MESSAGE })
    .min(1, FROM_MESSAGE)
    .max(MAX_MERGED_TAGS, FROM_MESSAGE)
    .refine((from) => new Set(from).size === from.length, "Name each tag to merge once"),
  into: TagNameSchema,
});
export type MergeTagsInput = z.infer<typeof MergeTagsSchema>;

/** `GET /api/tags?q=`: the tags whose name contains `q` (ignoring case), for suggestions. */
export const TagListQuerySchema = z.object({
  q: z
    .string({ error: "q must be text." })
    .refine(fitsTagLength, `q must be at most ${MAX_TAG_LENGTH} characters.`)
    .transform(normalizeTag)
    .optional(),
});
