import { z } from "#common/zod.ts";

/** Staff passwords: long enough to resist guessing, short enough to hash quickly. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_RULE = `Use at least ${PASSWORD_MIN_LENGTH} characters.`;

export const PasswordSchema = z
  .string({ error: PASSWORD_RULE })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_RULE)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`);

/** The sign-in form. Wrong credentials get one message that does not say which part was wrong. */
export const SignInInputSchema = z.object({
  email: z
    .string({ error: "Enter your email address." })
    .trim()
    .min(1, "Enter your email address.")
    .max(254, "Invalid email or password.")
    .transform((email) => email.toLowerCase()),
  password: z
    .string({ error: "Enter your password." })
    .min(1, "Enter your password.")
    .max(PASSWORD_MAX_LENGTH, "Invalid email or password."),
});
export type SignInInput = z.infer<typeof SignInInputSchema>;

/** Choosing a password from an invitation link. */
export const AcceptInvitationInputSchema = z.object({
  token: z.string({ error: "This invitation link is not valid." }).min(1).max(512),
  password: PasswordSchema,
});
export type AcceptInvitationInput = z.infer<typeof AcceptInvitationInputSchema>;

/** The message for wrong credentials, whichever part was wrong. */
export const INVALID_CREDENTIALS_MESSAGE = "Invalid email or password.";

/** What an unusable invitation link says, by reason. */
export const INVITATION_MESSAGES = {
  invalid:
    "This invitation link is not valid. Check that you copied all of it, or ask an admin for a new one.",
  used: "This invitation link has already been used. Sign in with the password you chose, or ask an admin for a new link.",
  expired: "This invitation link has expired. Ask an admin for a new one.",
} as const;
