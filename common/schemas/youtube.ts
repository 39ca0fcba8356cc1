import { parseYouTubeId } from "#common/youtube.ts";
import { z } from "#common/zod.ts";

export const YOUTUBE_URL_RULE =
  "Enter the address of a YouTube video (youtube.com/watch?v=…, youtu.be/…, /embed/, /v/ or /shorts/)";

/**
 * `POST /api/youtube/info`: the address of one YouTube video. Its 11-character id is all the
 * server uses; the address itself is never fetched.
 */
export const YouTubeInfoInputSchema = z.object({
  url: z
    .string({ error: YOUTUBE_URL_RULE })
    .trim()
    .min(1, YOUTUBE_URL_RULE)
    .max(2048, YOUTUBE_URL_RULE)
    .refine((url) => parseYouTubeId(url) !== null, YOUTUBE_URL_RULE)
    .transform((url) => parseYouTubeId(url) as string),
});

/** The video id parsed from the address. */
export type YouTubeInfoInput = z.output<typeof YouTubeInfoInputSchema>;
