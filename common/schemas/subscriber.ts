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

/** What `POST /api/newsletter/subscribe` answers; the form shows it as it is. */
export const SUBSCRIBE_ANSWERS = {
  /** Double opt-in off: the address is on the list at once. */
  subscribed: "You've been successfully subscribed to our newsletter.",
  /**
   * Double opt-in (the default), the same for a new, a pending and an active address, so the
   * answer never tells who is on the list.
   */
  confirm:
    "Please check your inbox: unless this address is already confirmed, we've sent it a link to confirm your subscription.",
} as const;
