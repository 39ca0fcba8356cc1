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

/** "Forgot password?": the address to mail a reset link to. */
export const ForgotPasswordInputSchema = z.object({
  email: z
    .string({ error: "Enter your email address." })
    .trim()
    .min(1, "Enter your email address.")
    .max(254, "Enter a valid email address, such as name@example.com.")
    .pipe(z.email("Enter a valid email address, such as name@example.com."))
    .transform((email) => email.toLowerCase()),
});

/** "My account": a new password, with the current one to prove it is really them. */
export const ChangePasswordInputSchema = z.object({
  currentPassword: z
    .string({ error: "Enter your current password." })
    .min(1, "Enter your current password.")
    .max(PASSWORD_MAX_LENGTH, "That is not your current password."),
  newPassword: PasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

/** What "My account" says when a password change is refused. */
export const CHANGE_PASSWORD_MESSAGES = {
  wrongCurrent: "Your current password is not right. Type it again.",
  noPassword:
    "Your account signs in through your organisation's identity provider, so it has no password here to change.",
  missing: "Type your current password and a new password.",
  changed: "Your password was changed. Your other sessions were signed out.",
} as const;

/** The "My account" form: the new password typed twice. */
export const ChangePasswordFormSchema = ChangePasswordInputSchema.extend({
  confirmPassword: z.string(),
}).refine((values) => values.confirmPassword === values.newPassword, {
  message: "The two new passwords do not match.",
  path: ["confirmPassword"],
});
export type ChangePasswordFormValues = z.input<typeof ChangePasswordFormSchema>;
