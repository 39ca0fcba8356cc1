import { DEFAULT_PREVIEW_LINK_DAYS, PREVIEW_LINK_DAYS } from "#common/constants.ts";
import { z } from "#common/zod.ts";

const DAYS_MESSAGE = `Choose how long the link works: ${PREVIEW_LINK_DAYS.join(", ")} days`;

/** `POST /api/posts/{id}/preview-links`: how many days the new link works (7 unless given). */
export const PreviewLinkInputSchema = z.object({
  expiresInDays: z
    .literal(PREVIEW_LINK_DAYS, { error: DAYS_MESSAGE })
    .default(DEFAULT_PREVIEW_LINK_DAYS),
});
export type PreviewLinkInput = z.infer<typeof PreviewLinkInputSchema>;
