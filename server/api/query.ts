import { z } from "zod";

/** `?limit=` on list calls: a positive whole number; larger than the cap is clamped later. */
export const ListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "limit must be a whole number of 1 or more." })
    .int("limit must be a whole number of 1 or more.")
    .positive("limit must be a whole number of 1 or more.")
    .optional(),
});
