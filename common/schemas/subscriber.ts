import { z } from "#common/zod.ts";

/** The newsletter form: one address, trimmed and lower-cased before it is stored or compared. */
export const NewsletterInputSchema = z.object({
  email: z
    .string({ error: "Please enter a valid email address." })
    .trim()
    .max(254, "Please enter a valid email address.")
    .pipe(z.email("Please enter a valid email address."))
    .transform((email) => email.toLowerCase()),
});

export type NewsletterInput = z.infer<typeof NewsletterInputSchema>;
