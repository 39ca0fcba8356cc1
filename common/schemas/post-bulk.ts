import { BULK_POST_ACTIONS, MAX_BULK_POSTS } from "#common/constants.ts";
import { z } from "#common/zod.ts";

const IDS_MESSAGE = `ids must list from 1 to ${MAX_BULK_POSTS} posts by their id.`;

/**
 * `POST /api/posts/bulk` (docs/product/api.md#staff-calls): one action for the posts the staff list
 * has selected, each named once.
 */
export const BulkPostsSchema = z.object({
  action: z.enum(BULK_POST_ACTIONS, {
    error: `action must be one of: ${BULK_POST_ACTIONS.join(", ")}.`,
  }),
  ids: z
    .array(z.string({ error: IDS_MESSAGE }).min(1, IDS_MESSAGE).max(100, IDS_MESSAGE), {
      error: IDS_MESSAGE,
    })
    .min(1, IDS_MESSAGE)
    .max(MAX_BULK_POSTS, IDS_MESSAGE)
    .refine((ids) => new Set(ids).size === ids.length, "ids must name each post once."),
});
